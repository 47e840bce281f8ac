import type { EnforceableClaimView } from '@lending/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, page } from '../../../test/fetch-mock';
import { EnforceableClaimsTab } from './EnforceableClaimsTab';
import { NOW, renderTab } from './tab-test-utils';

const claim: EnforceableClaimView = {
  id: 101,
  deal_id: 7,
  title_type: 'NOTARIAL_DEED',
  amount: '512345.67',
  costs: '12000.00',
  file_mark: 'NZ 123/2025',
  issued_by: 'JUDr. Petr Malý, notář v Brně',
  issued_at: '2025-01-20',
  enforceable_from: '2025-02-01',
  executor: null,
  execution_file_mark: null,
  note: null,
  created_at: NOW,
  updated_at: NOW,
};

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('EnforceableClaimsTab', () => {
  it('lists titles with exact amounts and adds one with amounts as decimal strings', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/v1/deals/7/enforceable-claims/': () => ({ status: 200, body: page([claim]) }),
      'POST /api/v1/deals/7/enforceable-claims/': () => ({ status: 201, body: { ...claim, id: 102 } }),
    });
    renderTab(<EnforceableClaimsTab dealId={7} canWrite />);
    const table = await screen.findByRole('table', { name: 'Vykonatelné pohledávky' });
    expect(within(table).getByText('Notářský zápis se svolením k vykonatelnosti')).toBeTruthy();
    expect(within(table).getByText('512 345,67 Kč')).toBeTruthy();
    expect(within(table).getByText('JUDr. Petr Malý, notář v Brně, 20. 1. 2025')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Přidat vykonatelnou pohledávku' }));
    const dialog = await screen.findByRole('dialog', { name: 'Přidat vykonatelnou pohledávku' });
    await user.selectOptions(within(dialog).getByLabelText(/Exekuční titul/), 'Platební rozkaz');
    await user.type(within(dialog).getByLabelText(/^Částka/), '100 000,10');
    await user.type(within(dialog).getByLabelText(/Náklady řízení/), '4 500');
    await user.type(within(dialog).getByLabelText('Spisová značka'), '45 C 12/2025');
    await user.click(within(dialog).getByRole('button', { name: 'Uložit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title_type: 'PAYMENT_ORDER',
      amount: '100000.10',
      costs: '4500.00',
      file_mark: '45 C 12/2025',
      issued_by: null,
      issued_at: null,
      enforceable_from: null,
      executor: null,
      execution_file_mark: null,
      note: null,
    });
  });

  it('shows a VIEWER no write buttons', async () => {
    mockApi({ 'GET /api/v1/deals/7/enforceable-claims/': () => ({ status: 200, body: page([claim]) }) });
    renderTab(<EnforceableClaimsTab dealId={7} canWrite={false} />);
    await screen.findByRole('table', { name: 'Vykonatelné pohledávky' });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
