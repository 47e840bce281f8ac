import { realtyMessages, type CadastralLocationView, type CollateralAlertView, type PurchasedPropertyView, type RealtyEstimation, type RealtyGroup, type RealtyView, type StaffRole, type TitleDeedDetail } from '@lending/contracts';
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

function realty(overrides: Partial<RealtyView> = {}): RealtyView {
  return {
    id: 31,
    type: 'FLAT',
    whole_address: 'Vinohradská 1234/56, 120 00 Praha 2',
    street: 'Vinohradská',
    house_number: '1234/56',
    city: 'Praha',
    zip: '12000',
    cadastral_area_code: '727181',
    cadastral_area_name: 'Vinohrady',
    lv_number: '1234',
    parcel_number: '1567',
    unit_number: '1234/12',
    floor_area: '68.50',
    land_area: null,
    note: null,
    groups: [{ id: 41, deal_id: 501, name: 'Byt Vinohrady', mortgage: true, latest_value: '4500000.00', ltv: '62.50' }],
    title_deed: { id: 90, downloaded_at: '2025-03-01T10:00:00.000Z' },
    purchased_property_id: null,
    open_alerts: 2,
    ...overrides,
  };
}

function estimation(overrides: Partial<RealtyEstimation> = {}): RealtyEstimation {
  return { id: 71, realty_group_id: 41, value: '4500000.00', estimated_at: '2025-02-10', estimator: 'Ing. Petr Malý', note: null, created_at: '2025-02-11T08:00:00.000Z', ...overrides };
}

function group(overrides: Partial<RealtyGroup> = {}): RealtyGroup {
  return {
    id: 41,
    deal_id: 501,
    name: 'Byt Vinohrady',
    mortgage: true,
    note: null,
    realties: [{ id: 31, type: 'FLAT', whole_address: 'Vinohradská 1234/56, 120 00 Praha 2', lv_number: '1234', cadastral_area_name: 'Vinohrady' }],
    latest_estimation: estimation(),
    ltv: '62.50',
    created_at: '2025-01-05T08:00:00.000Z',
    updated_at: '2025-02-11T08:00:00.000Z',
    ...overrides,
  };
}

function alert(overrides: Partial<CollateralAlertView> = {}): CollateralAlertView {
  return {
    id: 81,
    deal_id: 501,
    realty_id: 31,
    realty_address: 'Vinohradská 1234/56, 120 00 Praha 2',
    title_deed_id: 90,
    previous_title_deed_id: 88,
    kind: 'DISTRAINT',
    description: 'Exekuční příkaz k prodeji nemovitosti, 120 EX 4567/25',
    created_at: '2025-03-01T10:05:00.000Z',
    resolved_at: null,
    ...overrides,
  };
}

function deed(overrides: Partial<TitleDeedDetail> = {}): TitleDeedDetail {
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
    owners: ['Jiří Dvořák'],
    encumbrances: 1,
    realty_ids: [31],
    extract: null,
    pdf_url: '/api/v1/title-deeds/90/pdf/',
    history: [{ id: 88, downloaded_at: '2024-11-02T09:00:00.000Z', as_of: '2024-11-01T00:00:00.000Z' }],
    previous_id: 88,
    changes: [],
    ...overrides,
  };
}

function purchased(overrides: Partial<PurchasedPropertyView> = {}): PurchasedPropertyView {
  const { groups: _groups, purchased_property_id: _purchased, ...own } = realty({ id: 35, title_deed: null, open_alerts: 0 });
  return {
    id: 12,
    state: 'ACQUISITION',
    realty: own,
    deal: { id: 501, type: 'CONSUMER_LOAN', state: 'ACTIVE', person_name: 'Jiří Dvořák' },
    purchase_price: null,
    purchased_on: null,
    sale_price: null,
    sold_on: null,
    note: null,
    created_at: '2025-03-02T08:00:00.000Z',
    updated_at: '2025-03-02T08:00:00.000Z',
    ...overrides,
  };
}

