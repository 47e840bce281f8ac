import type { ApprovalRequestView, FourEyesSetting, StaffRole } from '@lending/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page as drfPage, mockApi, type RecordedCall, type Reply } from '../../test/fetch-mock';
import { currentUrl, meHandler, renderApp } from '../../test/render-app';
import { toasts } from '../../shared/toast';
// Loaded up front, so the lazy route resolves at once in every test.
import './index';

type Handlers = Parameters<typeof mockApi>[0];

// The signed-in user of render-app's staffUser is Jana Dvořáková, id 7.
const ME = { id: 7, name: 'Jana Dvořáková' };
const COLLEAGUE = { id: 12, name: 'Petr Novák' };

function approval(overrides: Partial<ApprovalRequestView> = {}): ApprovalRequestView {
  return {
    object: 'approval_request',
    id: 31,
    action: 'CLAIM_CREATE',
    state: 'PENDING',
    summary: 'Nová pohledávka: Poplatek, 12 345,00 Kč, splatná 1. 12. 2026 — obchod #415',
    deal: 415,
    amount: '12345.00',
    input: { dealId: 415, claim: { type: 'FEE', amount: '12345.00' } },
    maker: COLLEAGUE,
    created_at: '2026-11-20T09:15:00.000Z',
    expires_at: '2026-11-27T09:15:00.000Z',
    decided_by: null,
    decided_at: null,
    reason: null,
    failure: null,
    result: null,
    ...overrides,
  };
}

const settings: FourEyesSetting[] = [
  { action: 'CLAIM_CREATE', enabled: true, threshold: '500.00', expires_after_days: 7 },
  { action: 'PAYMENT_ORDER', enabled: true, threshold: null, expires_after_days: 3 },
  { action: 'DEAL_CLOSE', enabled: false, threshold: null, expires_after_days: 7 },
];

/**
 * The approvals API: GET /approvals/ answers `inbox` for actionable=true (the navigation's
 * one-row count among them, paged as the API pages) and `others` for any other list.
 */
function approvalsApi(role: StaffRole, { inbox = [approval()], others = [] as ApprovalRequestView[], extra = {} as Handlers } = {}) {
  const byId = new Map([...inbox, ...others].map((request) => [request.id, request]));
  const detailHandlers: Handlers = {};
  for (const [id, request] of byId) detailHandlers[`GET /api/v1/approvals/${id}/`] = () => ({ status: 200, body: request });
  return mockApi({
    ...meHandler(role),
    'GET /api/v1/approvals/': (call) => {
      const rows = call.query.get('actionable') === 'true' ? inbox : others;
      const size = Number(call.query.get('page_size') ?? 20);
      return { status: 200, body: drfPage(rows.slice(0, size), rows.length) };
    },
    'GET /api/v1/approvals/settings/': () => ({ status: 200, body: settings }),
    ...detailHandlers,
    ...extra,
  });
}

const listCalls = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'GET' && call.path === '/api/v1/approvals/' && call.query.get('page_size') !== '1');
const countCalls = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'GET' && call.path === '/api/v1/approvals/' && call.query.get('page_size') === '1');
const lastQuery = (calls: RecordedCall[]) => Object.fromEntries(listCalls(calls).at(-1)?.query ?? []);
const posts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST' || call.method === 'PUT');
const text = (element: Element) => element.textContent?.replace(/[\u00a0\u202f]/g, ' ');

async function openRequest(id: number) {
  await userEvent.click(await screen.findByRole('button', { name: `Žádost č. ${id}` }));
  return screen.findByRole('dialog', { name: `Žádost č. ${id}` });
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // The toast store outlives a test: what one test confirmed must not answer the next one's query.
  for (const toast of toasts.current()) toasts.dismiss(toast.id);
});

