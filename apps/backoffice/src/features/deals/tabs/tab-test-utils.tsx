import type { DealModelView } from '@lending/contracts';
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

export const NOW = '2025-03-05T10:00:00.000Z';

/** A deal model version as GET …/deal-model/ lists it (the schedule left empty: the tabs here only name versions). */
export function dealModel(overrides: Partial<DealModelView> = {}): DealModelView {
  return {
    id: 81,
    deal_id: 7,
    version: 1,
    state: 'ACTIVE',
    valid_from: null,
    name: null,
    principal: '500000.00',
    annual_interest_rate: '9.9000',
    term_months: 60,
    disbursement_date: '2025-01-10',
    first_due_date: '2025-02-15',
    due_day: 15,
    installment_type: 'ANNUITY',
    upfront_fee: '0.00',
    monthly_fee: '0.00',
    allocation_profile: 'CL_PE_ALLOCATION_PROFILE_V1',
    schedule_kind: 'REGULAR',
    installment_value: '10598.78',
    rpsn: '10.36',
    parameters: null,
    schedule: [],
    totals: { installments: '0.00', principal: '0.00', interest: '0.00', fees: '0.00', rent: '0.00', services_advance: '0.00', deposit: '0.00', purchase_price: '0.00' },
    created_by_id: 7,
    activated_at: NOW,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}
