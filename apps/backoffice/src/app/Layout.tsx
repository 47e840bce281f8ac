import { NavLink, Outlet } from 'react-router-dom';
import { CurrentUserBar } from '../features/auth';

export function Layout() {
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Přeskočit na obsah
      </a>
      <header className="topbar">
        <div className="topbar__inner">
          <span className="topbar__brand">Back-office</span>
          <nav aria-label="Hlavní navigace" className="topbar__nav">
            <NavLink to="/" end>
              Přehled
            </NavLink>
          </nav>
          <CurrentUserBar />
        </div>
      </header>
      <main id="main" className="content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
