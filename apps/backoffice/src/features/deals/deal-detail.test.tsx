import type { DealDetail, DealHistoryEvent, DealValidation } from '@lending/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dealDetail } from '../../test/deal-fixtures';
import { page as drfPage, mockApi, type RecordedCall, type Reply } from '../../test/fetch-mock';
import { currentUrl, meHandler, renderApp } from '../../test/render-app';
import type { StaffRole } from '@lending/contracts';
import './index';

function validation(overrides: Partial<DealValidation> = {}): DealValidation {
  return { deal_id: 501, state: 'CONTRACT_SIGN', target_state: 'ACTIVE', valid: true, problems: [], ...overrides };
}

const entry = (overrides: Partial<DealHistoryEvent> & { id: number }): DealHistoryEvent => {
  const { id, ...rest } = overrides;
  return { key: `AUDIT:${id}`, at: '2025-02-11T09:00:00.000Z', action: 'deal.update', entity: 'Deal', entity_id: '501', actor: { id: 3, name: 'Petr Svoboda' }, details: {}, ...rest };
};

const dealHistory = [
  entry({ id: 90, action: 'deal.state', details: { state: { from: 'CONTRACT_SIGN', to: 'ACTIVE' }, activation: { deal_model_id: 4, claims_groups: 24, claims: 48 } }, at: '2025-02-15T09:00:00.000Z' }),
  entry({ id: 85, key: 'PAYMENT:31', action: 'payment.booked', entity: 'Payment', entity_id: '31', actor: null, details: { payment_id: 31, direction: 'INCOMING_PAYMENT', amount: '4500.00', date: '2025-02-14', variable_symbol: '2500050117', counter_account_name: 'Jiří Dvořák', statement_id: 2 } }),
  entry({ id: 86, action: 'deal.collateral_alert', entity: 'CollateralAlert', entity_id: '3', actor: null, details: { deal_id: 501, realty_id: 44, kind: 'DISTRAINT', description: 'Exekuce: Exekuční příkaz k prodeji nemovitosti, 120 EX 4567/25', title_deed_id: 9 } }),
  entry({ id: 84, key: 'BREACH_START:5', action: 'breach.start', entity: 'Breach', entity_id: '5', actor: null, details: { type: 'NON_PAYING', started_on: '2025-02-13' } }),
  entry({ id: 83, action: 'approval.request', entity: 'ApprovalRequest', entity_id: '12', actor: { id: 9, name: 'Lenka Černá' }, details: { deal_id: 501, approval_action: 'CLAIM_CREATE', summary: 'Nová pohledávka: Poplatek, 12 345 Kč, splatná 15. 12. 2026 — obchod #501' } }),
  entry({ id: 80, actor: { id: 7, name: 'Jana Dvořáková' }, details: { value: { from: '200000.00', to: '250000.00' }, abp: { from: false, to: true } } }),
  entry({ id: 75, actor: { id: 7, name: 'Jana Dvořáková' }, action: 'deal.participant.create', entity: 'DealParticipant', entity_id: '12', details: { deal_id: 501, role: 'DEBTOR' } }),
];
const leadConversion = entry({ id: 70, actor: { id: 7, name: 'Jana Dvořáková' }, action: 'lead.convert', entity: 'Lead', entity_id: '101', details: { deal_id: 501 }, at: '2025-02-01T09:00:00.000Z' });