function realtiesApi(role: StaffRole = 'UNDERWRITER', extra: Handlers = {}) {
  return mockApi({
    ...meHandler(role),
    'GET /api/v1/approvals/': () => ({ status: 200, body: drfPage([]) }),
    'GET /api/v1/realties/': () => ({ status: 200, body: drfPage([realty(), realty({ id: 32, whole_address: null, street: 'Dlouhá', house_number: '5', zip: '11000', city: 'Praha', type: 'LAND', groups: [], title_deed: null, open_alerts: 0, lv_number: null, cadastral_area_name: null, cadastral_area_code: null })], 2) }),
    'GET /api/v1/realties/31/': () => ({ status: 200, body: realty() }),
    'GET /api/v1/title-deeds/cadastral-locations/': (call) => {
      const search = (call.query.get('search') ?? '').toLowerCase();
      return { status: 200, body: drfPage(search === '727181' || 'vinohrady'.startsWith(search) ? [vinohrady] : []) };
    },
    'GET /api/v1/realty-group/41/estimations/': () => ({ status: 200, body: drfPage([estimation(), estimation({ id: 70, value: '4200000.00', estimated_at: '2024-06-01', estimator: null })]) }),
    'GET /api/v1/title-deeds/90/': () => ({ status: 200, body: deed() }),
    'GET /api/v1/collateral-alerts/': () => ({ status: 200, body: drfPage([alert(), alert({ id: 82, realty_id: 33, kind: 'PLEDGE', description: 'Zástavní právo jiné nemovitosti' })]) }),
    ...extra,
  });
}

const DEAL_TAKEN = 'K tomuto obchodu už koupená nemovitost je.';
const text = (element: Element | null) => element?.textContent?.replace(/[\u00a0\u202f]/g, ' ') ?? '';
const queries = (calls: RecordedCall[], path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).map((c) => Object.fromEntries(c.query));
const fieldOf = (control: HTMLElement) => control.closest('.field') as HTMLElement;

