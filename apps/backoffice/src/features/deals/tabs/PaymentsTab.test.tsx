import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dealDetail } from '../../../test/deal-fixtures';
import { mockApi, page, type RecordedCall } from '../../../test/fetch-mock';
import { allocatedPayment, payment } from '../../../test/payment-fixtures';
import { PaymentsTab } from './PaymentsTab';
import { renderTab } from './tab-test-utils';

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const nbsp = (text: string | null | undefined) => text?.replace(/\u00a0/g, ' ');

function dealPaymentsApi(count = 30) {
  return mockApi({
    'GET /api/v1/deals/7/': () => ({ status: 200, body: dealDetail({ id: 7, outstanding: '231456.78', overdue: '12345.60', credit: '1500.50' }) }),
    'GET /api/v1/deals/7/payments/': () => ({
      status: 200,
      body: page(
        [
          allocatedPayment({ deal: 7 }),
          // Taken back by the bank: it counts for nothing, its allocation went with the storno.
          payment({ id: 9004, deal: 7, amount: '3000.00', reversed_by: 9005, unallocated_amount: '0.00', allocated_amount: '0.00' }),
        ],
        count,
      ),
    }),
  });
}
const listQuery = (calls: RecordedCall[]) => Object.fromEntries(calls.filter((call) => call.path === '/api/v1/deals/7/payments/').at(-1)?.query ?? []);

describe('PaymentsTab', () => {
  it("shows what the deal owes, is overdue and has overpaid, and its payments newest first", async () => {
    const { calls } = dealPaymentsApi();
    renderTab(<PaymentsTab dealId={7} canWrite />, '/deals/7?tab=payments');

    const table = await screen.findByRole('table', { name: 'Platby obchodu #7' });
    expect(listQuery(calls)).toEqual({ page: '1', page_size: '20', ordering: '-date' });
    const owed = await screen.findByText('Dluží celkem');
    await waitFor(() => expect(nbsp(owed.nextElementSibling?.textContent)).toBe('231 456,78 Kč'));
    expect(nbsp(screen.getByText('Po splatnosti celkem (vč. úroku z prodlení a poplatků)').nextElementSibling?.textContent)).toBe('12 345,60 Kč');
    expect(nbsp(screen.getByText('Přeplatek').nextElementSibling?.textContent)).toBe('1 500,50 Kč');
    // The deal's own tab: no deal column, no selection, no writes.
    expect(within(table).queryByRole('columnheader', { name: 'Obchod' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Přiřadit/ })).toBeNull();
    expect(screen.getByText('Nalezeno 30 plateb.')).toBeTruthy();
    const reversed = within(table).getByRole('button', { name: 'Rozúčtování platby č. 9004' }).closest('tr')!;
    expect(nbsp(within(reversed).getAllByRole('cell')[0]?.textContent)).toBe('3 000 Kč');
  });

  it('opens each payment to its allocation: claim, type, due date, amount and rule', async () => {
    const user = userEvent.setup();
    dealPaymentsApi();
    renderTab(<PaymentsTab dealId={7} canWrite={false} />, '/deals/7?tab=payments');

    await user.click(await screen.findByRole('button', { name: 'Rozúčtování platby č. 9002' }));
    const allocation = screen.getByRole('table', { name: 'Rozúčtování platby č. 9002' });
    const rows = within(allocation).getAllByRole('row').slice(1);
    expect(rows.map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => nbsp(cell.textContent))])).toEqual([
      ['č. 71', 'Úrok z prodlení', '28. 2. 2025', '150 Kč', 'Splatné úroky z prodlení'],
      ['č. 64', 'Úrok', '15. 2. 2025', '2 050 Kč', 'Splatné úroky'],
      ['č. 63', 'Jistina', '15. 2. 2025', '7 700 Kč', 'Splatná jistina'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Rozúčtování platby č. 9004' }));
    expect(screen.getByText('Platba byla stornována (storno č. 9005); nepočítá se.')).toBeTruthy();
  });

  it('sorts and pages under its own prefix in the URL', async () => {
    const user = userEvent.setup();
    const { calls } = dealPaymentsApi(45);
    const { router } = renderTab(<PaymentsTab dealId={7} canWrite />, '/deals/7?tab=payments');
    await screen.findByRole('table', { name: 'Platby obchodu #7' });

    await user.click(screen.getByRole('button', { name: /Částka/ }));
    await waitFor(() => expect(listQuery(calls).ordering).toBe('amount'));
    await user.click(within(screen.getByRole('navigation', { name: 'Stránkování plateb' })).getByRole('button', { name: 'Další strana' }));
    await waitFor(() => expect(listQuery(calls)).toEqual({ page: '2', page_size: '20', ordering: 'amount' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ tab: 'payments', 'payments.ordering': 'amount', 'payments.page': '2' });
  });

  it('says so when the deal has no payments yet', async () => {
    mockApi({
      'GET /api/v1/deals/7/': () => ({ status: 200, body: dealDetail({ id: 7 }) }),
      'GET /api/v1/deals/7/payments/': () => ({ status: 200, body: page([]) }),
    });
    renderTab(<PaymentsTab dealId={7} canWrite />);
    expect(await screen.findByText('K obchodu zatím nejsou přiřazeny žádné platby.')).toBeTruthy();
  });
});

describe('PaymentsTab downloads', () => {
  it("downloads the deal's payments with their allocations and the deal's allocation report, CSV and XLSX", async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:platby');
    const file = (name: string) => () => ({ status: 200, raw: 'ID platby\r\n', headers: { 'Content-Disposition': `attachment; filename="${name}"` } });
    const { calls } = mockApi({
      'GET /api/v1/deals/7/': () => ({ status: 200, body: dealDetail({ id: 7 }) }),
      'GET /api/v1/deals/7/payments/': () => ({ status: 200, body: page([allocatedPayment({ deal: 7 })]) }),
      'GET /api/v1/deals/7/payments/download/': file('platby-obchodu-7.csv'),
      'GET /api/v1/payments/allocation-report/': file('alokace.xlsx'),
    });
    renderTab(<PaymentsTab dealId={7} canWrite={false} />, '/deals/7?tab=payments');

    await user.click(await screen.findByRole('button', { name: 'Stáhnout platby CSV' }));
    expect(await screen.findByText('Soubor platby-obchodu-7.csv byl stažen.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Report alokací XLSX' }));
    expect(await screen.findByText('Soubor alokace.xlsx byl stažen.')).toBeTruthy();
    const query = (path: string) => calls.filter((c) => c.path === path).map((c) => Object.fromEntries(c.query));
    expect(query('/api/v1/deals/7/payments/download/')).toEqual([{ format: 'csv' }]);
    expect(query('/api/v1/payments/allocation-report/')).toEqual([{ format: 'xlsx', deal: '7' }]);
    expect(createObjectURL).toHaveBeenCalledTimes(2);
  });

  it('says in Czech when the deal is gone', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/v1/deals/7/': () => ({ status: 200, body: dealDetail({ id: 7 }) }),
      'GET /api/v1/deals/7/payments/': () => ({ status: 200, body: page([]) }),
      'GET /api/v1/deals/7/payments/download/': () => ({ status: 404, body: { detail: 'Nenalezeno.' } }),
    });
    renderTab(<PaymentsTab dealId={7} canWrite={false} />, '/deals/7?tab=payments');
    await user.click(await screen.findByRole('button', { name: 'Stáhnout platby XLSX' }));
    expect(await screen.findByText('Soubor se nepodařilo stáhnout. Nenalezeno.')).toBeTruthy();
  });
});
