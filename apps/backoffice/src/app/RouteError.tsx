import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

/**
 * What a screen shows when it cannot render: most often a feature chunk that failed to load
 * after a deployment or on a bad connection ("Loading chunk N failed"), where a reload helps.
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section aria-labelledby="route-error-title">
      <title>Chyba – Back-office</title>
      <h1 id="route-error-title">{notFound ? 'Stránka neexistuje' : 'Stránku se nepodařilo zobrazit'}</h1>
      <div className="card" role="alert">
        <p>
          {notFound
            ? 'Adresa neodpovídá žádné obrazovce back-office.'
            : 'Část aplikace se nepodařilo načíst. Zkontrolujte připojení a načtěte stránku znovu.'}
        </p>
        <p className="page-header__actions">
          {!notFound && (
            <button type="button" className="button" onClick={() => window.location.reload()}>
              Načíst znovu
            </button>
          )}
          <Link to="/">Zpět na přehled</Link>
        </p>
      </div>
    </section>
  );
}
