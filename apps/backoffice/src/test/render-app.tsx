import { permissionsOf, type CurrentUser, type StaffRole } from '@lending/contracts';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { AppProviders } from '../app/providers';
import { routes } from '../app/routes';
import { setTokens } from '../shared/session';

export function staffUser(role: StaffRole = 'UNDERWRITER'): CurrentUser {
  return { id: 7, email: 'jana.dvorakova@demo.cz', role, role_label: role === 'VIEWER' ? 'Pouze pro čtení' : 'Schvalovatel úvěrů', first_name: 'Jana', last_name: 'Dvořáková', permissions: permissionsOf(role) };
}

/** Handler of GET /auth/me/ (the layout asks who is signed in). */
export function meHandler(role: StaffRole = 'UNDERWRITER') {
  return { 'GET /api/v1/auth/me/': () => ({ status: 200, body: staffUser(role) }) };
}

/**
 * The whole app (routes, layout, providers) at `path`, signed in unless told otherwise, with
 * a fresh SWR cache. Returns the router to assert locations (path and query).
 */
export function renderApp(path: string, { signedIn = true }: { signedIn?: boolean } = {}) {
  if (signedIn) setTokens({ access: 'access-token', refresh: 'refresh-token' });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <RouterProvider router={router} />
      </SWRConfig>
    </AppProviders>,
  );
  return { router, ...view };
}

/** The path and query the router shows, e.g. "/leads?state=NEW". */
export function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  return router.state.location.pathname + router.state.location.search;
}
