import type { PaymentOrderBatch, Purpose, PurposeDrawing } from '@lending/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, page } from '../../../test/fetch-mock';
import { PurposesTab } from './PurposesTab';
import { NOW, renderTab } from './tab-test-utils';
import { meHandler } from '../../../test/render-app';

const drawing = (overrides: Partial<PurposeDrawing>): PurposeDrawing => ({
  id: 21,
  purpose_id: 5,
  deal_id: 7,
  amount: '100000.00',
  drawn_at: '2025-03-10',
  note: null,
  payment_id: null,
  paid_out_on: null,
  paid_out_amount: null,
  payment_order: null,
  created_at: NOW,
  updated_at: NOW,
  ...overrides,
});

// Exported and seen paid out on the bank statement of 2 Mar.
const exported = drawing({
  id: 20,
  amount: '50000.00',
  drawn_at: '2025-03-01',
  payment_order: { id: 3, format: 'abo', execution_date: '2025-03-01', created_at: NOW },
  payment_id: 99,
  paid_out_on: '2025-03-02',
  paid_out_amount: '50000.00',
});
const open1 = drawing({ id: 21, amount: '100000.00' });
const open2 = drawing({ id: 22, amount: '25000.50', drawn_at: '2025-03-12' });

function purpose(drawings: PurposeDrawing[]): Purpose {
  return {
    id: 5,
    deal_id: 7,
    type: 'CREDITOR_DEBT',
    amount: '200000.00',
    drawn_amount: '175000.50',
    remaining_amount: '24999.50',
    bank_account: '19-2000145399/0800',
    iban: 'CZ6508000000192000145399',
    variable_symbol: '1234567890',
    specific_symbol: null,
    recipient_name: 'Česká spořitelna',
    message: 'Splaceni uveru',
    note: null,
    drawings,
    created_at: NOW,
    updated_at: NOW,
  };
}