describe('approvals inbox', () => {
  it('lists the pending requests the checker may decide, with the action, summary, deal, amount and maker in Czech', async () => {
    const { calls } = approvalsApi('ACCOUNTANT');
    renderApp('/approvals');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ke schválení' })).toBeTruthy();
    const row = (await screen.findByText(/^Nová pohledávka: Poplatek/)).closest('tr')!;
    expect(within(row).getByRole('rowheader').textContent).toBe('Žádost č. 31');
    const cells = within(row).getAllByRole('cell').map(text);
    expect(cells[0]).toBe('Nová pohledávka');
    expect(cells[1]).toBe('Nová pohledávka: Poplatek, 12 345,00 Kč, splatná 1. 12. 2026 — obchod #415');
    expect(within(row).getByRole('link', { name: 'Obchod #415' }).getAttribute('href')).toBe('/deals/415');
    expect(cells[3]).toBe('12 345 Kč');
    expect(cells[4]).toBe('Petr Novák');
    expect(cells[7]).toBe('Čeká na schválení');
    expect(screen.getByRole('tab', { name: 'Ke schválení' }).getAttribute('aria-selected')).toBe('true');
    expect(lastQuery(calls)).toEqual({ actionable: 'true', ordering: '-created_at', page: '1', page_size: '20' });
    expect(screen.getByText('Nalezeno 1 žádost.')).toBeTruthy();
  });

  it('approves a request: POST approve/, a toast, and the list and the navigation count read again', async () => {
    const user = userEvent.setup();
    let inbox = [approval()];
    const { calls } = approvalsApi('ACCOUNTANT', {
      extra: {
        'GET /api/v1/approvals/': (call) => {
          const rows = call.query.get('actionable') === 'true' ? inbox : [];
          return { status: 200, body: drfPage(rows.slice(0, Number(call.query.get('page_size'))), rows.length) };
        },
        'POST /api/v1/approvals/31/approve/': () => {
          inbox = [];
          return { status: 200, body: approval({ state: 'EXECUTED', decided_by: ME, decided_at: '2026-11-21T10:00:00.000Z', result: { claim_id: 4711 } }) };
        },
      },
    });
    renderApp('/approvals');
    const nav = await screen.findByRole('navigation', { name: 'Hlavní navigace' });
    await within(nav).findByRole('link', { name: 'Ke schválení (1)' });

    const dialog = await openRequest(31);
    expect(within(dialog).getByText('Nová pohledávka: Poplatek, 12 345,00 Kč, splatná 1. 12. 2026 — obchod #415')).toBeTruthy();
    const lists = listCalls(calls).length;
    const counts = countCalls(calls).length;
    await user.click(await within(dialog).findByRole('button', { name: 'Schválit' }));

    expect(await screen.findByText('Žádost č. 31 byla schválena a provedena.')).toBeTruthy();
    expect(posts(calls).map((call) => [call.method, call.path])).toEqual([['POST', '/api/v1/approvals/31/approve/']]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(listCalls(calls).length).toBeGreaterThan(lists);
    expect(countCalls(calls).length).toBeGreaterThan(counts);
    expect(await screen.findByText('Nic nečeká na vaše schválení.')).toBeTruthy();
    // The row (and its button) left the inbox: focus stays on the list, not at the page's start.
    expect(document.activeElement).toBe(screen.getByRole('tabpanel', { name: 'Ke schválení' }));
    expect(within(nav).getByRole('link', { name: 'Ke schválení' }).getAttribute('href')).toBe('/approvals');
  });

  it('rejects only with a reason: none sends nothing, the API\'s field error shows at the field, then the reason goes', async () => {
    const user = userEvent.setup();
    let answer: Reply = { status: 400, body: { reason: ['Uveďte důvod zamítnutí.'] } };
    const { calls } = approvalsApi('ADMIN', { extra: { 'POST /api/v1/approvals/31/reject/': () => answer } });
    renderApp('/approvals');
    const dialog = await openRequest(31);

    await user.click(await within(dialog).findByRole('button', { name: 'Zamítnout' }));
    const reason = within(dialog).getByLabelText(/Důvod zamítnutí/);
    expect(document.activeElement).toBe(reason);
    await user.click(within(dialog).getByRole('button', { name: 'Zamítnout žádost' }));
    const errorOf = () => document.getElementById(reason.getAttribute('aria-describedby')!.split(' ').find((id) => id.endsWith('-error'))!);
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf()?.textContent).toBe('Chyba: Uveďte důvod zamítnutí.');
    expect(posts(calls)).toEqual([]);

    // Spaces only are no reason either; the API says so in its own words too.
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Zamítnout žádost' }));
    expect(posts(calls)).toEqual([]);
    await user.clear(reason);
    await user.type(reason, 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Zamítnout žádost' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    await waitFor(() => expect(errorOf()?.textContent).toBe('Chyba: Uveďte důvod zamítnutí.'));

    answer = { status: 200, body: approval({ state: 'REJECTED', decided_by: ME, decided_at: '2026-11-21T10:00:00.000Z', reason: 'Částka nesouhlasí se smlouvou.' }) };
    await user.clear(reason);
    await user.type(reason, ' Částka nesouhlasí se smlouvou. ');
    await user.click(within(dialog).getByRole('button', { name: 'Zamítnout žádost' }));

    expect(await screen.findByText('Žádost č. 31 byla zamítnuta.')).toBeTruthy();
    expect(posts(calls).map((call) => [call.path, call.body])).toEqual([
      ['/api/v1/approvals/31/reject/', { reason: 'x' }],
      ['/api/v1/approvals/31/reject/', { reason: 'Částka nesouhlasí se smlouvou.' }],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the API's 409 in the dialog (the action failed at approval) and reads the request and the list again", async () => {
    const user = userEvent.setup();
    const detail = 'Akci nelze provést: Obchod #415 už není v servisu (stav: Ukončený).';
    let current = approval();
    const { calls } = approvalsApi('ACCOUNTANT', {
      extra: {
        'GET /api/v1/approvals/31/': () => ({ status: 200, body: current }),
        'POST /api/v1/approvals/31/approve/': () => {
          current = approval({ state: 'FAILED', decided_by: ME, decided_at: '2026-11-21T10:00:00.000Z', failure: 'Obchod #415 už není v servisu (stav: Ukončený).' });
          return { status: 409, body: { detail, approval: current } };
        },
      },
    });
    renderApp('/approvals');
    const dialog = await openRequest(31);
    const lists = listCalls(calls).length;
    await user.click(await within(dialog).findByRole('button', { name: 'Schválit' }));

    const alert = await within(dialog).findByText(detail);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.queryByText('Žádost č. 31 byla schválena a provedena.')).toBeNull();
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(lists));
    // The request as it is now: failed, with the reason, and nothing more to decide.
    await waitFor(() => expect(within(dialog).getAllByText('Schváleno, ale nešlo provést').length).toBeGreaterThan(0));
    expect(within(dialog).getAllByText('Obchod #415 už není v servisu (stav: Ukončený).').length).toBeGreaterThan(0);
    expect(within(dialog).queryByRole('button', { name: 'Schválit' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Zamítnout' })).toBeNull();
  });
});

describe("the maker's requests and other roles", () => {
  it('offers the maker "Stáhnout žádost" on their pending request, never "Schválit", and withdraws it', async () => {
    const user = userEvent.setup();
    const mine = approval({ id: 32, maker: ME, action: 'PAYMENT_ORDER', summary: 'Platební příkaz čerpání: 2 čerpání, 250 000,00 Kč — obchod #415', amount: '250000.00' });
    const { calls } = approvalsApi('ACCOUNTANT', {
      inbox: [],
      others: [mine],
      extra: { 'POST /api/v1/approvals/32/withdraw/': () => ({ status: 200, body: { ...mine, state: 'WITHDRAWN', decided_by: ME, decided_at: '2026-11-21T10:00:00.000Z' } }) },
    });
    renderApp('/approvals?view=mine');

    const dialog = await openRequest(32);
    expect(screen.getByRole('tab', { name: 'Moje žádosti' }).getAttribute('aria-selected')).toBe('true');
    expect(lastQuery(calls)).toEqual({ maker: '7', ordering: '-created_at', page: '1', page_size: '20' });
    const withdraw = await within(dialog).findByRole('button', { name: 'Stáhnout žádost' });
    // An ACCOUNTANT holds the checker permission of payment orders, but not for their own request.
    expect(within(dialog).queryByRole('button', { name: 'Schválit' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Zamítnout' })).toBeNull();
    await user.click(withdraw);

    expect(await screen.findByText('Žádost č. 32 byla stažena.')).toBeTruthy();
    expect(posts(calls).map((call) => call.path)).toEqual(['/api/v1/approvals/32/withdraw/']);
  });

  it('shows a VIEWER requests and settings read-only: no decision buttons, no editing', async () => {
    approvalsApi('VIEWER', { inbox: [], others: [approval()] });
    renderApp('/approvals?view=all');
    expect(await screen.findByText('jen pro čtení')).toBeTruthy();

    const dialog = await openRequest(31);
    expect(within(dialog).getByText('Petr Novák')).toBeTruthy();
    for (const name of ['Schválit', 'Zamítnout', 'Stáhnout žádost']) expect(within(dialog).queryByRole('button', { name })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zavřít' }));

    const table = await screen.findByRole('table', { name: 'Nastavení čtyř očí' });
    expect(within(table).getAllByRole('row').slice(1).map((row) => Array.from(row.children).map(text))).toEqual([
      ['Nová pohledávka', 'Ano', '500 Kč', '7'],
      ['Platební příkaz čerpání', 'Ano', 'každá částka', '3'],
      ['Ukončení obchodu', 'Ne', 'každá částka', '7'],
    ]);
    expect(screen.queryByRole('button', { name: /^Upravit/ })).toBeNull();
  });

  it('shows a decided request with its decision and offers the executed payment order as a download', async () => {
    const user = userEvent.setup();
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:prikaz';
    });
    const executed = approval({
      id: 33,
      action: 'PAYMENT_ORDER',
      state: 'EXECUTED',
      summary: 'Platební příkaz čerpání: 1 čerpání, 80 000,00 Kč — obchod #415',
      amount: '80000.00',
      decided_by: COLLEAGUE,
      decided_at: '2026-11-21T10:00:00.000Z',
      result: { payment_order_id: 12, file_name: 'prikaz-415.kpc' },
    });
    const { calls } = approvalsApi('ACCOUNTANT', {
      inbox: [],
      others: [executed, approval({ id: 34, state: 'REJECTED', reason: 'Chybí podpis smlouvy.', decided_by: COLLEAGUE, decided_at: '2026-11-21T10:00:00.000Z' })],
      extra: {
        'GET /api/v1/deals/415/purposes/payments/12/': () => ({ status: 200, raw: 'UHL1...', headers: { 'Content-Type': 'text/plain', 'Content-Disposition': 'attachment; filename="prikaz-415.kpc"' } }),
      },
    });
    renderApp('/approvals?view=all');

    // The state says why: a rejection's reason beside it.
    const rejected = (await screen.findByRole('button', { name: 'Žádost č. 34' })).closest('tr')!;
    expect(text(within(rejected).getAllByRole('cell').at(-1)!)).toBe('ZamítnutoChybí podpis smlouvy.');

    const dialog = await openRequest(33);
    expect(within(dialog).getByText('Schváleno a provedeno')).toBeTruthy();
    expect(within(dialog).getAllByText('Petr Novák').length).toBe(2);
    await user.click(within(dialog).getByRole('button', { name: 'Stáhnout platební příkaz' }));
    expect(await screen.findByText('Soubor prikaz-415.kpc byl stažen.')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/v1/deals/415/purposes/payments/12/')).toBe(true);
    expect(saved).toHaveLength(1);
  });
});

describe('filters and views', () => {
  it('puts the filters into the URL and the request; "Všechny" adds the state filter', async () => {
    const user = userEvent.setup();
    const { calls } = approvalsApi('ADMIN', { others: [approval({ id: 40, maker: ME })] });
    const { router } = renderApp('/approvals');
    await screen.findByRole('button', { name: 'Žádost č. 31' });

    const filters = screen.getByRole('search', { name: 'Filtr žádostí' });
    expect(within(filters).queryByLabelText('Stav')).toBeNull();
    await user.selectOptions(within(filters).getByLabelText('Akce'), 'Platební příkaz čerpání');
    await user.type(within(filters).getByLabelText('Číslo obchodu'), 'abc');
    await user.type(within(filters).getByLabelText(/Starší než/), '3');
    await user.click(within(filters).getByRole('button', { name: 'Hledat' }));
    expect(await screen.findByText('Zadejte číslo obchodu (kladné celé číslo).')).toBeTruthy();
    expect(lastQuery(calls).action).toBeUndefined();

    await user.clear(within(filters).getByLabelText('Číslo obchodu'));
    await user.type(within(filters).getByLabelText('Číslo obchodu'), '415');
    await user.click(within(filters).getByRole('button', { name: 'Hledat' }));
    await waitFor(() =>
      expect(lastQuery(calls)).toEqual({ action: 'PAYMENT_ORDER', deal: '415', older_than_days: '3', actionable: 'true', ordering: '-created_at', page: '1', page_size: '20' }),
    );
    expect(screen.getByRole('button', { name: 'Odebrat filtr Starší než 3 dny' })).toBeTruthy();

    // The tabs are reached with the keyboard as WAI-ARIA tabs: arrows move between them.
    screen.getByRole('tab', { name: 'Ke schválení' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Všechny' }));
    await waitFor(() => expect(lastQuery(calls).actionable).toBeUndefined());
    expect(lastQuery(calls)).toEqual({ action: 'PAYMENT_ORDER', deal: '415', older_than_days: '3', ordering: '-created_at', page: '1', page_size: '20' });
    await user.selectOptions(screen.getByLabelText('Stav'), 'Zamítnuto');
    await user.click(screen.getByRole('button', { name: 'Hledat' }));
    await waitFor(() => expect(lastQuery(calls).state).toBe('REJECTED'));
    expect(new URL(currentUrl(router), 'http://x').searchParams.get('view')).toBe('all');

    await user.click(screen.getByRole('button', { name: 'Zrušit filtry' }));
    await waitFor(() => expect(lastQuery(calls)).toEqual({ ordering: '-created_at', page: '1', page_size: '20' }));
  });
});

describe('four-eyes settings', () => {
  it('lets ADMIN change a setting: PUT with the threshold as a decimal string and the days', async () => {
    const user = userEvent.setup();
    const { calls } = approvalsApi('ADMIN', {
      extra: { 'PUT /api/v1/approvals/settings/CLAIM_CREATE/': () => ({ status: 200, body: { action: 'CLAIM_CREATE', enabled: true, threshold: '1000.50', expires_after_days: 5 } }) },
    });
    renderApp('/approvals');

    await user.click(await screen.findByRole('button', { name: 'Upravit nastavení: Nová pohledávka' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nastavení: Nová pohledávka' });
    expect((within(dialog).getByLabelText('Vyžadovat schválení druhým uživatelem') as HTMLInputElement).checked).toBe(true);
    const threshold = within(dialog).getByLabelText('Práh (Kč)') as HTMLInputElement;
    expect(threshold.value).toBe('500');
    const days = within(dialog).getByLabelText(/Platnost žádosti \(dní\)/);
    await user.clear(days);
    await user.type(days, 'týden');
    await user.click(within(dialog).getByRole('button', { name: 'Uložit nastavení' }));
    expect(await within(dialog).findAllByText(/Zadejte celý počet dní \(1–90\)\./)).not.toHaveLength(0);
    expect(posts(calls)).toEqual([]);

    await user.clear(threshold);
    await user.type(threshold, '1 000,50');
    await user.clear(days);
    await user.type(days, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Uložit nastavení' }));

    expect(await screen.findByText('Nastavení čtyř očí pro akci Nová pohledávka bylo uloženo.')).toBeTruthy();
    expect(posts(calls).map((call) => [call.method, call.path, call.body])).toEqual([
      ['PUT', '/api/v1/approvals/settings/CLAIM_CREATE/', { enabled: true, threshold: '1000.50', expires_after_days: 5 }],
    ]);
  });
});

describe('navigation', () => {
  it('shows "Ke schválení (2)" when two pending requests await the user, asked as a one-row count', async () => {
    const { calls } = approvalsApi('ACCOUNTANT', { inbox: [approval(), approval({ id: 35, summary: 'Zrušení pohledávky č. 4711 — obchod #415', action: 'CLAIM_CANCEL' })] });
    renderApp('/approvals');

    const nav = await screen.findByRole('navigation', { name: 'Hlavní navigace' });
    const link = await within(nav).findByRole('link', { name: 'Ke schválení (2)' });
    expect(link.getAttribute('href')).toBe('/approvals');
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(Object.fromEntries(countCalls(calls)[0]!.query)).toEqual({ actionable: 'true', page_size: '1' });
  });

  it('shows plain "Ke schválení" when nothing awaits, and a role that approves nothing is told where its requests are', async () => {
    const { calls } = approvalsApi('UNDERWRITER', { inbox: [] });
    renderApp('/approvals');
    expect(await screen.findByText('Vaše role žádosti neschvaluje; své žádosti najdete v záložce Moje žádosti.')).toBeTruthy();
    expect(countCalls(calls)).toHaveLength(1);
    const nav = screen.getByRole('navigation', { name: 'Hlavní navigace' });
    expect(within(nav).getByRole('link', { name: 'Ke schválení' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: /Ke schválení \(/ })).toBeNull();
  });
});
