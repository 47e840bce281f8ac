import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { ApplicationProvider, useApplication } from '../shared/application/ApplicationProvider';
import { guardRedirect, paths } from '../shared/application/logic';
import { NavigatedContext } from '../shared/ui/PageHeading';
import { SkipLink, Toasts } from '@lending/ui';
import { toasts } from '../shared/toast';
import { ErrorBoundary } from './ErrorBoundary';
import { Footer } from './Footer';
import { loadWithRetry } from './lazy';
import { preloadNextPage } from './pages';

// Only applicants who got this far need these: they stay out of the first load.
const SummaryPanel = lazy(() => loadWithRetry(() => import('../shared/application/SummaryPanel')));
const OfferDialogs = lazy(() => loadWithRetry(() => import('../shared/application/OfferDialogs')));

function Loading() {
  return (
    <p className="loading" role="status">
      Načítám…
    </p>
  );
}

function ResetButton() {
  const { token, reset } = useApplication();
  const { pathname } = useLocation();
  if (!token && pathname === paths.crossroad) return null;
  return (
    <p className="reset">
      <button type="button" className="link-button" onClick={reset}>
        {token ? 'Nejste to vy? Zadejte své údaje' : 'Potřebuji novou žádost'}
      </button>
    </p>
  );
}

function Content() {
  const application = useApplication();
  const { pathname } = useLocation();
  useEffect(() => preloadNextPage(pathname), [pathname]);
  if (!application.ready) return <Loading />;

  const redirect = guardRedirect(pathname, { token: application.token, state: application.form?.state ?? null });
  if (redirect) return <Navigate to={redirect} replace />;

  const data = application.form?.data;
  const hasPerson = Boolean(data?.first_name || data?.last_name);
  const hasOffer = Boolean(application.offerDraft || application.irregularOfferDraft || application.acceptedOffer);
  return (
    <div className={hasPerson ? 'layout layout--with-summary' : 'layout'}>
      <div className="layout__content">
        <ErrorBoundary resetKey={pathname}>
          {/* A new boundary per page: while the next page's chunk loads, the applicant sees
              "Načítám…" at once instead of the page they just left (navigations run in a
              transition, which keeps an already shown boundary on screen). */}
          <Suspense key={pathname} fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
        <ResetButton />
      </div>
      {hasPerson && (
        <Suspense fallback={null}>
          <SummaryPanel />
        </Suspense>
      )}
      {hasOffer && application.form && (
        <Suspense fallback={null}>
          <OfferDialogs />
        </Suspense>
      )}
    </div>
  );
}

function Shell() {
  const { pathname } = useLocation();
  // The spec shows the title and description in the header on the Crossroad only.
  const isCrossroad = pathname === paths.crossroad;
  // Once the applicant has moved on from the page they opened, each new page's h1 takes focus.
  const [firstPath] = useState(pathname);
  const [navigated, setNavigated] = useState(false);
  if (!navigated && pathname !== firstPath) setNavigated(true);

  return (
    <div className="page">
      <SkipLink />
      <header className="site-header">
        <div className="container site-header__bar">
          <Link to="/" className="brand" title="Na úvodní stránku">
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
              Vyplňte nezávaznou žádost online za pár minut. Ozveme se Vám s nabídkou šitou na míru.
            </p>
          </div>
        )}
      </header>
      <main id="main" className="container main" tabIndex={-1}>
        <NavigatedContext.Provider value={navigated}>
          <Content />
        </NavigatedContext.Provider>
      </main>
      <Footer />
      <Toasts store={toasts} />
    </div>
  );
}

export function Layout() {
  return (
    <ApplicationProvider>
      <Shell />
    </ApplicationProvider>
  );
}
