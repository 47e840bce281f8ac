import { realtyMessages, type CadastralLocationView, type StaffRole, type TitleDeedDetail, type TitleDeedListItem, type TitleDeedPrice } from '@lending/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../shared/toast';
import { page as drfPage, mockApi, type RecordedCall } from '../../test/fetch-mock';
import { currentUrl, meHandler, renderApp } from '../../test/render-app';
// Loaded up front, so the lazy routes resolve at once.
import './index';

type Handlers = Parameters<typeof mockApi>[0];

const vinohrady: CadastralLocationView = { id: 1, code: '727181', name: 'Vinohrady', municipality: 'Praha', district: 'Hlavní město Praha', sandbox: false };

function listItem(overrides: Partial<TitleDeedListItem> = {}): TitleDeedListItem {
  return {
    id: 90,
    cadastral_location_code: '727181',
    cadastral_location_name: 'Vinohrady',
    lv_number: '1234',
    external_id: null,
    price: '150.00',
    provider: 'wsdp',
    as_of: '2025-03-01T00:00:00.000Z',
    downloaded_at: '2025-03-01T10:00:00.000Z',
    ordered_by: { id: 7, name: 'Jana Dvořáková' },
    owners: ['Jiří Dvořák', 'Marie Dvořáková'],
    encumbrances: 2,
    realty_ids: [31],
    ...overrides,
  };
}

function detail(overrides: Partial<TitleDeedDetail> = {}): TitleDeedDetail {
  return {
    ...listItem(),
    extract: {
      cadastral_location_code: '727181',
      cadastral_location_name: 'Vinohrady',
      lv_number: '1234',
      as_of: '2025-03-01T00:00:00.000Z',
      owners: [
        { name: 'Jiří Dvořák', birth_number: '750101/1234', company_id: null, address: 'Vinohradská 1234/56, 120 00 Praha 2', kind: 'JOINT_MARITAL_OWNERSHIP', share_numerator: 1, share_denominator: 2 },
        { name: 'Marie Dvořáková', birth_number: '785512/1234', company_id: null, address: null, kind: 'OWNERSHIP', share_numerator: 1, share_denominator: 2 },
      ],
      parcels: [{ number: '1567', area: 1250, land_type: 'zastavěná plocha a nádvoří', usage: null }],
      buildings: [{ house_number: '1234', part_of_municipality: 'Vinohrady', usage: 'bytový dům', on_parcel: '1567' }],
      units: [{ number: '1234/12', usage: 'byt', share: '6850/125000' }],
      encumbrances: [
        { type: 'PLEDGE', description: 'Zástavní právo smluvní', beneficiary: 'Lending a.s.', burdened: null, amount: '3000000.00', document: 'V-12345/2025-101', since: '2025-01-20' },
        { type: 'DISTRAINT', description: 'Exekuční příkaz k prodeji nemovitosti', beneficiary: 'Mgr. Jan Novák, soudní exekutor', burdened: 'Jiří Dvořák', amount: null, document: '120 EX 4567/25', since: '2025-02-28' },
      ],
    },
    pdf_url: '/api/v1/title-deeds/90/pdf/',
    history: [
      { id: 88, downloaded_at: '2024-11-02T09:00:00.000Z', as_of: '2024-11-01T00:00:00.000Z' },
      { id: 85, downloaded_at: '2024-05-02T09:00:00.000Z', as_of: '2024-05-01T00:00:00.000Z' },
    ],
    previous_id: 88,
    changes: [
      { kind: 'ADDED', part: 'ENCUMBRANCE', text: 'Exekuce: Exekuční příkaz k prodeji nemovitosti (120 EX 4567/25)' },
      { kind: 'REMOVED', part: 'OWNER', text: 'Petr Dvořák, podíl 1/2' },
    ],
    ...overrides,
  };
}

const quote = (price = '150.00'): TitleDeedPrice => ({ cadastral_location_code: '727181', code: '1234', external_id: null, price, provider: 'wsdp' });

function deedsApi(role: StaffRole = 'UNDERWRITER', extra: Handlers = {}) {
  return mockApi({
    ...meHandler(role),
    'GET /api/v1/approvals/': () => ({ status: 200, body: drfPage([]) }),
    'GET /api/v1/title-deeds/': () => ({ status: 200, body: drfPage([listItem(), listItem({ id: 91, provider: 'sandbox', lv_number: '77', owners: [], encumbrances: 0, ordered_by: null })], 41) }),
    'GET /api/v1/title-deeds/90/': () => ({ status: 200, body: detail() }),
    'GET /api/v1/title-deeds/cadastral-locations/': (call) => {
      const search = (call.query.get('search') ?? '').toLowerCase();
      return { status: 200, body: drfPage(search === '727181' || 'vinohrady'.startsWith(search) ? [vinohrady] : []) };
    },
    ...extra,
  });
}

