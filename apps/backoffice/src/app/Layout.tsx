import { useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { CurrentUserBar } from '../features/auth';
// The count only, not the approvals feature's index: its screen stays a lazy chunk.
import { useActionableApprovalsCount } from '../features/approvals/nav-count';
import { SkipLink, Toasts } from '@lending/ui';
import { toasts } from '../shared/toast';
import { useMay } from '../shared/current-user';
import { GlobalSearch } from './GlobalSearch';

export function Layout() {
  const { pathname } = useLocation();
  const administers = useMay('administration');
  const reads = useMay('staff.read');
  const toApprove = useActionableApprovalsCount();
  const mainRef = useRef<HTMLElement>(null);
  const previousPath = useRef(pathname);
  // On a narrow screen the navigation folds behind a button (no page scrolls sideways at 390 px).
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    // A new screen: put keyboard and screen-reader users at its start, as a page load would.
    // Changes of the query only (filters, paging) keep focus where it is.
    if (previousPath.current !== pathname) {
      previousPath.current = pathname;
      mainRef.current?.focus();
    }
  }, [pathname]);

  return (
    <div className="shell">
      <SkipLink />
      <header className="topbar">
        <div className="topbar__inner">
          <span className="topbar__brand">Back-office</span>
          <button type="button" className="topbar__menu-button" aria-expanded={menuOpen} aria-controls="main-navigation" onClick={() => setMenuOpen((open) => !open)}>
            Menu
          </button>
          <nav id="main-navigation" aria-label="Hlavní navigace" className="topbar__nav" data-open={menuOpen}>
            <NavLink to="/" end>
              Přehled
            </NavLink>
            <NavLink to="/leads">Žádosti</NavLink>
            <NavLink to="/persons">Osoby</NavLink>
            <NavLink to="/deals">Obchody</NavLink>
            <NavLink to="/payments">Platby</NavLink>
            <NavLink to="/realties">Nemovitosti</NavLink>
            <NavLink to="/title-deeds">Listy vlastnictví</NavLink>
            {reads && <NavLink to="/collections">Vymáhání</NavLink>}
            {reads && <NavLink to="/notifications">Odeslané zprávy</NavLink>}
            <NavLink to="/close-of-business">Uzávěrka dne</NavLink>
            <NavLink to="/reports">Reporty</NavLink>
            <NavLink to="/approvals">{toApprove ? `Ke schválení (${toApprove})` : 'Ke schválení'}</NavLink>
            {administers && <NavLink to="/roles">Role a oprávnění</NavLink>}
          </nav>
          <GlobalSearch />
          <CurrentUserBar />
        </div>
      </header>
      <main id="main" ref={mainRef} className="content" tabIndex={-1}>
        <Outlet />
      </main>
      <Toasts store={toasts} dismissible />
    </div>
  );
}
