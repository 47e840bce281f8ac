import { Toasts } from '@lending/ui';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { AppProviders } from '../../../app/providers';
import { setTokens } from '../../../shared/session';
import { toasts } from '../../../shared/toast';

/**
 * One deal tab on its own, as the deal page shows it (signed in, URL `/deals/7?tab=…`, a fresh
 * SWR cache, the toasts): the tabs are wired into the page by its owner, not here.
 */
export function renderTab(tab: ReactElement, path = '/deals/7') {
  setTokens({ access: 'access-token', refresh: 'refresh-token' });
  const router = createMemoryRouter([{ path: '/deals/:id', element: tab }], { initialEntries: [path] });
  const view = render(
    <AppProviders>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <RouterProvider router={router} />
        <Toasts store={toasts} dismissible />
      </SWRConfig>
    </AppProviders>,
  );
  return { router, ...view };
}
