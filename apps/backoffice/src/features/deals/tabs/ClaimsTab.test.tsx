import type { ClaimsGroupView, DealDetail, DealModelView } from '@lending/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page as drfPage, mockApi, type RecordedCall, type Reply } from '../../../test/fetch-mock';
import { personListItem } from '../../../test/fixtures';
import { currentUrl } from '../../../test/render-app';
import { ClaimsTab } from './ClaimsTab';
import { annuityModel, claim, claimsGroup, dealFacts } from './model-fixtures';
import { renderTab } from './render-tab';

const text = (element: Element) => (element.textContent ?? '').replace(/\s/g, ' ').trim();

const claims = [
  claim(),
  claim({ id: 503, claims_group_id: null, type: 'FEE', due_date: '2099-01-15', amount: '500.00', paid_amount: '0.00', outstanding: '500.00', description: 'Poplatek za upomínku' }),
  claim({
    id: 504,
    claims_group_id: null,
    type: 'PENALTY_INTEREST',
    due_date: '2025-06-30',
    amount: '12.37',
    paid_amount: '0.00',
    outstanding: '12.37',
    source_claim_id: 501,
    rate: '11.7500',
    accrued_through: '2025-06-30',
  }),
  claim({ id: 505, claims_group_id: null, type: 'OTHER', amount: '80.00', paid_amount: '0.00', outstanding: '0.00', cancelled_at: '2025-05-20T10:00:00.000Z' }),
];

function claimsApi({
  deal = dealFacts({ state: 'ACTIVE' }),
  models = [annuityModel({ state: 'ACTIVE' })],
  groups = [claimsGroup()],
  extra = {},
}: { deal?: DealDetail; models?: DealModelView[]; groups?: ClaimsGroupView[]; extra?: Record<string, (call: RecordedCall) => Reply> } = {}) {
  return mockApi({
    'GET /api/v1/deals/7/': () => ({ status: 200, body: deal }),
    'GET /api/v1/deals/7/deal-model/': () => ({ status: 200, body: drfPage(models) }),
    'GET /api/v1/deals/7/claims/': () => ({ status: 200, body: drfPage(claims) }),
    'GET /api/v1/deals/7/claims-group/': () => ({ status: 200, body: drfPage(groups) }),
    ...extra,
  });
}

