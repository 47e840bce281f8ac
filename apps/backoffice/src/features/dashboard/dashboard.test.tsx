import type { DashboardCollections, DashboardPayments, DashboardPipeline, DashboardPortfolio, PortfolioFigures, StaffRole } from '@lending/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page as drfPage, mockApi, type RecordedCall } from '../../test/fetch-mock';
import { currentUrl, meHandler, renderApp } from '../../test/render-app';
// Loaded up front, so the lazy routes resolve at once (the dashboard, and the lists its figures open).
import './index';
import '../../test/all-features';

// happy-dom has no canvas: the chart's drawing (uPlot) is replaced by what it promises the
// accessibility tree, an image named by the summary Chart.tsx computes.
vi.mock('./UplotChart', () => ({
  default: ({ label }: { label: string }) => <canvas role="img" aria-label={label} />,
}));

type Handlers = Parameters<typeof mockApi>[0];

function figures(overrides: Partial<PortfolioFigures> = {}): PortfolioFigures {
  return {
    deals: 1834,
    principal_outstanding: '1234567.89',
    outstanding: '1456789.10',
    overdue: '106345.50',
    overdue_share: '0.0731',
    buckets: [
      { bucket: '1-30', deals: 60, amount: '40120.00' },
      { bucket: '31-60', deals: 15, amount: '21197.56' },
      { bucket: '61-90', deals: 7, amount: '15027.94' },
      { bucket: '91+', deals: 5, amount: '30000.00' },
    ],
    par30_principal: '98000.00',
    par90_principal: '45000.00',
    par30: '0.0794',
    par90: '0.0365',
    penalty_interest: '3120.40',
    breaches: 9,
    new_deals: 12,
    new_volume: '3600000.00',
    repayments: '512345.67',
    ...overrides,
  };
}

const PORTFOLIO: DashboardPortfolio = {
  as_of: '2025-03-14',
  figures: figures(),
  trend: [
    { month: '2025-01', as_of: '2025-01-31', deals: 1790, principal_outstanding: '1300000.00', overdue: '90500.25', par30: '0.0650', par90: '0.0300' },
    { month: '2025-02', as_of: '2025-02-28', deals: 1811, principal_outstanding: '1264321.00', overdue: '99870.00', par30: '0.0712', par90: '0.0341' },
    { month: '2025-03', as_of: '2025-03-14', deals: 1834, principal_outstanding: '1234567.89', overdue: '106345.50', par30: '0.0794', par90: '0.0365' },
  ],
};

const COLLECTIONS: DashboardCollections = {
  queue: [
    { bucket: '1-30', deals: 60 },
    { bucket: '31-60', deals: 15 },
    { bucket: '61-90', deals: 7 },
    { bucket: '91+', deals: 5 },
  ],
  in_breach: 9,
  promises_due_today: 3,
  notices_sent_week: 41,
  notices_prepared: 12,
};

const PAYMENTS: DashboardPayments = {
  unpaired_count: 4,
  unpaired_amount: '12500.50',
  imports: [{ id: 31, file_name: 'vypis-2025-03-14.xml', state: 'DONE', created_at: '2025-03-14T07:30:00.000Z', payments: 212 }],
  last_close: { business_date: '2025-03-14', finished_at: '2025-03-14T22:05:00.000Z' },
};

const PIPELINE: DashboardPipeline = {
  leads_by_state: [
    { state: 'NEW', count: 14 },
    { state: 'IN_PROGRESS', count: 9 },
    { state: 'OFFER_SENT', count: 4 },
  ],
  leads_by_source: [
    { source: 'PORTAL', count: 21 },
    { source: 'LEADSOR', count: 6 },
  ],
  period_days: 90,
  leads: 164,
  offers: 40,
  activated: 12,
  conversion: '0.0732',
};

function dashboardApi(role: StaffRole, extra: Handlers = {}) {
  return mockApi({
    ...meHandler(role),
    'GET /api/v1/approvals/': () => ({ status: 200, body: drfPage([]) }),
    'GET /api/v1/dashboard/portfolio/': () => ({ status: 200, body: PORTFOLIO }),
    'GET /api/v1/dashboard/collections/': () => ({ status: 200, body: COLLECTIONS }),
    'GET /api/v1/dashboard/payments/': () => ({ status: 200, body: PAYMENTS }),
    'GET /api/v1/dashboard/pipeline/': () => ({ status: 200, body: PIPELINE }),
    ...extra,
  });
}