function dealApi(deal: DealDetail, more: Record<string, (call: RecordedCall) => Reply> = {}, role: StaffRole = 'ADMIN') {
  return mockApi({
    ...meHandler(role),
    'GET /api/v1/deals/501/': () => ({ status: 200, body: deal }),
    'GET /api/v1/deals/501/history/': () => ({ status: 200, body: drfPage([...dealHistory, leadConversion]) }),
    ...more,
  });
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('deal detail', () => {
  it('answers at a glance: who, contract, type, state, owed, overdue, DPD, breaches', async () => {
    const { calls } = dealApi(dealDetail());
    renderApp('/deals/501');

    expect(await screen.findByRole('heading', { level: 1, name: 'Obchod #501' })).toBeTruthy();
    const subtitle = screen.getByRole('heading', { level: 1 }).nextElementSibling as HTMLElement;
    expect(within(subtitle).getByRole('link', { name: 'Jiří Dvořák' }).getAttribute('href')).toBe('/persons/55');
    expect(subtitle.textContent).toContain('Spotřebitelský úvěr');
    expect(subtitle.textContent).toContain('Aktivní');
    const figures = screen.getByLabelText('Souhrn obchodu');
    const value = (label: string) => within(figures).getByText(label).nextElementSibling?.textContent?.replace(/\s+/g, ' ');
    expect(value('Číslo smlouvy')).toBe('SU-2025-0501');
    expect(value('Variabilní symbol')).toBe('2500050117');
    expect(value('Dluží celkem')).toBe('231 456,78 Kč');
    expect(value('Po splatnosti celkem (vč. úroku z prodlení a poplatků)')).toBe('12 345,60 Kč');
    // No overpayment on this deal: no figure for it.
    expect(within(figures).queryByText('Přeplatek')).toBeNull();
    expect(value('Dní po splatnosti')).toBe('45 dní po splatnosti');
    expect(value('Porušení smlouvy')).toBe('Neplacení');
    expect(calls.find((c) => c.path === '/api/v1/deals/501/')?.query.get('expand')).toBe('breaches,deal_model');
  });

  it('keeps the tab in the URL: opens the one named, switches by click and arrow keys', async () => {
    const user = userEvent.setup();
    const { calls } = dealApi(dealDetail());
    const { router } = renderApp('/deals/501?tab=history');

    const history = await screen.findByRole('tab', { name: 'Historie' });
    expect(history.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel', { name: 'Historie' });
    expect(await within(panel).findByText('Změna stavu')).toBeTruthy();
    expect(within(panel).getByText('Stav: Podpis smlouvy → Aktivní')).toBeTruthy();
    expect(within(panel).getByText('Aktivace: vzniklo 24 skupin a 48 pohledávek')).toBeTruthy();
    expect(within(panel).getByText('Hodnota: 200 000 Kč → 250 000 Kč')).toBeTruthy();
    expect(within(panel).getByText('ABP: ne → ano')).toBeTruthy();
    // Who did it, by name; the system for what a statement or the close of business did.
    expect(within(panel).getAllByText('Petr Svoboda').length).toBeGreaterThan(0);
    expect(within(panel).getByText('Platba připsána k obchodu').closest('tr')?.textContent).toContain('Systém');
    expect(within(panel).getByText('Příchozí platba 4 500 Kč ze dne 14. 2. 2025, VS 2500050117, Jiří Dvořák')).toBeTruthy();
    expect(within(panel).getByText('Neplacení od 13. 2. 2025')).toBeTruthy();
    // The collateral watch's alert (ADR 0051): what it found on the title deed, by the system.
    expect(within(panel).getByText('Exekuce: Exekuční příkaz k prodeji nemovitosti, 120 EX 4567/25 (nemovitost č. 44)').closest('tr')?.textContent).toContain('Změna na listu vlastnictví zajištění');
    expect(within(panel).getByText('Nová pohledávka: Nová pohledávka: Poplatek, 12 345 Kč, splatná 15. 12. 2026 — obchod #501')).toBeTruthy();
    expect(within(panel).getByText('Žádost o schválení').closest('tr')?.textContent).toContain('Lenka Černá');
    const historyCall = calls.find((c) => c.path === '/api/v1/deals/501/history/')!;
    expect(Object.fromEntries(historyCall.query)).toMatchObject({ page: '1', page_size: '20' });
    // The deal's parts are in its history too, and its creation from the lead (logged on the lead) links there.
    expect(within(panel).getByText('Nový účastník')).toBeTruthy();
    const created = within(panel).getByRole('link', { name: '#101' });
    expect(created.getAttribute('href')).toBe('/leads/101');
    expect(created.closest('tr')?.textContent).toContain('Založení ze žádosti');
    expect(created.closest('tr')?.textContent).toContain('Vy (Jana Dvořáková)');

    await user.click(screen.getByRole('tab', { name: 'Přehled' }));
    expect(currentUrl(router)).toBe('/deals/501');
    expect(screen.getByRole('tab', { name: 'Přehled' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'Údaje obchodu' })).toBeTruthy();

    await user.keyboard('{ArrowRight}');
    expect(currentUrl(router)).toBe('/deals/501?tab=model');
    await user.keyboard('{End}');
    expect(currentUrl(router)).toBe('/deals/501?tab=history');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Historie' }));
  });

  it('shows the history to every role, a viewer included', async () => {
    dealApi(dealDetail(), {}, 'VIEWER');
    renderApp('/deals/501?tab=history');
    expect(await screen.findByText('Stav: Podpis smlouvy → Aktivní')).toBeTruthy();
  });

  it('edits the deal through PATCH, shows a 400 at its field in Czech, then saves and refreshes', async () => {
    const user = userEvent.setup();
    let deal = dealDetail({ state: 'NEW_APPLICATION', days_past_due: 0, dpd_bucket: '0', breach_types: [], breaches: [] });
    let attempts = 0;
    const { calls } = dealApi(deal, {
      'GET /api/v1/deals/501/': () => ({ status: 200, body: deal }),
      'PATCH /api/v1/deals/501/': () => {
        attempts += 1;
        if (attempts === 1) return { status: 400, body: { variable_symbol: ['Tento variabilní symbol už má jiný obchod.'] } };
        deal = { ...deal, contract_number: 'SU-2025-0999', value: '260000.00', abp: true };
        return { status: 200, body: deal };
      },
    });
    renderApp('/deals/501');

    await user.click(await screen.findByRole('button', { name: 'Upravit údaje' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upravit údaje obchodu' });
    const number = within(dialog).getByLabelText('Číslo smlouvy');
    await user.clear(number);
    await user.type(number, 'SU-2025-0999');
    const value = within(dialog).getByLabelText(/Hodnota obchodu/);
    await user.clear(value);
    await user.type(value, '260 000');
    await user.click(within(dialog).getByLabelText('ABP'));
    await user.click(within(dialog).getByRole('button', { name: 'Uložit' }));

    expect((await within(dialog).findAllByText(/Tento variabilní symbol už má jiný obchod\./)).length).toBeGreaterThan(0);
    expect(within(dialog).getByLabelText(/Variabilní symbol/).getAttribute('aria-invalid')).toBe('true');
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toMatchObject({ type: 'CONSUMER_LOAN', value: '260000.00', contract_number: 'SU-2025-0999', abp: true, settings: [] });

    await user.click(within(dialog).getByRole('button', { name: 'Uložit' }));
    expect(await screen.findByText('Údaje obchodu byly uloženy.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('260 000 Kč', { selector: '.deal-figures dd' })).toBeTruthy();
  });

  it('offers only the allowed transitions, lists every validate problem with where to fix it, and blocks the change', async () => {
    const user = userEvent.setup();
    const { calls } = dealApi(dealDetail({ state: 'CONTRACT_SIGN', days_past_due: 0, dpd_bucket: '0', breach_types: [], breaches: [] }), {
      'POST /api/v1/deals/501/validate/': (call) => ({
        status: 200,
        body: validation({
          target_state: (call.body as { state: 'ACTIVE' }).state,
          valid: false,
          problems: [
            { code: 'NO_DRAFT_MODEL', message: 'Obchod nemá návrh modelu, který by se aktivací stal platným.', object_id: null },
            { code: 'MISSING_PURPOSE', message: 'Obchod nemá účel výplaty: zadejte, komu a kolik se vyplatí.', object_id: null },
            { code: 'UNDELIVERED_OBLIGATION', message: 'Povinnost „Notářský zápis“ nebyla splněna do 1. 3. 2025.', object_id: 12 },
          ],
        }),
      }),
    });
    renderApp('/deals/501');

    await user.click(await screen.findByRole('button', { name: 'Změnit stav' }));
    const dialog = await screen.findByRole('dialog', { name: 'Změnit stav obchodu' });
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((r) => r.nextElementSibling?.textContent)).toEqual(['Aktivní', 'Uzavřená žádost']);

    await user.click(within(dialog).getByLabelText('Aktivní'));
    const problems = await within(dialog).findByRole('list', { name: 'Problémy bránící změně stavu' });
    const items = within(problems).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Obchod nemá návrh modelu, který by se aktivací stal platným. Opravit na kartě Model a splátkový kalendář',
      'Obchod nemá účel výplaty: zadejte, komu a kolik se vyplatí. Opravit na kartě Účely a čerpání',
      'Povinnost „Notářský zápis“ nebyla splněna do 1. 3. 2025. Opravit na kartě Povinnosti',
    ]);
    expect(calls.find((c) => c.path.endsWith('/validate/'))?.body).toEqual({ state: 'ACTIVE' });
    expect((within(dialog).getByRole('button', { name: 'Změnit stav' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((c) => c.path.endsWith('/state/'))).toBe(false);
  });

  it('checks the deal again when the dialog is opened again: a problem fixed meanwhile is gone', async () => {
    const user = userEvent.setup();
    let problems: DealValidation['problems'] = [{ code: 'MISSING_PURPOSE', message: 'Obchod nemá účel výplaty: zadejte, komu a kolik se vyplatí.', object_id: null }];
    const { calls } = dealApi(dealDetail({ state: 'CONTRACT_COMPLETION', days_past_due: 0, dpd_bucket: '0', breach_types: [], breaches: [] }), {
      'POST /api/v1/deals/501/validate/': () => ({ status: 200, body: validation({ state: 'CONTRACT_COMPLETION', target_state: 'CONTRACT_SIGN', valid: problems.length === 0, problems }) }),
    });
    renderApp('/deals/501');

    await user.click(await screen.findByRole('button', { name: 'Změnit stav' }));
    let dialog = await screen.findByRole('dialog', { name: 'Změnit stav obchodu' });
    await user.click(within(dialog).getByLabelText('Podpis smlouvy'));
    expect(await within(dialog).findByText(/Obchod nemá účel výplaty/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Zrušit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Staff add the purpose in its tab; the next opening asks the API again.
    problems = [];
    await user.click(screen.getByRole('button', { name: 'Změnit stav' }));
    dialog = await screen.findByRole('dialog', { name: 'Změnit stav obchodu' });
    await user.click(within(dialog).getByLabelText('Podpis smlouvy'));
    // Never the earlier answer, not even for a moment while the new check runs.
    expect(within(dialog).queryByText(/Obchod nemá účel výplaty/)).toBeNull();
    expect(await within(dialog).findByText('Obchod splňuje podmínky pro stav „Podpis smlouvy“.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Změnit stav' }) as HTMLButtonElement).disabled).toBe(false);
    expect(calls.filter((c) => c.path.endsWith('/validate/'))).toHaveLength(2);
  });

  it('changes the state when validate finds nothing, then refreshes the header', async () => {
    const user = userEvent.setup();
    let deal = dealDetail({ state: 'NEW_APPLICATION', days_past_due: 0, dpd_bucket: '0', breach_types: [], breaches: [] });
    const { calls } = dealApi(deal, {
      'GET /api/v1/deals/501/': () => ({ status: 200, body: deal }),
      'POST /api/v1/deals/501/validate/': () => ({ status: 200, body: validation({ state: 'NEW_APPLICATION', target_state: 'CONTRACT_COMPLETION' }) }),
      'POST /api/v1/deals/501/state/': () => {
        deal = { ...deal, state: 'CONTRACT_COMPLETION' };
        return {
          status: 200,
          body: { id: 501, state: 'CONTRACT_COMPLETION', previous_state: 'NEW_APPLICATION', closed_reason: null, allocation_profile: null, variable_symbol: '2500050117', signed_at: null, activated_at: null, closed_at: null, activation: null },
        };
      },
    });
    renderApp('/deals/501');

    await user.click(await screen.findByRole('button', { name: 'Změnit stav' }));
    const dialog = await screen.findByRole('dialog', { name: 'Změnit stav obchodu' });
    await user.click(within(dialog).getByLabelText('Dokončení smlouvy'));
    expect(await within(dialog).findByText('Obchod splňuje podmínky pro stav „Dokončení smlouvy“.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Poznámka/), 'Podklady kompletní');
    await user.click(within(dialog).getByRole('button', { name: 'Změnit stav' }));

    expect(await screen.findByText('Stav obchodu byl změněn na „Dokončení smlouvy“.')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/state/'))?.body).toEqual({ state: 'CONTRACT_COMPLETION', note: 'Podklady kompletní' });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).parentElement?.textContent).toContain('Dokončení smlouvy'));
  });

  it('activation is four-eyes: a 202 says the request waits for approval and the deal is not shown active', async () => {
    const user = userEvent.setup();
    const deal = dealDetail({ state: 'CONTRACT_SIGN', days_past_due: 0, dpd_bucket: '0', breach_types: [], breaches: [] });
    const approval = {
      object: 'approval_request', id: 31, action: 'DEAL_ACTIVATE', state: 'PENDING', summary: 'Aktivace obchodu #501', deal: 501, amount: '180000.00', input: {},
      maker: { id: 1, name: 'Lenka Černá' }, created_at: '2026-11-27T10:00:00.000Z', expires_at: '2026-12-04T10:00:00.000Z', decided_by: null, decided_at: null, reason: null, failure: null, result: null,
    };
    const { calls } = dealApi(deal, {
      'GET /api/v1/deals/501/': () => ({ status: 200, body: deal }),
      'POST /api/v1/deals/501/validate/': () => ({ status: 200, body: validation({ state: 'CONTRACT_SIGN', target_state: 'ACTIVE' }) }),
      'POST /api/v1/deals/501/state/': () => ({ status: 202, body: approval }),
    });
    renderApp('/deals/501');

    await user.click(await screen.findByRole('button', { name: 'Změnit stav' }));
    const dialog = await screen.findByRole('dialog', { name: 'Změnit stav obchodu' });
    await user.click(within(dialog).getByLabelText('Aktivní'));
    expect(await within(dialog).findByText('Obchod splňuje podmínky pro stav „Aktivní“.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Změnit stav' }));

    expect(await screen.findByText('Žádost č. 31 čeká na schválení jiným uživatelem; zatím se nic nezměnilo.')).toBeTruthy();
    expect(screen.queryByText('Stav obchodu byl změněn na „Aktivní“.')).toBeNull();
    expect(calls.find((c) => c.path.endsWith('/state/'))?.body).toEqual({ state: 'ACTIVE' });
  });

  it('shows the Czech detail of a 409 from the state change', async () => {
    const user = userEvent.setup();
    dealApi(dealDetail({ state: 'CONTRACT_SIGN' }), {
      'POST /api/v1/deals/501/state/': () => ({ status: 409, body: { detail: 'Přechod ze stavu Podpis smlouvy do stavu Uzavřená žádost není povolen.' } }),
    });
    renderApp('/deals/501');

    await user.click(await screen.findByRole('button', { name: 'Změnit stav' }));
    const dialog = await screen.findByRole('dialog', { name: 'Změnit stav obchodu' });
    await user.click(within(dialog).getByLabelText('Uzavřená žádost'));
    await user.click(within(dialog).getByRole('button', { name: 'Změnit stav' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Přechod ze stavu Podpis smlouvy do stavu Uzavřená žádost není povolen.');
  });

  it('lists the problems a 409 brings when the deal changed since the check', async () => {
    const user = userEvent.setup();
    dealApi(dealDetail({ state: 'NEW_APPLICATION' }), {
      'POST /api/v1/deals/501/validate/': () => ({ status: 200, body: validation({ state: 'NEW_APPLICATION', target_state: 'CONTRACT_COMPLETION' }) }),
      'POST /api/v1/deals/501/state/': () => ({
        status: 409,
        body: {
          detail: 'Obchod nelze převést do stavu Dokončení smlouvy: vyřešte uvedené problémy.',
          problems: [{ code: 'NO_DEBTOR', message: 'Obchod nemá dlužníka: přidejte účastníka v roli vydlužitel, dlužník nebo nájemce.', object_id: null }],
        },
      }),
    });
    renderApp('/deals/501');

    await user.click(await screen.findByRole('button', { name: 'Změnit stav' }));
    const dialog = await screen.findByRole('dialog', { name: 'Změnit stav obchodu' });
    await user.click(within(dialog).getByLabelText('Dokončení smlouvy'));
    await within(dialog).findByText('Obchod splňuje podmínky pro stav „Dokončení smlouvy“.');
    await user.click(within(dialog).getByRole('button', { name: 'Změnit stav' }));

    const problems = await within(dialog).findByRole('list', { name: 'Problémy bránící změně stavu' });
    expect(problems.textContent).toContain('Obchod nemá dlužníka');
    expect(problems.textContent).toContain('Opravit na kartě Účastníci');
    expect(within(dialog).getByText(/vyřešte uvedené problémy/)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Změnit stav' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for the closed reason when closing, and validates with it', async () => {
    const user = userEvent.setup();
    const { calls } = dealApi(dealDetail(), {
      'POST /api/v1/deals/501/validate/': (call) => {
        const body = call.body as { closed_reason?: string | null };
        return {
          status: 200,
          body: validation({
            state: 'ACTIVE',
            target_state: 'CLOSED',
            valid: false,
            problems: body.closed_reason
              ? [{ code: 'OUTSTANDING_CLAIMS', message: 'Obchod nelze uzavřít jako řádně splacený: zbývá uhradit 231 456,78 Kč.', object_id: null }]
              : [{ code: 'CLOSED_REASON_REQUIRED', message: 'Při uzavření obchodu zadejte důvod uzavření.', object_id: null }],
          }),
        };
      },
    });
    renderApp('/deals/501');

    await user.click(await screen.findByRole('button', { name: 'Změnit stav' }));
    const dialog = await screen.findByRole('dialog', { name: 'Změnit stav obchodu' });
    await user.click(within(dialog).getByLabelText('Uzavřený'));
    await user.click(within(dialog).getByRole('button', { name: 'Změnit stav' }));
    expect((await within(dialog).findAllByText(/Při uzavření obchodu zadejte důvod uzavření\./)).length).toBeGreaterThan(0);
    expect(within(dialog).getByLabelText(/Důvod uzavření/).getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.path.endsWith('/validate/') || c.path.endsWith('/state/'))).toBe(false);
    await user.selectOptions(within(dialog).getByLabelText(/Důvod uzavření/), 'Řádně splaceno');
    expect(await within(dialog).findByText(/zbývá uhradit 231 456,78 Kč/)).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('/validate/')).at(-1)?.body).toEqual({ state: 'CLOSED', closed_reason: 'CLOSED_DULY' });
    expect((within(dialog).getByRole('button', { name: 'Změnit stav' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows VIEWER no write actions', async () => {
    dealApi(dealDetail({ state: 'NEW_APPLICATION' }), {}, 'VIEWER');
    renderApp('/deals/501');
    expect(await screen.findByRole('heading', { name: 'Údaje obchodu' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Změnit stav' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upravit údaje' })).toBeNull();
  });

  it('says when the deal does not exist', async () => {
    mockApi({ ...meHandler(), 'GET /api/v1/deals/999/': () => ({ status: 404, body: { detail: 'Obchod nebyl nalezen.' } }) });
    renderApp('/deals/999');
    expect(await screen.findByRole('heading', { name: 'Obchod nebyl nalezen' })).toBeTruthy();
  });
});