const text = (element: Element | null) => element?.textContent?.replace(/[\u00a0\u202f]/g, ' ') ?? '';
const queries = (calls: RecordedCall[], path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).map((c) => Object.fromEntries(c.query));
/** An accessible name as Czech amounts write it (non-breaking spaces read as spaces). */
const named = (expected: string) => (name: string) => name.replace(/[\u00a0\u202f]/g, ' ') === expected;
const fieldOf = (control: HTMLElement) => control.closest('.field') as HTMLElement;

beforeEach(() => {
  sessionStorage.clear();
  for (const toast of toasts.current()) toasts.dismiss(toast.id);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Listy vlastnictví (the list)', () => {
  it('is in the navigation; pages with page-size (a hyphen) and filters by territory and LV number through the URL', async () => {
    const user = userEvent.setup();
    const { calls } = deedsApi('VIEWER');
    const { router } = renderApp('/');
    await user.click(within(await screen.findByRole('navigation', { name: 'Hlavní navigace' })).getByRole('link', { name: 'Listy vlastnictví' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Listy vlastnictví' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Výpisy z listů vlastnictví' });
    expect(queries(calls, '/api/v1/title-deeds/')[0]).toEqual({ page: '1', 'page-size': '20' });
    const row = within(table).getByRole('link', { name: 'LV 1234, Vinohrady' }).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'LV 1234, Vinohrady' }).getAttribute('href')).toBe('/title-deeds/90');
    for (const shown of ['Jiří Dvořák, Marie Dvořáková', 'Jana Dvořáková', '150 Kč']) expect(text(row)).toContain(shown);
    expect(text(within(table).getByRole('link', { name: 'LV 77, Vinohrady' }).closest('tr'))).toContain('Zkušební');
    // Ordering costs money: not for a VIEWER.
    expect(screen.queryByRole('link', { name: 'Objednat výpis' })).toBeNull();

    const filters = screen.getByRole('search', { name: 'Filtr výpisů' });
    await user.type(within(filters).getByLabelText('Katastrální území: hledat'), 'vinoh');
    await waitFor(() => expect(queries(calls, '/api/v1/title-deeds/cadastral-locations/').at(-1)).toEqual({ search: 'vinoh', 'page-size': '10' }));
    await user.selectOptions(within(filters).getByLabelText('Katastrální území'), 'Vinohrady (727181), obec Praha');
    await user.type(within(filters).getByLabelText('Číslo LV'), '0');
    await user.click(within(filters).getByRole('button', { name: 'Hledat' }));
    expect(text(fieldOf(within(filters).getByLabelText('Číslo LV')))).toContain(realtyMessages.lvNumber);
    await user.clear(within(filters).getByLabelText('Číslo LV'));
    await user.type(within(filters).getByLabelText('Číslo LV'), '1234');
    await user.click(within(filters).getByRole('button', { name: 'Hledat' }));
    await waitFor(() => expect(queries(calls, '/api/v1/title-deeds/').at(-1)).toEqual({ cadastral_number: '727181', lv_number: '1234', page: '1', 'page-size': '20' }));
    expect(currentUrl(router)).toBe('/title-deeds?cadastral_number=727181&lv_number=1234');

    // Pages and their size, as the spec names them.
    await user.click(screen.getByRole('button', { name: 'Další strana' }));
    await waitFor(() => expect(queries(calls, '/api/v1/title-deeds/').at(-1)).toEqual({ cadastral_number: '727181', lv_number: '1234', page: '2', 'page-size': '20' }));
    await user.selectOptions(screen.getByLabelText('Záznamů na stránku'), '50');
    await waitFor(() => expect(queries(calls, '/api/v1/title-deeds/').at(-1)).toEqual({ cadastral_number: '727181', lv_number: '1234', page: '1', 'page-size': '50' }));
  });
});