const text = (element: Element | null) => element?.textContent?.replace(/[\u00a0\u202f]/g, ' ') ?? '';
const asked = (calls: RecordedCall[]) => [...new Set(calls.map((c) => c.path).filter((path) => path.startsWith('/api/v1/dashboard/')))].sort();

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Přehled (the dashboard)', () => {
  it('shows an ACCOUNTANT the portfolio and the payments, not the pipeline nor collections, and asks only for those', async () => {
    const { calls } = dashboardApi('ACCOUNTANT');
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Přehled' })).toBeTruthy();
    const payments = await screen.findByRole('region', { name: 'Platby' });
    await screen.findByRole('region', { name: 'Portfolio' });
    expect(screen.queryByRole('region', { name: 'Žádosti a obchody' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Vymáhání' })).toBeNull();

    const unpaired = await within(payments).findByRole('link', { name: /Nespárované platby/ });
    expect(text(unpaired)).toContain('4 platby');
    expect(text(unpaired)).toContain('12 500,50 Kč');
    expect(unpaired.getAttribute('href')).toBe('/payments');
    expect(within(payments).getByRole('link', { name: /Poslední uzávěrka dne/ }).getAttribute('href')).toBe('/close-of-business');
    expect(text(within(payments).getByRole('link', { name: /Poslední uzávěrka dne/ }))).toContain('14. 3. 2025');
    expect(within(payments).getByRole('link', { name: 'vypis-2025-03-14.xml' }).getAttribute('href')).toBe('/payments');
    expect(asked(calls)).toEqual(['/api/v1/dashboard/payments/', '/api/v1/dashboard/portfolio/']);
  });

  it('shows an UNDERWRITER the pipeline, not the payments, each figure linked to the leads it counts', async () => {
    const { calls } = dashboardApi('UNDERWRITER');
    renderApp('/');
    const pipeline = await screen.findByRole('region', { name: 'Žádosti a obchody' });
    expect(screen.queryByRole('region', { name: 'Platby' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Vymáhání' })).toBeNull();

    const fresh = await within(pipeline).findByRole('link', { name: /^Nový 14 žádostí/ });
    expect(fresh.getAttribute('href')).toBe('/leads?state=NEW');
    expect(within(pipeline).getByRole('link', { name: /^Leadsor 6 žádostí/ }).getAttribute('href')).toBe('/leads?source=LEADSOR');
    expect(text(within(pipeline).getByRole('link', { name: /^Konverze/ }))).toContain('7,3 %');
    const activated = within(pipeline).getByRole('link', { name: /^Aktivované obchody 12/ });
    expect(new URLSearchParams(activated.getAttribute('href')!.split('?')[1]).get('state')).toBe('CONVERTED');
    expect(within(pipeline).getByRole('img', { name: /Žádosti podle zdroje: Online žádost 21, .*Leadsor 6/ })).toBeTruthy();
    expect(asked(calls)).toEqual(['/api/v1/dashboard/pipeline/', '/api/v1/dashboard/portfolio/']);
  });

  it('shows the portfolio in Czech figures; the 91+ tile opens the deals list filtered by that bucket, which gets "91+" back', async () => {
    const user = userEvent.setup();
    const { calls } = dashboardApi('COLLECTIONS', { 'GET /api/v1/deals/': () => ({ status: 200, body: drfPage([]) }) });
    const { router } = renderApp('/');
    const portfolio = await screen.findByRole('region', { name: 'Portfolio' });
    expect(text(await within(portfolio).findByText(/Stav k/))).toContain('Stav k 14. 3. 2025');
    const principal = within(portfolio).getByRole('link', { name: /^Nesplacená jistina/ });
    expect(text(principal)).toContain('1 234 567,89 Kč');
    const overdue = within(portfolio).getByRole('link', { name: /^Po splatnosti/ });
    expect(text(overdue)).toContain('106 345,50 Kč');
    expect(text(overdue)).toContain('7,3 % dluhu');
    expect(text(within(portfolio).getByRole('link', { name: /^PAR30/ }))).toContain('7,9 %');
    expect(within(portfolio).getByRole('link', { name: /^31–60 dní/ }).getAttribute('href')).toBe('/deals?days_past_due=31-60');

    const tile = within(portfolio).getByRole('link', { name: /91\+/ });
    expect(text(tile)).toContain('5 obchodů');
    expect(text(tile)).toContain('30 000 Kč');
    // URLSearchParams encodes "+" (a literal "+" in a query reads back as a space).
    expect(tile.getAttribute('href')).toBe('/deals?days_past_due=91%2B');
    await user.click(tile);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/deals/')).toBe(true));
    expect(currentUrl(router)).toBe('/deals?days_past_due=91%2B');
    expect(calls.filter((c) => c.path === '/api/v1/deals/').at(-1)?.query.get('days_past_due')).toBe('91+');
    expect(await screen.findByRole('heading', { level: 1, name: 'Obchody' })).toBeTruthy();
  });

  it('draws the 12-month trend with a summary for screen readers and the same figures as a table', async () => {
    const user = userEvent.setup();
    dashboardApi('VIEWER');
    renderApp('/');
    const portfolio = await screen.findByRole('region', { name: 'Portfolio' });
    const chart = await within(portfolio).findByRole('figure', { name: 'Jistina a dluh po splatnosti za 12 měsíců' });
    const canvas = await within(chart).findByRole('img');
    const summary = canvas.getAttribute('aria-label')?.replace(/[\u00a0\u202f]/g, ' ');
    expect(summary).toContain('leden 2025 až březen 2025');
    expect(summary).toContain('Nesplacená jistina z 1 300 000 Kč na 1 234 567,89 Kč');

    await user.click(within(chart).getByText('Zobrazit jako tabulku'));
    const table = within(chart).getByRole('table', { name: 'Jistina a dluh po splatnosti za 12 měsíců' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => text(row))).toEqual([
      'MěsícNesplacená jistinaPo splatnosti',
      'leden 20251 300 000 Kč90 500,25 Kč',
      'únor 20251 264 321 Kč99 870 Kč',
      'březen 20251 234 567,89 Kč106 345,50 Kč',
    ]);
    const par = within(portfolio).getByRole('figure', { name: 'PAR30 a PAR90 za 12 měsíců' });
    await user.click(within(par).getByText('Zobrazit jako tabulku'));
    expect(text(within(par).getByRole('rowheader', { name: 'únor 2025' }).closest('tr'))).toBe('únor 20257,1 %3,4 %');

    // Every section for a VIEWER; the collections queue's buckets open the queue filtered.
    const collections = screen.getByRole('region', { name: 'Vymáhání' });
    expect(within(collections).getByRole('link', { name: /^91\+ dní 5 obchodů/ }).getAttribute('href')).toBe('/collections?bucket=91%2B');
    expect(within(collections).getByRole('link', { name: /^Sliby platby splatné dnes 3/ }).getAttribute('href')).toBe('/collections?promise=OPEN');
    expect(screen.getByRole('region', { name: 'Platby' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Žádosti a obchody' })).toBeTruthy();
  });

  it('says in Czech that the portfolio comes with the first close of business, before there was one', async () => {
    dashboardApi('ADMIN', { 'GET /api/v1/dashboard/portfolio/': () => ({ status: 200, body: { as_of: null, figures: null, trend: [] } }) });
    renderApp('/');
    const portfolio = await screen.findByRole('region', { name: 'Portfolio' });
    expect(text(await within(portfolio).findByText(/Přehled portfolia zatím není k dispozici/))).toContain('vzniká při uzávěrce dne a ta ještě neproběhla');
    expect(within(portfolio).getByRole('link', { name: 'Uzávěrka dne' }).getAttribute('href')).toBe('/close-of-business');
    expect(within(portfolio).queryByRole('figure')).toBeNull();
    expect(within(portfolio).queryByRole('link', { name: /91\+/ })).toBeNull();
  });

  it('says in place which section failed to load, with a way to try again, and keeps the others', async () => {
    const user = userEvent.setup();
    let failing = true;
    dashboardApi('ACCOUNTANT', { 'GET /api/v1/dashboard/payments/': () => (failing ? { status: 403, body: { detail: 'K této akci nemáte oprávnění.' } } : { status: 200, body: PAYMENTS }) });
    renderApp('/');
    const payments = await screen.findByRole('region', { name: 'Platby' });
    expect(await within(payments).findByText('Přehled plateb se nepodařilo načíst.')).toBeTruthy();
    expect(within(payments).getByText('K této akci nemáte oprávnění.')).toBeTruthy();
    expect(await within(screen.getByRole('region', { name: 'Portfolio' })).findByRole('link', { name: /^Obchody 1\s834/ })).toBeTruthy();
    failing = false;
    await user.click(within(payments).getByRole('button', { name: 'Zkusit znovu' }));
    expect(await within(payments).findByRole('link', { name: /Nespárované platby/ })).toBeTruthy();
  });
});
