import { Toasts } from '@lending/ui';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { AppProviders } from '../../../app/providers';
import { setTokens } from '../../../shared/session';
import { toasts } from '../../../shared/toast';

/**
 * One tab as the deal page shows it (signed in, in a router at /deals/:id?tab=…, a fresh SWR
 * cache, the toasts on screen), without the page itself: the shell's page wires the tabs in.
 */
export function renderTab(tab: ReactElement, path = '/deals/7') {
  setTokens({ access: 'access-token', refresh: 'refresh-token' });
  const router = createMemoryRouter(
    [
      { path: '/deals/:id', element: tab },
      { path: '/persons/:id', element: <p>Detail osoby</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProviders>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <RouterProvider router={router} />
        <Toasts store={toasts} />
      </SWRConfig>
    </AppProviders>,
  );
  return { router, ...view };
}

export const DEAL_ID = 7;
export const NOW = '2025-03-05T10:00:00.000Z';
