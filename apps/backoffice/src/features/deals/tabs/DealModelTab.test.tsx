import type { DealModelView, ModelInstallmentsView } from '@lending/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page as drfPage, mockApi, type RecordedCall, type Reply } from '../../../test/fetch-mock';
import { DealModelTab } from './DealModelTab';
import { annuityModel, dealFacts } from './model-fixtures';
import { renderTab } from './render-tab';

/** Cell text with every kind of space as a plain one ("10 200,67 Kč"). */
const text = (element: Element) => (element.textContent ?? '').replace(/\s/g, ' ').trim();
const cells = (row: HTMLElement) => [...row.querySelectorAll('td, th')].map(text);

function modelApi(models: DealModelView[], extra: Record<string, (call: RecordedCall) => Reply> = {}, deal = dealFacts()) {
  let current = models;
  const api = mockApi({
    'GET /api/v1/deals/7/': () => ({ status: 200, body: deal }),
    'GET /api/v1/deals/7/deal-model/': () => ({ status: 200, body: drfPage(current) }),
    ...extra,
  });
  return { ...api, setModels: (next: DealModelView[]) => (current = next) };
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('deal model tab', () => {
  it('shows the terms, RPSN and the schedule with exact totals', async () => {
    const { calls } = modelApi([annuityModel()]);
    renderTab(<DealModelTab dealId={7} canWrite />);

    const schedule = await screen.findByRole('table', { name: 'Splátkový kalendář verze 1' });
    const rows = within(schedule).getAllByRole('row');
    expect(rows.map((row) => within(row).queryAllByRole('columnheader').map(text)).at(0)).toEqual(['Č.', 'Splatnost', 'Splátka', 'Jistina', 'Úrok', 'Poplatky', 'Zůstatek jistiny']);
    expect(cells(rows[1]!)).toEqual(['1', '15. 5. 2025', '3 400,22 Kč', '3 300,22 Kč', '100 Kč', '0 Kč', '6 699,78 Kč']);
    expect(cells(rows[3]!)).toEqual(['3', '15. 7. 2025', '3 400,23 Kč', '3 366,56 Kč', '33,67 Kč', '0 Kč', '0 Kč']);
    // Totals row: 3400.22 + 3400.22 + 3400.23 and 100.00 + 67.00 + 33.67, to the haléř.
    expect(cells(rows[4]!)).toEqual(['Celkem', '10 200,67 Kč', '10 000 Kč', '200,67 Kč', '0 Kč', '']);

    const terms = screen.getByRole('region', { name: 'Podmínky verze 1 (návrh)' });
    expect(text(terms)).toContain('RPSN12,68 %');
    expect(text(terms)).toContain('Roční úroková sazba12 %');
    expect(text(terms)).toContain('Typ spláceníAnuitní');
    expect(calls.find((c) => c.path === '/api/v1/deals/7/deal-model/')?.query.get('ordering')).toBe('-version');
  });

  it('creates a version: sends amounts and rates as strings, shows a 400 at its field, then the new schedule', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const created = annuityModel({ id: 32, version: 2, name: 'Podle smlouvy' });
    const { calls, setModels } = modelApi([annuityModel()], {
      'POST /api/v1/deals/7/deal-model/': () => {
        attempts += 1;
        if (attempts === 1) return { status: 400, body: { first_due_date: ['První splátka musí být po dni výplaty.'] } };
        setModels([created, annuityModel()]);
        return { status: 201, body: created };
      },
    });
    renderTab(<DealModelTab dealId={7} canWrite />);

    await user.click(await screen.findByRole('button', { name: 'Nová verze modelu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nová verze modelu' });
    // A deal before activation: no restructuring date.
    expect(within(dialog).queryByLabelText(/Platí od/)).toBeNull();
    await user.type(within(dialog).getByLabelText(/Název verze/), 'Podle smlouvy');
    await user.type(within(dialog).getByLabelText(/^Jistina/), '10 000');
    await user.type(within(dialog).getByLabelText(/Roční úroková sazba/), '12,5');
    await user.type(within(dialog).getByLabelText(/Doba v měsících/), '3');
    await user.type(within(dialog).getByLabelText(/Datum výplaty/), '2025-04-15');
    await user.type(within(dialog).getByLabelText(/První splátka/), '2025-04-10');
    await user.selectOptions(within(dialog).getByLabelText(/Typ splácení/), 'Lineární');
    await user.clear(within(dialog).getByLabelText(/Měsíční poplatek/));
    await user.type(within(dialog).getByLabelText(/Měsíční poplatek/), '49,90');
    await user.click(within(dialog).getByRole('button', { name: 'Založit a spočítat kalendář' }));

    const firstDue = within(dialog).getByLabelText(/První splátka/);
    await waitFor(() => expect(firstDue.getAttribute('aria-invalid')).toBe('true'));
    expect(text(within(dialog).getByRole('alert'))).toContain('První splátka: První splátka musí být po dni výplaty.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Podle smlouvy',
      principal: '10000.00',
      annual_interest_rate: '12.5000',
      term_months: 3,
      disbursement_date: '2025-04-15',
      first_due_date: '2025-04-10',
      installment_type: 'LINEAR',
      upfront_fee: '0.00',
      monthly_fee: '49.90',
    });

    await user.clear(firstDue);
    await user.type(firstDue, '2025-05-15');
    await user.click(within(dialog).getByRole('button', { name: 'Založit a spočítat kalendář' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Verze 2 byla založena jako návrh, kalendář je spočten.')).toBeTruthy();
    // The new draft's schedule is what staff see now.
    expect(await screen.findByRole('table', { name: 'Splátkový kalendář verze 2' })).toBeTruthy();
  });

  it('edits a draft with PUT and asks for the restructuring date on an active deal', async () => {
    const user = userEvent.setup();
    const active = annuityModel({ state: 'ACTIVE', activated_at: '2025-04-15T08:00:00.000Z' });
    const draft = annuityModel({ id: 32, version: 2, valid_from: '2025-06-15', principal: '3333.22' });
    const { calls } = modelApi([draft, active], {
      'GET /api/v1/deals/7/deal-model/31/installments/': () => ({ status: 200, body: installments() }),
      'PUT /api/v1/deals/7/deal-model/32/': (call) => ({ status: 200, body: { ...draft, term_months: (call.body as { term_months: number }).term_months } }),
    }, dealFacts({ state: 'ACTIVE' }));
    renderTab(<DealModelTab dealId={7} canWrite />);

    // The version in force is shown first.
    expect(await screen.findByRole('table', { name: 'Splátkový kalendář verze 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nová verze (restrukturalizace)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upravit verzi 1' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Upravit verzi 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upravit návrh verze 2' });
    expect((within(dialog).getByLabelText(/Platí od/) as HTMLInputElement).value).toBe('2025-06-15');
    expect((within(dialog).getByLabelText(/^Jistina/) as HTMLInputElement).value).toBe('3333,22');
    expect((within(dialog).getByLabelText(/Roční úroková sazba/) as HTMLInputElement).value).toBe('12');
    const term = within(dialog).getByLabelText(/Doba v měsících/);
    await user.clear(term);
    await user.type(term, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Uložit a přepočítat' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: null,
      valid_from: '2025-06-15',
      principal: '3333.22',
      annual_interest_rate: '12.0000',
      term_months: 2,
      disbursement_date: '2025-04-15',
      first_due_date: '2025-05-15',
      installment_type: 'ANNUITY',
      upfront_fee: '0.00',
      monthly_fee: '0.00',
      allocation_profile: 'CL_PE_ALLOCATION_PROFILE_V2',
    });
    expect(screen.getByRole('button', { name: 'Provést restrukturalizaci podle verze 2' })).toBeTruthy();
  });

  it('shows a lease model with its rent and without RPSN', async () => {
    const lease = annuityModel({
      schedule_kind: 'LEASE',
      annual_interest_rate: '0.0000',
      rpsn: null,
      installment_value: '15000.00',
      parameters: { monthly_rent: '15000.00', services_advance: '0.00', deposit: '30000.00', buyback_price: null, buyback_deadline: null },
      schedule: [
        { number: 1, due_date: '2025-05-15', period_from: '2025-05-01', period_to: '2025-05-31', installment: '45000.00', principal: '0.00', interest: '0.00', fees: '0.00', rent: '15000.00', services_advance: '0.00', deposit: '30000.00', purchase_price: '0.00', balance: null },
      ],
      totals: { installments: '45000.00', principal: '0.00', interest: '0.00', fees: '0.00', rent: '15000.00', services_advance: '0.00', deposit: '30000.00', purchase_price: '0.00' },
    });
    modelApi([lease], {}, dealFacts({ type: 'LEASE' }));
    renderTab(<DealModelTab dealId={7} canWrite />);

    const schedule = await screen.findByRole('table', { name: 'Splátkový kalendář verze 1' });
    const rows = within(schedule).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map(text)).toEqual(['Č.', 'Splatnost', 'Období', 'K úhradě', 'Nájemné', 'Kauce']);
    expect(cells(rows[1]!)).toEqual(['1', '15. 5. 2025', '1. 5. 2025 – 31. 5. 2025', '45 000 Kč', '15 000 Kč', '30 000 Kč']);
    expect(text(screen.getByRole('region', { name: /Podmínky verze 1/ }))).toContain('RPSNNepočítá se (nájem není úvěr)');
  });

  it('shows what the claims say of each installment of the version in force: paid, left, status, and the totals', async () => {
    const { calls } = modelApi([annuityModel({ state: 'ACTIVE', activated_at: '2025-04-15T08:00:00.000Z' })], {
      'GET /api/v1/deals/7/deal-model/31/installments/': () => ({ status: 200, body: installments() }),
    }, dealFacts({ state: 'ACTIVE' }));
    renderTab(<DealModelTab dealId={7} canWrite={false} />);

    const schedule = await screen.findByRole('table', { name: 'Splátkový kalendář verze 1' });
    await waitFor(() => expect(within(schedule).getAllByRole('columnheader').map(text)).toContain('Stav'));
    const rows = within(schedule).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map(text)).toEqual(['Č.', 'Splatnost', 'Splátka', 'Jistina', 'Úrok', 'Poplatky', 'Zůstatek jistiny', 'Zaplaceno', 'Zbývá', 'Stav']);
    expect(cells(rows[1]!).slice(-3)).toEqual(['3 400,22 Kč', '0 Kč', 'Zaplaceno']);
    expect(cells(rows[2]!).slice(-3)).toEqual(['1 700,11 Kč', '1 700,11 Kč', 'Po splatnosti (21 dní)']);
    expect(cells(rows[3]!).slice(-3)).toEqual(['0 Kč', '3 400,23 Kč', 'Budoucí']);
    // Totals row: paid 3400.22 + 1700.11, left 1700.11 + 3400.23.
    expect(cells(rows[4]!).slice(-3)).toEqual(['5 100,33 Kč', '5 100,34 Kč', '']);
    const summary = text(screen.getByRole('region', { name: 'Splátkový kalendář' }));
    expect(summary).toContain('Splátky celkem10 200,67 Kč');
    expect(summary).toContain('Zaplaceno5 100,33 Kč');
    expect(summary).toContain('Zbývá uhradit5 100,34 Kč');
    expect(summary).toContain('Po splatnosti ze splátek (jistina a úrok)1 700,11 Kč');
    expect(calls.filter((c) => c.path.endsWith('/installments/'))).toHaveLength(1);
  });

  it('labels one day past due, a partly paid and a due installment, and a row whose group a restructuring cancelled', async () => {
    const base = installments();
    const body: ModelInstallmentsView = {
      ...base,
      installments: [
        { ...base.installments[0]!, status: 'OVERDUE', paid_amount: '0.00', remaining: '3400.22', days_past_due: 1 },
        { ...base.installments[1]!, status: 'PARTIALLY_PAID', days_past_due: 0 },
      ],
    };
    modelApi([annuityModel({ state: 'SUPERSEDED' })], { 'GET /api/v1/deals/7/deal-model/31/installments/': () => ({ status: 200, body }) });
    renderTab(<DealModelTab dealId={7} canWrite={false} />);
    const schedule = await screen.findByRole('table', { name: 'Splátkový kalendář verze 1' });
    await waitFor(() => expect(within(schedule).getAllByRole('columnheader').map(text)).toContain('Stav'));
    const rows = within(schedule).getAllByRole('row');
    expect(cells(rows[1]!).at(-1)).toBe('Po splatnosti (1 den)');
    expect(cells(rows[2]!).at(-1)).toBe('Částečně zaplaceno');
    expect(cells(rows[3]!).slice(-3)).toEqual(['—', '—', 'Zrušeno']);
  });

  it('asks nothing of a draft and says when the payments cannot be read', async () => {
    const { calls } = modelApi([annuityModel()]);
    renderTab(<DealModelTab dealId={7} canWrite={false} />);
    await screen.findByRole('table', { name: 'Splátkový kalendář verze 1' });
    expect(calls.some((c) => c.path.endsWith('/installments/'))).toBe(false);

    modelApi([annuityModel({ state: 'ACTIVE' })], { 'GET /api/v1/deals/7/deal-model/31/installments/': () => ({ status: 500, body: { detail: 'Chyba serveru.' } }) });
    renderTab(<DealModelTab dealId={7} canWrite={false} />);
    expect(await screen.findByText('Úhrady splátek se nepodařilo načíst.')).toBeTruthy();
  });

  it('gives VIEWER no write buttons', async () => {
    modelApi([annuityModel()]);
    renderTab(<DealModelTab dealId={7} canWrite={false} />);
    await screen.findByRole('table', { name: 'Splátkový kalendář verze 1' });
    expect(screen.queryByRole('button', { name: /Nová verze|Upravit|Smazat|restrukturalizaci/ })).toBeNull();
  });
});

/** The fixture's three installments: the first paid, the second half paid and 21 days late, the third future. */
function installments(): ModelInstallmentsView {
  return {
    deal_model_id: 31,
    business_date: '2025-07-06',
    installments: [
      { number: 1, claims_group_id: 501, due_date: '2025-05-15', amount: '3400.22', paid_amount: '3400.22', remaining: '0.00', status: 'PAID', days_past_due: 0 },
      { number: 2, claims_group_id: 502, due_date: '2025-06-15', amount: '3400.22', paid_amount: '1700.11', remaining: '1700.11', status: 'OVERDUE', days_past_due: 21 },
      { number: 3, claims_group_id: 503, due_date: '2025-07-15', amount: '3400.23', paid_amount: '0.00', remaining: '3400.23', status: 'FUTURE', days_past_due: 0 },
    ],
    totals: { owed: '10200.67', paid: '5100.33', outstanding: '5100.34', overdue: '1700.11' },
  };
}
