import { Link, Outlet, useLocation } from 'react-router-dom';
import { Footer } from './Footer';

export function Layout() {
  // The spec shows the title and description in the header on the Crossroad only.
  const isCrossroad = useLocation().pathname === '/';

  return (
    <div className="page">
      <a className="skip-link" href="#main">
        Přeskočit na obsah
      </a>
      <header className="site-header">
        <div className="container site-header__bar">
          <Link to="/" className="brand" aria-label="Na úvodní stránku">
            <span className="brand__mark" aria-hidden="true">
              P
            </span>
            <span className="brand__name">Půjčka online</span>
          </Link>
        </div>
        {isCrossroad && (
          <div className="container site-header__intro">
            <h1 className="site-header__title">Půjčka bez zbytečných starostí</h1>
            <p className="site-header__description">
              Vyplňte nezávaznou žádost online za pár minut. Ozveme se vám s nabídkou šitou na míru.
            </p>
          </div>
        )}
      </header>
      <main id="main" className="container main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