beforeEach(() => {
  sessionStorage.clear();
  for (const toast of toasts.current()) toasts.dismiss(toast.id);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Nemovitosti (the list)', () => {
  it('is in the navigation; each row shows the address, type, territory and LV, groups with LTV, the title deed and open alerts', async () => {
    const user = userEvent.setup();
    const { calls } = realtiesApi('VIEWER');
    renderApp('/');
    await user.click(within(await screen.findByRole('navigation', { name: 'Hlavní navigace' })).getByRole('link', { name: 'Nemovitosti' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nemovitosti' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const table = await screen.findByRole('table', { name: 'Seznam nemovitostí' });
    expect(queries(calls, '/api/v1/realties/')[0]).toEqual({ page: '1', page_size: '20' });

    const row = within(table).getByRole('link', { name: 'Vinohradská 1234/56, 120 00 Praha 2' }).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Vinohradská 1234/56, 120 00 Praha 2' }).getAttribute('href')).toBe('/realties/31');
    for (const shown of ['Byt', 'Vinohrady', 'LV 1234', '62,5 %', 'Upozornění: 2']) expect(text(row)).toContain(shown);
    expect(within(row).getByRole('link', { name: 'Byt Vinohrady' }).getAttribute('href')).toBe('/realty-groups/41');
    expect(within(row).getByRole('link', { name: /^Výpis z 1\. 3\. 2025/ }).getAttribute('href')).toBe('/title-deeds/90');
    const second = within(table).getByRole('link', { name: 'Dlouhá 5, 11000 Praha' }).closest('tr')!;
    for (const shown of ['Pozemek', 'Bez skupiny', 'Bez výpisu', 'Žádná']) expect(text(second)).toContain(shown);

    // The area's pages as tabs.
    const tabs = screen.getByRole('navigation', { name: 'Evidence nemovitostí' });
    expect(within(tabs).getByRole('link', { name: 'Nemovitosti' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: 'Koupené nemovitosti' }).getAttribute('href')).toBe('/realties/purchased');
    expect(within(tabs).getByRole('link', { name: 'Skupiny nemovitostí' }).getAttribute('href')).toBe('/realty-groups');
  });

  it('puts the filters into the URL and the query: type, territory searched in the codebook (page-size), deal, LTV from/to, search', async () => {
    const user = userEvent.setup();
    const { calls } = realtiesApi();
    const { router } = renderApp('/realties');
    await screen.findByRole('table', { name: 'Seznam nemovitostí' });
    const filters = screen.getByRole('search', { name: 'Filtr nemovitostí' });
    await user.selectOptions(within(filters).getByLabelText('Druh nemovitosti'), 'Byt');
    await user.type(within(filters).getByLabelText('Katastrální území: hledat'), 'Vinoh');
    await waitFor(() => expect(queries(calls, '/api/v1/title-deeds/cadastral-locations/').at(-1)).toEqual({ search: 'Vinoh', 'page-size': '10' }));
    await user.selectOptions(within(filters).getByLabelText('Katastrální území'), 'Vinohrady (727181), obec Praha');
    await user.type(within(filters).getByLabelText('Vyhledat'), 'Vinohradská');
    await user.click(within(filters).getByRole('button', { name: 'Další filtry' }));
    await user.type(within(filters).getByLabelText('Číslo obchodu'), '501');
    await user.type(within(filters).getByLabelText('LTV od (%)'), '90');
    await user.type(within(filters).getByLabelText('LTV do (%)'), '80,5');
    await user.click(within(filters).getByRole('button', { name: 'Hledat' }));
    // From above to: refused before asking.
    expect(text(fieldOf(within(filters).getByLabelText('LTV do (%)')))).toContain(realtyMessages.ltvRange);
    expect(queries(calls, '/api/v1/realties/')).toHaveLength(1);

    await user.clear(within(filters).getByLabelText('LTV od (%)'));
    await user.type(within(filters).getByLabelText('LTV od (%)'), '50');
    await user.click(within(filters).getByRole('button', { name: 'Hledat' }));
    await waitFor(() =>
      expect(queries(calls, '/api/v1/realties/').at(-1)).toEqual({ search: 'Vinohradská', type: 'FLAT', cadastral_area_code: '727181', deal: '501', ltv_min: '50', ltv_max: '80.5', page: '1', page_size: '20' }),
    );
    expect(currentUrl(router)).toBe('/realties?search=Vinohradsk%C3%A1&type=FLAT&cadastral_area_code=727181&deal=501&ltv_min=50&ltv_max=80.5');
    expect(screen.getByRole('button', { name: 'Odebrat filtr Katastrální území: Vinohrady (727181), obec Praha' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Odebrat filtr LTV do (%): 80,5 %' })).toBeTruthy();

    // Sorting and paging stay in the URL as well.
    await user.click(screen.getByRole('button', { name: /^Skupiny a LTV/ }));
    await waitFor(() => expect(queries(calls, '/api/v1/realties/').at(-1)?.ordering).toBe('ltv'));
  });
});

describe('Nemovitost (the detail)', () => {
  it('shows the groups, their estimations, the extracts and the realty\'s open alerts; resolves one and links the title-deed order', async () => {
    const user = userEvent.setup();
    let resolved = false;
    const { calls } = realtiesApi('UNDERWRITER', {
      'GET /api/v1/collateral-alerts/': () => ({ status: 200, body: drfPage(resolved ? [] : [alert(), alert({ id: 82, realty_id: 33, kind: 'PLEDGE', description: 'Zástavní právo jiné nemovitosti' })]) }),
      'POST /api/v1/collateral-alerts/81/resolve/': () => {
        resolved = true;
        return { status: 200, body: alert({ resolved_at: '2025-03-03T08:00:00.000Z' }) };
      },
    });
    renderApp('/realties/31');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vinohradská 1234/56, 120 00 Praha 2' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const groups = screen.getByRole('table', { name: 'Skupiny, do nichž nemovitost patří' });
    expect(within(groups).getByRole('link', { name: 'Byt Vinohrady' }).getAttribute('href')).toBe('/realty-groups/41');
    expect(within(groups).getByRole('link', { name: 'Obchod #501' }).getAttribute('href')).toBe('/deals/501');
    expect(text(groups)).toContain('4 500 000 Kč');
    expect(text(groups)).toContain('62,5 %');

    const estimations = await screen.findByRole('table', { name: 'Odhady skupiny Byt Vinohrady' });
    expect(within(estimations).getAllByRole('row')).toHaveLength(3);
    expect(text(estimations)).toContain('4 200 000 Kč');
    expect(text(estimations)).toContain('Ing. Petr Malý');

    const extracts = await screen.findByRole('table', { name: 'Výpisy z listu vlastnictví nemovitosti' });
    expect(within(extracts).getByRole('link', { name: 'Výpis č. 90 (poslední)' }).getAttribute('href')).toBe('/title-deeds/90');
    expect(within(extracts).getByRole('link', { name: 'Výpis č. 88' }).getAttribute('href')).toBe('/title-deeds/88');

    // The deal's alerts, kept to this realty's.
    const alerts = await screen.findByRole('table', { name: 'Nevyřízená upozornění' });
    expect(queries(calls, '/api/v1/collateral-alerts/')[0]).toEqual({ deal: '501', page_size: '100' });
    expect(text(alerts)).toContain('Nová exekuce');
    expect(text(alerts)).not.toContain('Zástavní právo jiné nemovitosti');

    expect(screen.getByRole('link', { name: 'Objednat list vlastnictví' }).getAttribute('href')).toBe('/title-deeds/order?cadastral_location_code=727181&code=1234');

    await user.click(within(alerts).getByRole('button', { name: 'Vyřídit upozornění: Nová exekuce' }));
    expect(await screen.findByText('Upozornění bylo vyřízeno.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/collateral-alerts/81/resolve/')).toBe(true);
    expect(await screen.findByText('Žádná nevyřízená upozornění.')).toBeTruthy();
  });

  it('shows a VIEWER neither "Vyřídit" nor the (paid) title-deed order', async () => {
    realtiesApi('VIEWER');
    renderApp('/realties/31');
    const alerts = await screen.findByRole('table', { name: 'Nevyřízená upozornění' });
    expect(text(alerts)).toContain('Nová exekuce');
    expect(within(alerts).queryByRole('button', { name: /Vyřídit/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Objednat list vlastnictví' })).toBeNull();
  });
});

describe('Koupené nemovitosti', () => {
  it('filters by state, active deal and search into the URL and the query; "Přidat" only for realties.write', async () => {
    const user = userEvent.setup();
    const { calls } = realtiesApi('UNDERWRITER', {
      'GET /api/v1/realties/purchased/': () => ({ status: 200, body: drfPage([purchased()]) }),
    });
    const { router } = renderApp('/realties/purchased');
    const table = await screen.findByRole('table', { name: 'Seznam koupených nemovitostí' });
    expect(queries(calls, '/api/v1/realties/purchased/')[0]).toEqual({ page: '1', page_size: '20' });
    const row = within(table).getByRole('link', { name: 'Vinohradská 1234/56, 120 00 Praha 2' }).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Vinohradská 1234/56, 120 00 Praha 2' }).getAttribute('href')).toBe('/realties/purchased/12');
    expect(within(row).getByRole('link', { name: 'Obchod #501' }).getAttribute('href')).toBe('/deals/501');
    expect(text(row)).toContain('Probíhá nabytí');
    expect(screen.getByRole('link', { name: 'Přidat koupenou nemovitost' }).getAttribute('href')).toBe('/realties/purchased/new');

    const filters = screen.getByRole('search', { name: 'Filtr koupených nemovitostí' });
    await user.selectOptions(within(filters).getByLabelText('Stav'), 'Ve vlastnictví');
    await user.selectOptions(within(filters).getByLabelText('Obchod ve splácení'), 'Ne');
    await user.type(within(filters).getByLabelText('Vyhledat'), 'Praha');
    await user.click(within(filters).getByRole('button', { name: 'Hledat' }));
    await waitFor(() => expect(queries(calls, '/api/v1/realties/purchased/').at(-1)).toEqual({ search: 'Praha', state: 'OWNERSHIP', active_deal: 'false', page: '1', page_size: '20' }));
    expect(currentUrl(router)).toBe('/realties/purchased?search=Praha&state=OWNERSHIP&active_deal=false');
  });

  it('hides "Přidat" from a VIEWER', async () => {
    realtiesApi('VIEWER', { 'GET /api/v1/realties/purchased/': () => ({ status: 200, body: drfPage([purchased()]) }) });
    renderApp('/realties/purchased');
    await screen.findByRole('table', { name: 'Seznam koupených nemovitostí' });
    expect(screen.queryByRole('link', { name: 'Přidat koupenou nemovitost' })).toBeNull();
  });

  it('creates one: the body carries the realty, deal, prices and dates; the API\'s 400 messages land at their fields', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { calls } = realtiesApi('UNDERWRITER', {
      'POST /api/v1/realties/purchased/': () => {
        attempts += 1;
        if (attempts === 1) return { status: 400, body: { 'realty.lv_number': [realtyMessages.lvNumber + ' (katastr)'], deal_id: [DEAL_TAKEN] } };
        return { status: 201, body: purchased({ id: 14, state: 'OWNERSHIP', purchase_price: '3500000.00', purchased_on: '2025-03-01' }) };
      },
      'GET /api/v1/realties/purchased/14/': () => ({ status: 200, body: purchased({ id: 14, state: 'OWNERSHIP', purchase_price: '3500000.00', purchased_on: '2025-03-01' }) }),
    });
    const { router } = renderApp('/realties/purchased/new');
    const form = await screen.findByRole('form', { name: 'Nová koupená nemovitost' });
    expect(screen.getByRole('heading', { level: 1, name: 'Nová koupená nemovitost' })).toBeTruthy();

    // The schema first: a type is required.
    await user.click(within(form).getByRole('button', { name: 'Uložit koupenou nemovitost' }));
    expect(fieldOf(within(form).getByLabelText(/^Druh nemovitosti/)).className).toContain('field--error');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.selectOptions(within(form).getByLabelText(/^Druh nemovitosti/), 'Byt');
    await user.type(within(form).getByLabelText('Celá adresa'), 'Vinohradská 1234/56, 120 00 Praha 2');
    await user.type(within(form).getByLabelText('Katastrální území: hledat'), '727181');
    await user.selectOptions(await within(form).findByRole('combobox', { name: 'Katastrální území' }), 'Vinohrady (727181), obec Praha');
    await user.type(within(form).getByLabelText('Číslo listu vlastnictví'), '1234');
    await user.type(within(form).getByLabelText('Podlahová plocha (m²)'), '68,5');
    await user.type(within(form).getByLabelText('Číslo obchodu'), '501');
    await user.selectOptions(within(form).getByLabelText(/^Stav/), 'Ve vlastnictví');
    await user.type(within(form).getByLabelText('Kupní cena'), '3 500 000');
    await user.type(within(form).getByLabelText('Datum nabytí'), '2025-03-01');
    await user.click(within(form).getByRole('button', { name: 'Uložit koupenou nemovitost' }));

    await waitFor(() => expect(text(fieldOf(within(form).getByLabelText('Číslo listu vlastnictví')))).toContain(realtyMessages.lvNumber + ' (katastr)'));
    expect(within(form).getByLabelText('Číslo listu vlastnictví').getAttribute('aria-invalid')).toBe('true');
    expect(text(fieldOf(within(form).getByLabelText('Číslo obchodu')))).toContain(DEAL_TAKEN);
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      realty: { type: 'FLAT', whole_address: 'Vinohradská 1234/56, 120 00 Praha 2', cadastral_area_code: '727181', lv_number: '1234', floor_area: '68.5', street: null },
      deal_id: 501,
      state: 'OWNERSHIP',
      purchase_price: '3500000.00',
      purchased_on: '2025-03-01',
      sale_price: null,
      sold_on: null,
      note: null,
    });

    await user.click(within(form).getByRole('button', { name: 'Uložit koupenou nemovitost' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/realties/purchased/14'));
    expect(await screen.findByText('Koupená nemovitost byla uložena.')).toBeTruthy();
  });

  it('in acquisition: moves forward to ownership (asking the purchase price and day), and may be deleted; never back', async () => {
    const user = userEvent.setup();
    let current = purchased();
    const { calls } = realtiesApi('UNDERWRITER', {
      'GET /api/v1/realties/purchased/12/': () => ({ status: 200, body: current }),
      'PATCH /api/v1/realties/purchased/12/': (call) => {
        current = purchased({ ...(call.body as Partial<PurchasedPropertyView>), state: 'OWNERSHIP' });
        return { status: 200, body: current };
      },
    });
    renderApp('/realties/purchased/12');
    await screen.findByRole('heading', { level: 1, name: 'Vinohradská 1234/56, 120 00 Praha 2' });
    expect(screen.getByRole('link', { name: 'Obchod #501' }).getAttribute('href')).toBe('/deals/501');
    expect(screen.queryByRole('button', { name: 'Označit jako prodanou' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Smazat' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Převést do vlastnictví' }));
    const dialog = screen.getByRole('dialog', { name: 'Převést do vlastnictví' });
    await user.click(within(dialog).getByRole('button', { name: 'Převést do vlastnictví' }));
    expect(text(fieldOf(within(dialog).getByLabelText(/^Kupní cena/)))).toContain(realtyMessages.ownershipNeeds);
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Kupní cena/), '3500000');
    await user.type(within(dialog).getByLabelText(/^Datum nabytí/), '2025-03-01');
    await user.click(within(dialog).getByRole('button', { name: 'Převést do vlastnictví' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ state: 'OWNERSHIP', purchase_price: '3500000.00', purchased_on: '2025-03-01' }));
    expect(await screen.findByText('Nemovitost je ve vlastnictví.')).toBeTruthy();

    // In ownership: only the sale is next, and it can no longer be deleted.
    expect(await screen.findByRole('button', { name: 'Označit jako prodanou' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Převést do vlastnictví' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Smazat' })).toBeNull();

  });

  it('deletes one in acquisition after a confirmation, back to the list', async () => {
    const user = userEvent.setup();
    const { calls } = realtiesApi('UNDERWRITER', {
      'GET /api/v1/realties/purchased/12/': () => ({ status: 200, body: purchased() }),
      'DELETE /api/v1/realties/purchased/12/': () => ({ status: 204 }),
      'GET /api/v1/realties/purchased/': () => ({ status: 200, body: drfPage([]) }),
    });
    const { router } = renderApp('/realties/purchased/12');
    await user.click(await screen.findByRole('button', { name: 'Smazat' }));
    const confirm = screen.getByRole('dialog', { name: 'Smazat koupenou nemovitost?' });
    await user.click(within(confirm).getByRole('button', { name: 'Smazat' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/realties/purchased'));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/v1/realties/purchased/12/')).toBe(true);
    expect(await screen.findByText('Koupená nemovitost byla smazána.')).toBeTruthy();
  });

  it('in ownership moves only to sold (sale price and day); sold has no next state; a VIEWER sees no action', async () => {
    const user = userEvent.setup();
    let current = purchased({ state: 'OWNERSHIP', purchase_price: '3500000.00', purchased_on: '2025-03-01' });
    const { calls } = realtiesApi('UNDERWRITER', {
      'GET /api/v1/realties/purchased/12/': () => ({ status: 200, body: current }),
      'PATCH /api/v1/realties/purchased/12/': (call) => {
        current = { ...current, ...(call.body as Partial<PurchasedPropertyView>), state: 'SOLD' };
        return { status: 200, body: current };
      },
    });
    renderApp('/realties/purchased/12');
    await user.click(await screen.findByRole('button', { name: 'Označit jako prodanou' }));
    const dialog = screen.getByRole('dialog', { name: 'Označit jako prodanou' });
    await user.type(within(dialog).getByLabelText(/^Prodejní cena/), '4100000,50');
    await user.type(within(dialog).getByLabelText(/^Datum prodeje/), '2025-09-15');
    await user.click(within(dialog).getByRole('button', { name: 'Označit jako prodanou' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ state: 'SOLD', sale_price: '4100000.50', sold_on: '2025-09-15' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Označit jako prodanou' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Převést do vlastnictví' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Smazat' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Upravit' })).toBeTruthy();
  });

  it('shows a VIEWER no edit, state or delete buttons', async () => {
    realtiesApi('VIEWER', { 'GET /api/v1/realties/purchased/12/': () => ({ status: 200, body: purchased() }) });
    renderApp('/realties/purchased/12');
    await screen.findByRole('heading', { level: 1, name: 'Vinohradská 1234/56, 120 00 Praha 2' });
    // The user is known by the time the record is shown; nothing to act with.
    await screen.findByText('jen pro čtení');
    for (const name of ['Upravit', 'Smazat', 'Převést do vlastnictví', 'Označit jako prodanou']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('edits one by PATCH; a 409 shows as the form\'s error', async () => {
    const user = userEvent.setup();
    const { calls } = realtiesApi('UNDERWRITER', {
      'GET /api/v1/realties/purchased/12/': () => ({ status: 200, body: purchased() }),
      'PATCH /api/v1/realties/purchased/12/': () => ({ status: 409, body: { detail: DEAL_TAKEN } }),
    });
    renderApp('/realties/purchased/12');
    await user.click(await screen.findByRole('button', { name: 'Upravit' }));
    const dialog = screen.getByRole('dialog', { name: 'Upravit koupenou nemovitost' });
    const note = within(dialog).getByLabelText('Poznámka');
    await user.type(note, 'Čeká na zápis do katastru');
    await user.click(within(dialog).getByRole('button', { name: 'Uložit změny' }));
    expect(await within(dialog).findByText(DEAL_TAKEN)).toBeTruthy();
    const body = calls.find((c) => c.method === 'PATCH')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ note: 'Čeká na zápis do katastru', deal_id: 501, realty: { type: 'FLAT', lv_number: '1234' } });
    expect(body).not.toHaveProperty('state');
  });
});

describe('Skupiny nemovitostí', () => {
  it('lists the groups by search, and a group shows its deal, realties, LTV and estimation history', async () => {
    const user = userEvent.setup();
    const { calls } = realtiesApi('VIEWER', {
      'GET /api/v1/realty-group/': () => ({ status: 200, body: drfPage([group()]) }),
      'GET /api/v1/realty-group/41/': () => ({ status: 200, body: group() }),
    });
    const { router } = renderApp('/realty-groups');
    const table = await screen.findByRole('table', { name: 'Seznam skupin nemovitostí' });
    expect(text(table)).toContain('62,5 %');
    expect(text(table)).toContain('4 500 000 Kč (10. 2. 2025)');
    const filters = screen.getByRole('search', { name: 'Filtr skupin nemovitostí' });
    await user.type(within(filters).getByLabelText('Vyhledat'), 'Vinohrady');
    await user.click(within(filters).getByRole('button', { name: 'Hledat' }));
    await waitFor(() => expect(queries(calls, '/api/v1/realty-group/').at(-1)).toEqual({ search: 'Vinohrady', page: '1', page_size: '20' }));
    expect(currentUrl(router)).toBe('/realty-groups?search=Vinohrady');

    await user.click(within(table).getByRole('link', { name: 'Byt Vinohrady' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Byt Vinohrady' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Obchod #501' })[0]!.getAttribute('href')).toBe('/deals/501');
    expect(screen.getByRole('link', { name: 'Vinohradská 1234/56, 120 00 Praha 2' }).getAttribute('href')).toBe('/realties/31');
    const history = await screen.findByRole('table', { name: 'Historie odhadů' });
    expect(within(history).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Přidat odhad' })).toBeNull();
    expect(within(history).queryByRole('button', { name: /Upravit/ })).toBeNull();
  });

  it('adds an estimation and edits one (deals.originate)', async () => {
    const user = userEvent.setup();
    const { calls } = realtiesApi('UNDERWRITER', {
      'GET /api/v1/realty-group/41/': () => ({ status: 200, body: group() }),
      'POST /api/v1/realty-group/41/estimations/': () => ({ status: 201, body: estimation({ id: 72, value: '4800000.00', estimated_at: '2025-03-05' }) }),
      'PATCH /api/v1/realty-group/41/estimations/71/': () => ({ status: 400, body: { estimated_at: ['Datum odhadu nesmí být v budoucnosti.'] } }),
    });
    renderApp('/realty-groups/41');
    await user.click(await screen.findByRole('button', { name: 'Přidat odhad' }));
    let dialog = screen.getByRole('dialog', { name: 'Přidat odhad' });
    await user.type(within(dialog).getByLabelText(/^Odhadní cena/), '4 800 000');
    await user.type(within(dialog).getByLabelText(/^Datum odhadu/), '2025-03-05');
    await user.type(within(dialog).getByLabelText('Odhadce'), 'Ing. Petr Malý');
    await user.click(within(dialog).getByRole('button', { name: 'Přidat odhad' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ value: '4800000.00', estimated_at: '2025-03-05', estimator: 'Ing. Petr Malý', note: null }));
    expect(await screen.findByText('Odhad byl přidán.')).toBeTruthy();

    const history = screen.getByRole('table', { name: 'Historie odhadů' });
    await user.click(within(history).getByRole('button', { name: 'Upravit odhad z 10. 2. 2025' }));
    dialog = screen.getByRole('dialog', { name: 'Upravit odhad' });
    expect((within(dialog).getByLabelText(/^Odhadní cena/) as HTMLInputElement).value).toBe('4500000');
    await user.clear(within(dialog).getByLabelText(/^Datum odhadu/));
    await user.type(within(dialog).getByLabelText(/^Datum odhadu/), '2030-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Uložit odhad' }));
    await waitFor(() => expect(text(fieldOf(within(dialog).getByLabelText(/^Datum odhadu/)))).toContain('Datum odhadu nesmí být v budoucnosti.'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ value: '4500000.00', estimated_at: '2030-01-01', estimator: 'Ing. Petr Malý', note: null });
  });
});
