import type { ClaimsStatement } from '@lending/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { lateEveningInUtcBrowser, PRAGUE_DAY_OF_LATE_EVENING } from '../../../test/clock';
import { mockApi, page } from '../../../test/fetch-mock';
import { ClaimsStatementsTab } from './ClaimsStatementsTab';
import { NOW, renderTab } from './tab-test-utils';

const content: NonNullable<ClaimsStatement['content']> = {
  contract_number: 'SML-2025-001',
  variable_symbol: '2025001',
  allocation_profile: 'LOAN_ALLOCATION_PROFILE_V1',
  due: [
    { claim_id: null, source_claim_id: 11, type: 'PENALTY_INTEREST', type_label: 'Úrok z prodlení', due_date: '2025-02-21', description: null, amount: '12.30', paid: '0.00', remaining: '12.30', rule: 'LOAN_ALLOCATION_PROFILE_V1:PENALTY_INTEREST_DUE' },
    { claim_id: 11, source_claim_id: null, type: 'PRINCIPAL', type_label: 'Jistina', due_date: '2025-02-20', description: null, amount: '2050.00', paid: '550.00', remaining: '1500.00', rule: 'LOAN_ALLOCATION_PROFILE_V1:PRINCIPAL_DUE' },
  ],
  not_yet_due_principal: [
    { claim_id: 12, source_claim_id: null, type: 'PRINCIPAL', type_label: 'Jistina', due_date: '2025-03-20', description: null, amount: '2100.00', paid: '0.00', remaining: '2100.00', rule: 'LOAN_ALLOCATION_PROFILE_V1:NEXT_INSTALLMENTS' },
  ],
  totals_by_type: [
    { type: 'PENALTY_INTEREST', type_label: 'Úrok z prodlení', remaining: '12.30' },
    { type: 'PRINCIPAL', type_label: 'Jistina', remaining: '1500.00' },
  ],
  total_due: '1512.30',
  total_not_yet_due_principal: '2100.00',
  grand_total: '3612.30',
  credit: '0.00',
};