const rowOf = (table: HTMLElement, name: string) => within(table).getAllByRole('row').find((row) => text(row).includes(name))!;
const claimsQueries = (calls: RecordedCall[]) => calls.filter((c) => c.path === '/api/v1/deals/7/claims/').map((c) => Object.fromEntries(c.query));

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('claims tab', () => {
  it('lists claims with Czech types, amounts, overdue and cancelled markers and the penalty interest source', async () => {
    const { calls } = claimsApi();
    renderTab(<ClaimsTab dealId={7} canWrite />);

    const table = await screen.findByRole('table', { name: 'Pohledávky obchodu' });
    expect(text(rowOf(table, 'Jistina'))).toBe('501Jistina15. 5. 20253 300,22 Kč1 000 Kč2 300,22 KčPo splatnostiVěřitel obchodu');
    expect(text(rowOf(table, 'Poplatek za upomínku'))).toContain('15. 1. 2099500 Kč0 Kč500 KčNeuhrazená');
    expect(text(rowOf(table, 'Úrok z prodlení'))).toContain('Úrok z prodlení z pohledávky č. 501, sazba 11,75 % ročně, naúčtováno do 30. 6. 2025');
    expect(text(rowOf(table, 'Ostatní'))).toContain('Zrušená');
    // Paid, penalty interest and cancelled claims cannot be changed by hand (claim-rules.ts).
    expect(screen.getByRole('button', { name: 'Upravit pohledávku č. 503' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upravit pohledávku č. 501' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Zrušit pohledávku č. 504' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Zrušit pohledávku č. 505' })).toBeNull();
    expect(claimsQueries(calls).at(-1)).toEqual({ page: '1', page_size: '20', ordering: 'due_date' });

    // The installments with their claims.
    const groups = screen.getByRole('table', { name: 'Splátky (skupiny pohledávek)' });
    expect(text(rowOf(groups, '15. 5. 2025'))).toContain('3 400,22 Kč1 100 Kč2 300,22 Kč6 699,78 KčPo splatnosti');
    await userEvent.setup().click(within(groups).getByRole('button', { name: 'Zobrazit 2 pohledávky skupiny č. 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pohledávky skupiny č. 1 (splatnost 15. 5. 2025)' });
    expect(within(dialog).getAllByRole('row').map(text).slice(1)).toEqual([
      '501Jistina15. 5. 20253 300,22 Kč1 000 Kč2 300,22 KčPo splatnostiVěřitel obchodu',
      '502Úrok15. 5. 2025100 Kč100 Kč0 KčUhrazenáVěřitel obchodu',
    ]);
  });

  it('sends the filters to the API and the URL, and the export carries them', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:claims');
    const { calls } = claimsApi({
      extra: {
        'GET /api/v1/deals/7/claims/export/': () => ({ status: 200, raw: 'id;typ\n', headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="pohledavky-7.csv"' } }),
        'GET /api/v1/persons/': () => ({ status: 200, body: drfPage([personListItem()]) }),
      },
    });
    const { router } = renderTab(<ClaimsTab dealId={7} canWrite />, '/deals/7?tab=claims');
    await screen.findByRole('table', { name: 'Pohledávky obchodu' });
    const form = () => screen.getByRole('search', { name: 'Filtr pohledávek' });

    await user.selectOptions(within(form()).getByLabelText('Typ pohledávky'), 'Poplatek');
    await user.type(within(form()).getByLabelText('Splatnost od'), '2025-01-01');
    await user.type(within(form()).getByLabelText('Splatnost do'), '2025-12-31');
    // The creditor is searched for by name, not typed as a number.
    await user.type(within(form()).getByLabelText('Věřitel: hledat'), 'Dvoř');
    const creditorSelect = within(form()).getByRole('combobox', { name: 'Věřitel' });
    await within(creditorSelect).findByRole('option', { name: 'Jiří Dvořák, nar. 12. 4. 1985' });
    await user.selectOptions(creditorSelect, 'Jiří Dvořák, nar. 12. 4. 1985');
    await user.selectOptions(within(form()).getByLabelText('Včetně zrušených'), 'Ano');
    await user.click(within(form()).getByRole('button', { name: 'Hledat' }));

    const expected = { type: 'FEE', date_from: '2025-01-01', date_to: '2025-12-31', creditor: '55', cancelled: 'true' };
    await waitFor(() => expect(claimsQueries(calls).at(-1)).toEqual({ page: '1', page_size: '20', ordering: 'due_date', ...expected }));
    const url = new URL(currentUrl(router), 'http://localhost');
    expect(url.searchParams.get('tab')).toBe('claims');
    expect(url.searchParams.get('claims.type')).toBe('FEE');
    expect(url.searchParams.get('claims.creditor')).toBe('55');

    // Sorting by amount goes to the list and the export alike.
    await user.click(screen.getByRole('button', { name: /Částka/ }));
    await waitFor(() => expect(claimsQueries(calls).at(-1)?.ordering).toBe('amount'));
    await user.click(screen.getByRole('button', { name: 'Exportovat CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const exported = calls.find((c) => c.path === '/api/v1/deals/7/claims/export/');
    expect(Object.fromEntries(exported!.query)).toEqual({ format: 'csv', ordering: 'amount', ...expected });
    expect(exported!.headers.get('Authorization')).toBe('Bearer access-token');
  });

  it('adds a manual claim: sends strings, shows a 400 at its field in Czech', async () => {
    const user = userEvent.setup();
    const { calls } = claimsApi({
      extra: {
        'GET /api/v1/persons/': () => ({ status: 200, body: drfPage([personListItem()]) }),
        'POST /api/v1/deals/7/claims/': (call) =>
          (call.body as { creditor: number | null }).creditor === 55
            ? { status: 400, body: { creditor: ['Věřitel (osoba) neexistuje.'] } }
            : { status: 201, body: claim({ id: 506, claims_group_id: null, type: 'COST_OF_RECOVERY', amount: '1250.50', paid_amount: '0.00', outstanding: '1250.50' }) },
      },
    });
    renderTab(<ClaimsTab dealId={7} canWrite />);

    await user.click(await screen.findByRole('button', { name: 'Přidat pohledávku' }));
    const dialog = await screen.findByRole('dialog', { name: 'Přidat pohledávku' });
    // Only the types staff may enter by hand.
    expect(within(within(dialog).getByLabelText(/Typ pohledávky/)).getAllByRole('option').map(text)).toEqual([
      'Vyberte typ',
      'Smluvní pokuta',
      'Náklady vymáhání',
      'Poplatek',
      'Pojištění',
      'Záloha na služby',
      'Ostatní',
    ]);
    await user.selectOptions(within(dialog).getByLabelText(/Typ pohledávky/), 'Náklady vymáhání');
    await user.type(within(dialog).getByLabelText(/Splatnost/), '2025-08-01');
    await user.type(within(dialog).getByLabelText(/Částka/), '1 250,50');
    await user.type(within(dialog).getByLabelText('Věřitel: hledat'), 'Dvoř');
    const creditor = within(dialog).getByRole('combobox', { name: 'Věřitel' });
    await within(creditor).findByRole('option', { name: 'Jiří Dvořák, nar. 12. 4. 1985' });
    await user.selectOptions(creditor, 'Jiří Dvořák, nar. 12. 4. 1985');
    await user.click(within(dialog).getByRole('button', { name: 'Přidat pohledávku' }));

    await waitFor(() => expect(creditor.getAttribute('aria-invalid')).toBe('true'));
    expect(text(within(dialog).getByRole('alert'))).toContain('Věřitel: Věřitel (osoba) neexistuje.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ type: 'COST_OF_RECOVERY', due_date: '2025-08-01', amount: '1250.50', description: null, creditor: 55 });

    await user.selectOptions(creditor, 'Věřitel obchodu');
    await user.click(within(dialog).getByRole('button', { name: 'Přidat pohledávku' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Pohledávka č. 506 byla přidána.')).toBeTruthy();
  });

  it('edits an unpaid manual claim with PATCH and cancels one with DELETE', async () => {
    const user = userEvent.setup();
    const { calls } = claimsApi({
      extra: {
        'PATCH /api/v1/deals/7/claims/503/': () => ({ status: 200, body: claims[1] }),
        'DELETE /api/v1/deals/7/claims/503/': () => ({ status: 204 }),
      },
    });
    renderTab(<ClaimsTab dealId={7} canWrite />);

    await user.click(await screen.findByRole('button', { name: 'Upravit pohledávku č. 503' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upravit pohledávku č. 503' });
    const amount = within(dialog).getByLabelText(/Částka/);
    expect((amount as HTMLInputElement).value).toBe('500');
    await user.clear(amount);
    await user.type(amount, '450');
    await user.click(within(dialog).getByRole('button', { name: 'Uložit pohledávku' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ due_date: '2099-01-15', amount: '450.00', description: 'Poplatek za upomínku', creditor: null });

    await user.click(screen.getByRole('button', { name: 'Zrušit pohledávku č. 503' }));
    const confirm = await screen.findByRole('dialog', { name: 'Zrušit pohledávku?' });
    await user.click(within(confirm).getByRole('button', { name: 'Zrušit pohledávku' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/v1/deals/7/claims/503/')).toBe(true));
    expect(await screen.findByText('Pohledávka č. 503 byla zrušena.')).toBeTruthy();
  });

  it('recomputes a lease’s rent periods and shows them afresh', async () => {
    const user = userEvent.setup();
    const rent = claim({ id: 601, claims_group_id: 81, type: 'RENT', due_date: '2099-02-01', amount: '15000.00', paid_amount: '0.00', outstanding: '15000.00' });
    let groups = [claimsGroup({ id: 81, kind: 'LEASE', due_date: '2099-02-01', period_from: '2099-02-01', period_to: '2099-02-28', balance: null, amount: '15000.00', paid_amount: '0.00', outstanding: '15000.00', claims: [rent] })];
    const { calls } = claimsApi({
      deal: dealFacts({ type: 'LEASE', state: 'ACTIVE' }),
      models: [annuityModel({ state: 'ACTIVE', schedule_kind: 'LEASE', rpsn: null })],
      extra: {
        'GET /api/v1/deals/7/claims-group-lease/': () => ({ status: 200, body: drfPage(groups) }),
        'POST /api/v1/deals/7/claims-group-lease/recompute/': () => {
          const renewed = claimsGroup({ ...groups[0]!, id: 82, amount: '16000.00', outstanding: '16000.00', claims: [{ ...rent, id: 602, claims_group_id: 82, amount: '16000.00', outstanding: '16000.00' }] });
          groups = [renewed];
          return { status: 200, body: { deal_model_id: 31, cancelled_groups: 1, created_groups: 1, kept_groups: 0, groups } };
        },
      },
    });
    renderTab(<ClaimsTab dealId={7} canWrite />);

    const table = await screen.findByRole('table', { name: 'Nájemné po obdobích (skupiny pohledávek)' });
    expect(text(table)).toContain('1. 2. 2099 – 28. 2. 2099');
    expect(text(table)).toContain('15 000 Kč');
    const dealFetches = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/deals/7/').length;
    const before = dealFetches();
    await user.click(screen.getByRole('button', { name: 'Přepočítat' }));
    expect(await screen.findByText('Nájemné přepočteno podle platného modelu. Budoucí období: zrušená 1, nová 1, beze změny 0.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    await waitFor(() => expect(text(screen.getByRole('table', { name: 'Nájemné po obdobích (skupiny pohledávek)' }))).toContain('16 000 Kč'));
    // The deal itself too: the page header's amounts follow.
    expect(dealFetches()).toBeGreaterThan(before);
  });

  it('edits a future unpaid installment group: only what changed is sent, a 400 shows at its field; paid or past groups offer no edit', async () => {
    const user = userEvent.setup();
    const principal = claim({ id: 701, claims_group_id: 91, type: 'PRINCIPAL', due_date: '2099-03-15', amount: '3000.00', paid_amount: '0.00', outstanding: '3000.00' });
    const interest = claim({ id: 702, claims_group_id: 91, type: 'INTEREST', due_date: '2099-03-15', amount: '120.50', paid_amount: '0.00', outstanding: '120.50' });
    const future = claimsGroup({ id: 91, number: 2, due_date: '2099-03-15', amount: '3120.50', paid_amount: '0.00', outstanding: '3120.50', claims: [principal, interest] });
    const bodies: unknown[] = [];
    claimsApi({
      groups: [claimsGroup(), future],
      extra: {
        'PATCH /api/v1/deals/7/claims-group/91/': (call) => {
          bodies.push(call.body);
          if (bodies.length === 1) return { status: 400, body: { due_date: ['Splatnost nesmí být v minulosti.'] } };
          return { status: 200, body: { ...future, note: 'Dohoda s dlužníkem' } };
        },
      },
    });
    renderTab(<ClaimsTab dealId={7} canWrite />);

    const table = await screen.findByRole('table', { name: 'Splátky (skupiny pohledávek)' });
    // Group 1 is past due and partly paid: the API would refuse it, so it is not offered.
    expect(within(table).queryByRole('button', { name: 'Upravit skupinu č. 1' })).toBeNull();
    await user.click(within(table).getByRole('button', { name: 'Upravit skupinu č. 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upravit skupinu č. 2' });
    expect(within(dialog).queryByLabelText('Jistina')).toBeNull();
    expect((within(dialog).getByLabelText('Úrok') as HTMLInputElement).value).toBe('120,50');
    await user.clear(within(dialog).getByLabelText('Poplatek'));
    await user.type(within(dialog).getByLabelText('Poplatek'), '150');
    await user.type(within(dialog).getByLabelText('Poznámka'), 'Dohoda s dlužníkem');
    await user.click(within(dialog).getByRole('button', { name: 'Uložit skupinu' }));
    expect(await within(dialog).findByText('Splatnost nesmí být v minulosti.')).toBeTruthy();
    // Interest unchanged: not re-sent. The fee is new: sent as a string.
    expect(bodies[0]).toEqual({ note: 'Dohoda s dlužníkem', amounts: { FEE: '150.00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Uložit skupinu' }));
    expect(await screen.findByText('Skupina č. 2 byla upravena.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('gives VIEWER no write buttons, only the export', async () => {
    claimsApi({ deal: dealFacts({ type: 'LEASE', state: 'ACTIVE' }), models: [annuityModel({ state: 'ACTIVE', schedule_kind: 'LEASE' })], extra: { 'GET /api/v1/deals/7/claims-group-lease/': () => ({ status: 200, body: drfPage([]) }) } });
    renderTab(<ClaimsTab dealId={7} canWrite={false} />);
    await screen.findByRole('table', { name: 'Pohledávky obchodu' });
    await screen.findByText(/Obchod zatím nemá žádné skupiny pohledávek/);
    expect(screen.getByRole('button', { name: 'Exportovat XLSX' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Přidat|Upravit|Zrušit pohledávku|Přepočítat/ })).toBeNull();
  });
});
