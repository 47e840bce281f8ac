import type { DealDebtView } from '@lending/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, page } from '../../../test/fetch-mock';
import { DebtsTab } from './DebtsTab';
import { dealModel, NOW, renderTab } from './tab-test-utils';

const debt: DealDebtView = {
  id: 91,
  deal_id: 7,
  deal_model: 81,
  type: 'NON_BANK_LOAN',
  creditor: 'Home Credit a.s.',
  amount: '85000.00',
  installment_value: '3200.00',
  bank_account: '2000145399/0800',
  variable_symbol: '556677',
  to_refinance: true,
  note: null,
  created_at: NOW,
  updated_at: NOW,
};

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DebtsTab', () => {
  it('lists debts, filters by model version in the URL and adds a debt tied to a version', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/v1/deals/7/deal-model/': () => ({ status: 200, body: page([dealModel({ id: 80, version: 1, state: 'SUPERSEDED' }), dealModel({ id: 81, version: 2 })]) }),
      'GET /api/v1/deals/7/debts/': (call) => ({ status: 200, body: page(call.query.get('deal_model') === '80' ? [] : [debt]) }),
      'POST /api/v1/deals/7/debts/': () => ({ status: 201, body: { ...debt, id: 92 } }),
    });
    const { router } = renderTab(<DebtsTab dealId={7} canWrite />);

    const table = await screen.findByRole('table', { name: 'Dluhy' });
    expect(within(table).getByText('Home Credit a.s.')).toBeTruthy();
    expect(within(table).getByText('Nebankovní půjčka')).toBeTruthy();
    expect(within(table).getByText('85 000 Kč')).toBeTruthy();
    expect(await within(table).findByText('Verze 2 (platná)')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Verze modelu obchodu'), 'Verze 1 (nahrazená)');
    expect(router.state.location.search).toBe('?debts_model=80');
    expect(await screen.findByText('K této verzi modelu nejsou evidovány žádné dluhy.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Přidat dluh' }));
    const dialog = await screen.findByRole('dialog', { name: 'Přidat dluh' });
    await user.selectOptions(within(dialog).getByLabelText(/Druh dluhu/), 'Nebankovní půjčka');
    await user.type(within(dialog).getByLabelText(/Věřitel/), 'Cofidis s.r.o.');
    await user.type(within(dialog).getByLabelText(/Výše dluhu/), '12 345,67');
    await user.selectOptions(within(dialog).getByLabelText('Verze modelu obchodu'), 'Verze 2 (platná)');
    await user.click(within(dialog).getByLabelText('Refinancovat tímto obchodem'));
    await user.click(within(dialog).getByRole('button', { name: 'Uložit' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      type: 'NON_BANK_LOAN',
      creditor: 'Cofidis s.r.o.',
      amount: '12345.67',
      installment_value: null,
      bank_account: null,
      variable_symbol: null,
      deal_model: 81,
      to_refinance: true,
      note: null,
    });
  });

  it('shows the API 400 at the variable symbol, and VIEWER has no writes', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/v1/deals/7/deal-model/': () => ({ status: 200, body: page([dealModel()]) }),
      'GET /api/v1/deals/7/debts/': () => ({ status: 200, body: page([debt]) }),
      'PUT /api/v1/deals/7/debts/91/': () => ({ status: 400, body: { variable_symbol: ['Variabilní symbol tvoří 1 až 10 číslic (a nesmí být samé nuly).'] } }),
    });
    const view = renderTab(<DebtsTab dealId={7} canWrite />);
    await user.click(await screen.findByRole('button', { name: 'Upravit dluh u věřitele Home Credit a.s.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upravit dluh' });
    expect((within(dialog).getByLabelText(/Výše dluhu/) as HTMLInputElement).value).toBe('85000');
    await user.click(within(dialog).getByRole('button', { name: 'Uložit' }));
    const vs = within(dialog).getByLabelText('Variabilní symbol');
    await waitFor(() => expect(vs.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${vs.id}-error`)?.textContent).toContain('Variabilní symbol tvoří 1 až 10 číslic');
    view.unmount();

    renderTab(<DebtsTab dealId={7} canWrite={false} />);
    await screen.findByRole('table', { name: 'Dluhy' });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