function statement(overrides: Partial<ClaimsStatement> = {}): ClaimsStatement {
  return {
    id: 5,
    deal_id: 7,
    state: 'DRAFT',
    state_label: 'Koncept',
    as_of: '2025-03-05',
    allocation_profile: 'LOAN_ALLOCATION_PROFILE_V1',
    allocation_profile_label: 'Úvěr, verze 1',
    content,
    computed_at: NOW,
    invalidated_at: null,
    saved_at: null,
    saved_by: null,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ClaimsStatementsTab', () => {
  it('lists statements with state badges, filters by state and opens one with its amounts', async () => {
    const user = userEvent.setup();
    const rows = [statement(), statement({ id: 4, state: 'SAVED', state_label: 'Uložený', as_of: '2025-02-25', saved_at: NOW, saved_by: { id: 3, email: 'jana@demo.cz' } })];
    const { calls } = mockApi({
      'GET /api/v1/deals/7/claims-statements/': (call) => ({ status: 200, body: page(rows.filter((r) => !call.query.get('state') || r.state === call.query.get('state'))) }),
      'GET /api/v1/deals/7/claims-statements/5/': () => ({ status: 200, body: rows[0] }),
    });
    renderTab(<ClaimsStatementsTab dealId={7} canWrite />, '/deals/7?tab=claims-statements');
    const table = await screen.findByRole('table', { name: 'Vyčíslení obchodu #7' });
    expect(within(table).getByText('Koncept')).toBeTruthy();
    expect(within(table).getByText('Uložený')).toBeTruthy();
    expect(within(table).getAllByText('3 612,30 Kč')).toHaveLength(2);

    await user.selectOptions(screen.getByLabelText('Stav'), 'SAVED');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Vyčíslení obchodu #7' })).queryByText('Koncept')).toBeNull());
    expect(calls.some((c) => c.query.get('state') === 'SAVED')).toBe(true);
    await user.selectOptions(screen.getByLabelText('Stav'), '');

    await user.click(await screen.findByRole('button', { name: 'Zobrazit vyčíslení č. 5' }));
    const detail = await screen.findByRole('region', { name: 'Vyčíslení č. 5 ke dni 5. 3. 2025' });
    const due = within(detail).getByRole('table', { name: 'Splatné pohledávky' });
    expect(within(due).getByText('Úrok z prodlení (dosud nezaúčtovaný)')).toBeTruthy();
    expect(within(due).getByText('1 500 Kč')).toBeTruthy();
    expect(within(detail).getByRole('table', { name: 'Jistina dosud nesplatná' })).toBeTruthy();
    expect(within(detail).getByText('1 512,30 Kč')).toBeTruthy();
    expect(within(detail).getByRole('button', { name: 'Stáhnout PDF' })).toBeTruthy();
    expect(within(detail).getByRole('button', { name: 'Stáhnout XLSX' })).toBeTruthy();
  });

  it('creates a statement through "Nové vyčíslení" (profile optional), then saves it', async () => {
    const user = userEvent.setup();
    let rows: ClaimsStatement[] = [];
    const { calls } = mockApi({
      'GET /api/v1/deals/7/claims-statements/': () => ({ status: 200, body: page(rows) }),
      'POST /api/v1/deals/7/claims-statements/': (call) => {
        const body = call.body as { as_of: string; allocation_profile: string | null };
        rows = [statement({ id: 9, as_of: body.as_of, allocation_profile: 'CL_PE_ALLOCATION_PROFILE_V1', allocation_profile_label: 'Spotřebitelský úvěr – fyzická osoba, verze 1' })];
        return { status: 201, body: rows[0] };
      },
      'GET /api/v1/deals/7/claims-statements/9/': () => ({ status: 200, body: rows[0] }),
      'POST /api/v1/deals/7/claims-statements/9/save/': () => {
        rows = [{ ...rows[0]!, state: 'SAVED', state_label: 'Uložený', saved_at: NOW, saved_by: { id: 1, email: 'ucetni@demo.cz' } }];
        return { status: 200, body: rows[0] };
      },
    });
    // A new statement is as of today's business date: Prague's, already the 16th at 23:30 UTC.
    onTestFinished(lateEveningInUtcBrowser());
    renderTab(<ClaimsStatementsTab dealId={7} canWrite />);
    expect(await screen.findByText('K obchodu zatím není žádné vyčíslení.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Nové vyčíslení' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nové vyčíslení' });
    const date = within(dialog).getByLabelText(/Ke dni/);
    expect((date as HTMLInputElement).value).toBe(PRAGUE_DAY_OF_LATE_EVENING);
    await user.clear(date);
    await user.type(date, '2025-03-05');
    await user.selectOptions(within(dialog).getByLabelText(/Alokační profil/), 'CL_PE_ALLOCATION_PROFILE_V1');
    await user.click(within(dialog).getByRole('button', { name: 'Vytvořit vyčíslení' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ as_of: '2025-03-05', allocation_profile: 'CL_PE_ALLOCATION_PROFILE_V1' });

    const detail = await screen.findByRole('region', { name: 'Vyčíslení č. 9 ke dni 5. 3. 2025' });
    await user.click(within(detail).getByRole('button', { name: 'Uložit' }));
    expect(await within(detail).findByText('Uložený')).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: 'Uložit' })).toBeNull();
    expect(within(detail).queryByRole('button', { name: 'Smazat vyčíslení' })).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/9/save/'))).toBe(true);
  });

  it('shows the API\'s 400 message in Czech at the field', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/v1/deals/7/claims-statements/': () => ({ status: 200, body: page([]) }),
      'POST /api/v1/deals/7/claims-statements/': () => ({ status: 400, body: { as_of: ['Datum musí být mezi 1. 1. 1900 a 31. 12. 2100.'] } }),
    });
    renderTab(<ClaimsStatementsTab dealId={7} canWrite />);
    await user.click(await screen.findByRole('button', { name: 'Nové vyčíslení' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nové vyčíslení' });
    await user.click(within(dialog).getByRole('button', { name: 'Vytvořit vyčíslení' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Ke dni: Datum musí být mezi 1. 1. 1900 a 31. 12. 2100.');
    expect(screen.getByRole('dialog', { name: 'Nové vyčíslení' })).toBeTruthy();
  });

  it('shows NOT_VALID clearly and recomputes it with "Přepočítat"', async () => {
    const user = userEvent.setup();
    let current = statement({ state: 'NOT_VALID', state_label: 'Neplatný', invalidated_at: NOW });
    const { calls } = mockApi({
      'GET /api/v1/deals/7/claims-statements/': () => ({ status: 200, body: page([current]) }),
      'GET /api/v1/deals/7/claims-statements/5/': () => ({ status: 200, body: current }),
      'PATCH /api/v1/deals/7/claims-statements/5/': () => {
        current = statement();
        return { status: 200, body: current };
      },
    });
    renderTab(<ClaimsStatementsTab dealId={7} canWrite />);
    await user.click(await screen.findByRole('button', { name: 'Zobrazit vyčíslení č. 5' }));
    const detail = await screen.findByRole('region', { name: 'Vyčíslení č. 5 ke dni 5. 3. 2025' });
    expect(within(detail).getByRole('alert').textContent).toContain('Vyčíslení je neplatné');
    expect(within(detail).queryByRole('button', { name: 'Stáhnout PDF' })).toBeNull();
    expect(within(detail).queryByRole('button', { name: 'Uložit' })).toBeNull();
    await user.click(within(detail).getByRole('button', { name: 'Přepočítat' }));
    await waitFor(() => expect(within(detail).queryByRole('alert')).toBeNull());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({});
    expect(within(detail).getByRole('button', { name: 'Uložit' })).toBeTruthy();
  });

  it('deletes a DRAFT after confirmation', async () => {
    const user = userEvent.setup();
    let rows = [statement()];
    const { calls } = mockApi({
      'GET /api/v1/deals/7/claims-statements/': () => ({ status: 200, body: page(rows) }),
      'GET /api/v1/deals/7/claims-statements/5/': () => (rows[0] ? { status: 200, body: rows[0] } : { status: 404, body: { detail: 'Vyčíslení nebylo nalezeno.' } }),
      'DELETE /api/v1/deals/7/claims-statements/5/': () => {
        rows = [];
        return { status: 204 };
      },
    });
    renderTab(<ClaimsStatementsTab dealId={7} canWrite />);
    await user.click(await screen.findByRole('button', { name: 'Zobrazit vyčíslení č. 5' }));
    const detail = await screen.findByRole('region', { name: 'Vyčíslení č. 5 ke dni 5. 3. 2025' });
    await user.click(within(detail).getByRole('button', { name: 'Smazat vyčíslení' }));
    const confirm = await screen.findByRole('dialog', { name: 'Smazat vyčíslení' });
    await user.click(within(confirm).getByRole('button', { name: 'Smazat' }));
    expect(await screen.findByText('K obchodu zatím není žádné vyčíslení.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Vyčíslení č. 5 ke dni 5. 3. 2025' })).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('shows a VIEWER the statements and downloads, but no write buttons', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/v1/deals/7/claims-statements/': () => ({ status: 200, body: page([statement()]) }),
      'GET /api/v1/deals/7/claims-statements/5/': () => ({ status: 200, body: statement() }),
    });
    renderTab(<ClaimsStatementsTab dealId={7} canWrite={false} />);
    await user.click(await screen.findByRole('button', { name: 'Zobrazit vyčíslení č. 5' }));
    const detail = await screen.findByRole('region', { name: 'Vyčíslení č. 5 ke dni 5. 3. 2025' });
    expect(screen.queryByRole('button', { name: 'Nové vyčíslení' })).toBeNull();
    expect(within(detail).queryByRole('button', { name: 'Uložit' })).toBeNull();
    expect(within(detail).queryByRole('button', { name: 'Smazat vyčíslení' })).toBeNull();
    expect(within(detail).getByRole('button', { name: 'Stáhnout PDF' })).toBeTruthy();
  });
});