describe('Objednat výpis', () => {
  it('asks the price first; the order carries it; a changed price (409) shows the server\'s message and the new price to confirm', async () => {
    const user = userEvent.setup();
    let orders = 0;
    const { calls } = deedsApi('UNDERWRITER', {
      'GET /api/v1/title-deeds/price/': () => ({ status: 200, body: quote() }),
      'POST /api/v1/title-deeds/download/': () => {
        orders += 1;
        if (orders === 1) return { status: 409, body: { detail: realtyMessages.priceChanged('160,00'), price: '160.00' } };
        return { status: 201, body: detail({ id: 92, price: '160.00' }) };
      },
      'GET /api/v1/title-deeds/92/': () => ({ status: 200, body: detail({ id: 92, price: '160.00' }) }),
    });
    const { router } = renderApp('/title-deeds');
    await user.click(await screen.findByRole('link', { name: 'Objednat výpis' }));
    const form = await screen.findByRole('form', { name: 'Objednávka výpisu' });
    expect(screen.getByRole('heading', { level: 1, name: 'Objednat výpis z listu vlastnictví' })).toBeTruthy();
    // Nothing to order before the price is known.
    expect(within(form).queryByRole('button', { name: /^Objednat za/ })).toBeNull();

    await user.type(within(form).getByLabelText('Katastrální území: hledat'), 'Vinohrady');
    await user.selectOptions(await within(form).findByRole('combobox', { name: /^Katastrální území/ }), 'Vinohrady (727181), obec Praha');
    await user.type(within(form).getByLabelText(/^Číslo listu vlastnictví/), '1234');
    await user.click(within(form).getByRole('button', { name: 'Zjistit cenu' }));
    expect(await within(form).findByText((_, element) => element?.tagName === 'P' && text(element) === 'Cena výpisu: 150,00 Kč')).toBeTruthy();
    expect(queries(calls, '/api/v1/title-deeds/price/')).toEqual([{ cadastral_location_code: '727181', code: '1234' }]);

    await user.click(within(form).getByRole('button', { name: named('Objednat za 150,00 Kč') }));
    // The price moved meanwhile: the server's words and the new price, to confirm again.
    expect(await within(form).findByText(realtyMessages.priceChanged('160,00'))).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')[0]?.body).toEqual({ cadastral_location_code: '727181', code: '1234', price: '150.00' });
    await user.click(within(form).getByRole('button', { name: named('Objednat za 160,00 Kč') }));
    await waitFor(() => expect(currentUrl(router)).toBe('/title-deeds/92'));
    expect(calls.filter((c) => c.method === 'POST')[1]?.body).toEqual({ cadastral_location_code: '727181', code: '1234', price: '160.00' });
    expect(await screen.findByRole('heading', { level: 1, name: 'LV 1234, Vinohrady' })).toBeTruthy();
  });

  it('comes pre-filled from a realty; another LV drops the price; the API\'s 400 lands at its field', async () => {
    const user = userEvent.setup();
    const { calls } = deedsApi('COLLECTIONS', {
      'GET /api/v1/title-deeds/price/': (call) =>
        call.query.get('code') === '99999' ? { status: 400, body: { code: [realtyMessages.lvNotFound] } } : { status: 200, body: { ...quote('100.00'), provider: 'sandbox' } },
    });
    renderApp('/title-deeds/order?cadastral_location_code=727181&code=1234');
    const form = await screen.findByRole('form', { name: 'Objednávka výpisu' });
    const lv = within(form).getByLabelText(/^Číslo listu vlastnictví/) as HTMLInputElement;
    expect(lv.value).toBe('1234');
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Vinohrady (727181), obec Praha' })).toBeTruthy());
    await user.click(within(form).getByRole('button', { name: 'Zjistit cenu' }));
    expect(await within(form).findByRole('button', { name: named('Objednat za 100,00 Kč') })).toBeTruthy();
    expect(within(form).getByText('Zkušební výpis (sandbox) – nejde o údaje z katastru.')).toBeTruthy();

    await user.clear(lv);
    await user.type(lv, '99999');
    expect(within(form).queryByRole('button', { name: /^Objednat za/ })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Zjistit cenu' }));
    await waitFor(() => expect(text(fieldOf(lv))).toContain(realtyMessages.lvNotFound));
    expect(lv.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).queryByRole('button', { name: /^Objednat za/ })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('is refused to a VIEWER', async () => {
    deedsApi('VIEWER');
    renderApp('/title-deeds/order');
    expect(await screen.findByText(/Výpisy z katastru objednává jen role/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Zjistit cenu' })).toBeNull();
  });
});

describe('Výpis (the detail)', () => {
  it('shows the header, the parsed extract (owners, parcels, buildings, units, encumbrances), the PDF, the history and the changes', async () => {
    deedsApi('VIEWER');
    renderApp('/title-deeds/90');
    expect(await screen.findByRole('heading', { level: 1, name: 'LV 1234, Vinohrady' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const facts = text(screen.getByRole('region', { name: 'Údaje o výpisu' }));
    for (const shown of ['Vinohrady (727181)', '1234', '150 Kč', 'Jana Dvořáková']) expect(facts).toContain(shown);
    expect(screen.queryByText('Zkušební výpis (sandbox) – nejde o údaje z katastru.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Stáhnout PDF' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Objednat nový výpis' })).toBeNull();

    const owners = screen.getByRole('table', { name: 'Vlastníci' });
    const first = within(owners).getByRole('rowheader', { name: 'Jiří Dvořák' }).closest('tr')!;
    for (const shown of ['750101/1234', 'Společné jmění manželů', '1/2']) expect(text(first)).toContain(shown);
    expect(text(screen.getByRole('table', { name: 'Pozemky' }))).toContain('1 250 m²');
    expect(text(screen.getByRole('table', { name: 'Stavby' }))).toContain('bytový dům');
    expect(text(screen.getByRole('table', { name: 'Jednotky' }))).toContain('6850/125000');

    const encumbrances = screen.getByRole('table', { name: 'Omezení vlastnického práva' });
    const pledge = within(encumbrances).getByRole('rowheader', { name: 'Zástavní právo' }).closest('tr')!;
    for (const shown of ['Zástavní právo smluvní', 'Lending a.s.', '3 000 000 Kč', 'V-12345/2025-101', '20. 1. 2025', 'celý list vlastnictví']) expect(text(pledge)).toContain(shown);
    const distraint = within(encumbrances).getByRole('rowheader', { name: 'Exekuce' }).closest('tr')!;
    for (const shown of ['120 EX 4567/25', 'Mgr. Jan Novák, soudní exekutor', '28. 2. 2025']) expect(text(distraint)).toContain(shown);

    const changes = screen.getByRole('region', { name: 'Změny oproti předchozímu výpisu' });
    expect(within(changes).getByRole('link', { name: 'výpisu č. 88' }).getAttribute('href')).toBe('/title-deeds/88');
    expect(text(within(changes).getByRole('list', { name: 'Změny oproti předchozímu výpisu: přibylo' }))).toContain('Omezení: Exekuce: Exekuční příkaz k prodeji nemovitosti (120 EX 4567/25)');
    expect(text(within(changes).getByRole('list', { name: 'Změny oproti předchozímu výpisu: ubylo' }))).toContain('Vlastník: Petr Dvořák, podíl 1/2');

    const history = screen.getByRole('region', { name: 'Historie výpisů tohoto listu vlastnictví' });
    expect(within(history).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/title-deeds/88', '/title-deeds/85']);
  });

  it('marks a sandbox extract, says "Beze změn" when nothing changed, and compares with a chosen earlier extract', async () => {
    const user = userEvent.setup();
    const { calls } = deedsApi('UNDERWRITER', {
      'GET /api/v1/title-deeds/90/': () => ({ status: 200, body: detail({ provider: 'sandbox', changes: [] }) }),
      'GET /api/v1/title-deeds/90/changes/': () => ({ status: 200, body: [{ kind: 'ADDED', part: 'ENCUMBRANCE', text: 'Zástavní právo: Lending a.s.' }] }),
    });
    const { router } = renderApp('/title-deeds/90');
    expect(await screen.findByText('Zkušební výpis (sandbox) – nejde o údaje z katastru.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Změny oproti předchozímu výpisu' })).getByText('Beze změn')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Objednat nový výpis' }).getAttribute('href')).toBe('/title-deeds/order?cadastral_location_code=727181&code=1234');

    const compare = screen.getByRole('form', { name: 'Porovnání výpisů' });
    await user.selectOptions(within(compare).getByLabelText('Výpis k porovnání'), '85');
    await user.click(within(compare).getByRole('button', { name: 'Porovnat' }));
    await waitFor(() => expect(queries(calls, '/api/v1/title-deeds/90/changes/')).toEqual([{ since: '85' }]));
    expect(currentUrl(router)).toBe('/title-deeds/90?since=85');
    expect(text(await screen.findByRole('list', { name: 'Změny od výpisu č. 85: přibylo' }))).toContain('Omezení: Zástavní právo: Lending a.s.');
  });
});