const batch: PaymentOrderBatch = {
  id: 3,
  deal_id: 7,
  format: 'abo',
  execution_date: '2025-03-01',
  file_name: 'prikaz-7-3.kpc',
  drawing_ids: [20],
  item_count: 1,
  total_amount: '50000.00',
  created_by_id: 7,
  created_at: NOW,
};

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PurposesTab', () => {
  it('shows purposes with drawings and which are in a batch; downloads the payment order of the chosen drawings as pain.001', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:order');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    let drawings = [exported, open1, open2];
    const { calls } = mockApi({
      'GET /api/v1/deals/7/purposes/': () => ({ status: 200, body: page([purpose(drawings)]) }),
      'GET /api/v1/deals/7/purposes/payments/': () => ({ status: 200, body: page([batch]) }),
      'POST /api/v1/deals/7/purposes/payments/': () => {
        drawings = drawings.map((d) => (d.id === 22 ? { ...d, payment_order: { id: 4, format: 'pain001', execution_date: '2025-03-20', created_at: NOW } } : d));
        return {
          status: 200,
          raw: '<?xml version="1.0" encoding="UTF-8"?><Document/>',
          headers: { 'Content-Type': 'application/xml', 'Content-Disposition': 'attachment; filename="prikaz-7-4.xml"', 'X-Payment-Order-Id': '4' },
        };
      },
    });
    renderTab(<PurposesTab dealId={7} canWrite />);

    const table = await screen.findByRole('table', { name: 'Čerpání účelu Úhrada dluhu věřiteli' });
    expect(screen.getByRole('heading', { level: 3 }).textContent?.replace(/\s/g, ' ')).toBe('Úhrada dluhu věřiteli: 200 000 Kč');
    expect(screen.getByText('24 999,50 Kč')).toBeTruthy();
    // The exported drawing names its batch and cannot be chosen again.
    expect(within(table).getByText('ABO (KPC), 1. 3. 2025')).toBeTruthy();
    expect(within(table).queryByRole('checkbox', { name: /50 000 Kč/ })).toBeNull();
    expect(within(table).getByText('Vyplaceno 2. 3. 2025')).toBeTruthy();
    const download = screen.getByRole('button', { name: 'Stáhnout platební příkaz' }) as HTMLButtonElement;
    expect(download.disabled).toBe(true);

    await user.click(within(table).getByRole('checkbox', { name: /^Vybrat čerpání 25\s000,50\sKč k 12\. 3\. 2025 do platebního příkazu$/ }));
    expect(screen.getByText('Vybráno 1 čerpání za 25 000,50 Kč.')).toBeTruthy();
    await user.click(screen.getByLabelText('ISO 20022 (pain.001)'));
    await user.type(screen.getByLabelText(/Datum splatnosti/), '2025-03-20');
    await user.click(download);

    expect(await screen.findByText('Platební příkaz prikaz-7-4.xml byl stažen.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/v1/deals/7/purposes/payments/');
    expect(post?.body).toEqual([22]);
    expect(post?.query.get('format')).toBe('pain001');
    expect(post?.query.get('execution_date')).toBe('2025-03-20');
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect(saved).toEqual(['prikaz-7-4.xml']);
    // Refetched: the drawing now shows its batch and the selection is cleared.
    expect(await within(table).findByText('ISO 20022 (pain.001), 20. 3. 2025')).toBeTruthy();
    expect(screen.getByText('Vyberte v tabulkách čerpání, která má banka vyplatit.')).toBeTruthy();
    // The history offers the earlier batch again.
    expect(screen.getByRole('button', { name: 'Stáhnout prikaz-7-3.kpc' })).toBeTruthy();
  });

  it('adds a drawing and shows the API 400 at the amount field', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/v1/deals/7/purposes/': () => ({ status: 200, body: page([purpose([exported])]) }),
      'GET /api/v1/deals/7/purposes/payments/': () => ({ status: 200, body: page([]) }),
      'POST /api/v1/deals/7/purposes/5/drawings/': () => ({ status: 400, body: { amount: ['Čerpání překračuje zbývající částku účelu (24 999,50 Kč).'] } }),
    });
    renderTab(<PurposesTab dealId={7} canWrite />);

    await user.click(await screen.findByRole('button', { name: 'Přidat čerpání účelu Úhrada dluhu věřiteli' }));
    const dialog = await screen.findByRole('dialog', { name: 'Přidat čerpání: Úhrada dluhu věřiteli' });
    await user.type(within(dialog).getByLabelText(/Částka čerpání/), '30 000,50');
    await user.type(within(dialog).getByLabelText('Den výplaty'), '2025-04-01');
    await user.click(within(dialog).getByRole('button', { name: 'Uložit' }));

    const amount = within(dialog).getByLabelText(/Částka čerpání/);
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${amount.id}-error`)?.textContent).toContain('Čerpání překračuje zbývající částku účelu');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ amount: '30000.50', drawn_at: '2025-04-01', note: null });
  });

  it('creates a purpose with the amount as a decimal string', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/v1/deals/7/purposes/': () => ({ status: 200, body: page([]) }),
      'GET /api/v1/deals/7/purposes/payments/': () => ({ status: 200, body: page([]) }),
      'POST /api/v1/deals/7/purposes/': () => ({ status: 201, body: purpose([]) }),
    });
    renderTab(<PurposesTab dealId={7} canWrite />);
    expect(await screen.findByText('Obchod zatím nemá žádné účely čerpání.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Přidat účel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Přidat účel' });
    await user.selectOptions(within(dialog).getByLabelText(/Druh účelu/), 'Úhrada dluhu věřiteli');
    await user.type(within(dialog).getByLabelText(/^Částka/), '200 000');
    await user.type(within(dialog).getByLabelText(/Účet příjemce/), '19-2000145399/0800');
    await user.click(within(dialog).getByRole('button', { name: 'Uložit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      type: 'CREDITOR_DEBT',
      amount: '200000.00',
      recipient_name: null,
      bank_account: '19-2000145399/0800',
      variable_symbol: null,
      specific_symbol: null,
      message: null,
      note: null,
    });
  });

  it('shows a VIEWER the purposes without selection or write buttons', async () => {
    mockApi({
      ...meHandler('VIEWER'),
      'GET /api/v1/deals/7/purposes/': () => ({ status: 200, body: page([purpose([exported, open1])]) }),
      'GET /api/v1/deals/7/purposes/payments/': () => ({ status: 200, body: page([]) }),
    });
    renderTab(<PurposesTab dealId={7} canWrite={false} />);
    await screen.findByRole('table', { name: 'Čerpání účelu Úhrada dluhu věřiteli' });
    await waitFor(() => expect(screen.queryByRole('checkbox')).toBeNull());
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('lets an ACCOUNTANT order the payout (money out) but not change purposes or drawings (origination)', async () => {
    mockApi({
      ...meHandler('ACCOUNTANT'),
      'GET /api/v1/deals/7/purposes/': () => ({ status: 200, body: page([purpose([exported, open1])]) }),
      'GET /api/v1/deals/7/purposes/payments/': () => ({ status: 200, body: page([]) }),
      'GET /api/v1/approvals/settings/': () => ({ status: 200, body: [{ action: 'PAYMENT_ORDER', enabled: true, threshold: null, expires_after_days: 7 }] }),
    });
    renderTab(<PurposesTab dealId={7} canWrite={false} />);
    expect(await screen.findByRole('checkbox', { name: /^Vybrat čerpání 100\s000\sKč/ })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Odeslat platební příkaz ke schválení' })).toBeTruthy();
    expect(screen.getByText(/Platební příkaz schvaluje druhý účetní/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Přidat účel' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Smazat čerpání/ })).toBeNull();
  });
});

describe('PurposesTab drawings already ordered', () => {
  it('edits only the note of an exported drawing and shows a refused payment order', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/v1/deals/7/purposes/': () => ({ status: 200, body: page([purpose([exported, open1])]) }),
      'GET /api/v1/deals/7/purposes/payments/': () => ({ status: 200, body: page([batch]) }),
      'PATCH /api/v1/deals/purpose/purpose-drawing/20/': (call) => ({ status: 200, body: { ...exported, ...(call.body as object) } }),
      'POST /api/v1/deals/7/purposes/payments/': () => ({ status: 409, body: { detail: 'Účel nemá účet příjemce; doplňte ho před vydáním příkazu.' } }),
    });
    renderTab(<PurposesTab dealId={7} canWrite />);
    const table = await screen.findByRole('table', { name: 'Čerpání účelu Úhrada dluhu věřiteli' });
    // An exported drawing is not deleted: the bank has it.
    expect(within(table).queryByRole('button', { name: /^Smazat čerpání 50\s000\sKč/ })).toBeNull();
    expect(within(table).getByRole('button', { name: /^Smazat čerpání 100\s000\sKč/ })).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: /^Upravit čerpání 50\s000\sKč/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Upravit čerpání' });
    expect(within(dialog).queryByLabelText(/Částka čerpání/)).toBeNull();
    await user.type(within(dialog).getByLabelText('Poznámka'), 'Odesláno bance 1. 3.');
    await user.click(within(dialog).getByRole('button', { name: 'Uložit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ note: 'Odesláno bance 1. 3.' });

    await user.click(within(table).getByRole('checkbox', { name: /^Vybrat čerpání 100\s000\sKč/ }));
    await user.click(screen.getByRole('button', { name: 'Stáhnout platební příkaz' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Účel nemá účet příjemce');
    expect(calls.find((c) => c.method === 'POST')?.query.get('format')).toBe('abo');
  });
});
