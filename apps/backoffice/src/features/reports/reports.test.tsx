import { reportingMessages, type CncbBatchView, type PortfolioFigures, type PortfolioReport, type ReportView, type StaffRole } from '@lending/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { businessToday } from '../../shared/business-date';
import { polling } from '../../shared/polling';
import { toasts } from '../../shared/toast';
import { page as drfPage, mockApi, type RecordedCall, type Reply } from '../../test/fetch-mock';
import { meHandler, renderApp } from '../../test/render-app';
// Loaded up front, so the lazy route resolves at once.
import './index';
import { previousMonth } from './report-format';

type Handlers = Parameters<typeof mockApi>[0];

function report(overrides: Partial<ReportView> = {}): ReportView {
  return {
    id: 12,
    type: 'PAYMENTS_REPORT',
    state: 'DONE',
    format: 'csv',
    params: { date_from: '2025-02-01', date_to: '2025-02-28', paired: false },
    rows: 1234,
    totals: { Částka: '1234567.89' },
    file_name: 'prehled-plateb-2025-02.csv',
    size: 81234,
    sha256: 'a'.repeat(64),
    metadata: { source: 'replica', lag_seconds: 2, fallback_reason: null },
    error: null,
    created_by: { id: 7, name: 'Jana Dvořáková' },
    created_at: '2025-03-14T09:15:00.000Z',
    started_at: '2025-03-14T09:15:01.000Z',
    finished_at: '2025-03-14T09:15:09.000Z',
    download_url: '/api/v1/reporting/reports/12/download_report/',
    ...overrides,
  };
}

function batch(overrides: Partial<CncbBatchView> = {}): CncbBatchView {
  return {
    id: 5,
    period: '2025-02',
    as_of: '2025-02-28',
    state: 'DONE',
    repi_state: null,
    deals: 1811,
    persons: 2240,
    repayments: 0,
    metadata: {},
    error: null,
    created_by: { id: 7, name: 'Jana Dvořáková' },
    created_at: '2025-03-02T08:00:00.000Z',
    finished_at: '2025-03-02T08:03:00.000Z',
    ...overrides,
  };
}

function reportsApi(role: StaffRole, extra: Handlers = {}) {
  return mockApi({
    ...meHandler(role),
    'GET /api/v1/approvals/': () => ({ status: 200, body: drfPage([]) }),
    'GET /api/v1/reporting/reports/': () => ({ status: 200, body: drfPage([report()]) }),
    'GET /api/v1/reporting/cncb/batch/': () => ({ status: 200, body: drfPage([batch()]) }),
    ...extra,
  });
}

const text = (element: Element | null) => element?.textContent?.replace(/[\u00a0\u202f]/g, ' ') ?? '';
const queries = (calls: RecordedCall[], path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).map((c) => Object.fromEntries(c.query));
const queued = (call: RecordedCall): Reply => ({ status: 202, body: report({ id: 13, state: 'QUEUED', rows: 0, totals: {}, file_name: null, size: null, sha256: null, finished_at: null, started_at: null, download_url: null, params: Object.fromEntries(call.query) }) });

beforeEach(() => {
  sessionStorage.clear();
  polling.intervalMs = 30;
  for (const toast of toasts.current()) toasts.dismiss(toast.id);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  polling.intervalMs = 2000;
});

describe('Reporty', () => {
  it('is in the navigation; the list asks for the chosen type (required) and shows each report in Czech', async () => {
    const user = userEvent.setup();
    const { calls } = reportsApi('VIEWER');
    renderApp('/');
    await user.click(within(await screen.findByRole('navigation', { name: 'Hlavní navigace' })).getByRole('link', { name: 'Reporty' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reporty' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Vytvořené reporty: Přehled pohledávek' });
    expect(queries(calls, '/api/v1/reporting/reports/')[0]).toEqual({ type: 'CLAIMS_REPORT', page: '1', page_size: '20', ordering: '-created_at' });

    await user.selectOptions(screen.getByLabelText('Typ reportu'), 'Přehled plateb');
    const table = await screen.findByRole('table', { name: 'Vytvořené reporty: Přehled plateb' });
    expect(queries(calls, '/api/v1/reporting/reports/').at(-1)?.type).toBe('PAYMENTS_REPORT');
    const row = within(table).getByRole('rowheader').closest('tr')!;
    for (const shown of ['Jana Dvořáková', '1. 2. 2025 – 28. 2. 2025, jen nespárované platby', 'CSV', 'Hotovo', '1 234', 'Částka: 1 234 567,89 Kč', 'replika (zpoždění 2 s)']) {
      expect(text(row)).toContain(shown);
    }
    expect(within(row).getByRole('button', { name: /Stáhnout/ })).toBeTruthy();
  });

  it('makes a report with exactly the spec\'s parameters of the chosen type, and lists it', async () => {
    const user = userEvent.setup();
    const { calls } = reportsApi('ACCOUNTANT', {
      'GET /api/v1/reporting/billing/payments-report/': queued,
      'GET /api/v1/reporting/billing/deal-states-report/': queued,
      'GET /api/v1/reporting/billing/payment-allocations-report/': queued,
      'GET /api/v1/reporting/billing/claims-report/': queued,
    });
    renderApp('/reports?type=PAYMENTS_REPORT');
    const form = await screen.findByRole('form', { name: 'Nový report: Přehled plateb' });
    await user.type(within(form).getByLabelText('Datum od'), '2025-02-01');
    await user.type(within(form).getByLabelText('Datum do'), '2025-02-28');
    await user.type(within(form).getByLabelText('Číslo obchodu'), '415');
    await user.selectOptions(within(form).getByLabelText('Párování'), 'Jen nespárované');
    await user.click(within(form).getByLabelText('XLSX (Excel)'));
    const listed = queries(calls, '/api/v1/reporting/reports/').length;
    await user.click(within(form).getByRole('button', { name: 'Vytvořit report' }));
    await waitFor(() => expect(queries(calls, '/api/v1/reporting/billing/payments-report/')).toEqual([{ date_from: '2025-02-01', date_to: '2025-02-28', deal_id: '415', paired: 'false', format: 'xlsx' }]));
    expect(await screen.findByText('Přehled plateb je ve frontě; v seznamu uvidíte, jak se připravuje.')).toBeTruthy();
    await waitFor(() => expect(queries(calls, '/api/v1/reporting/reports/').length).toBeGreaterThan(listed));

    // Deal states: its own filters (state; person when chosen), "Minulý měsíc" fills the dates.
    await user.selectOptions(screen.getByLabelText('Typ reportu'), 'Přehled stavů obchodů');
    const states = await screen.findByRole('form', { name: 'Nový report: Přehled stavů obchodů' });
    expect(within(states).queryByLabelText('Číslo obchodu')).toBeNull();
    await user.click(within(states).getByRole('button', { name: 'Minulý měsíc' }));
    await user.selectOptions(within(states).getByLabelText('Stav obchodu'), 'ACTIVE');
    await user.click(within(states).getByRole('button', { name: 'Vytvořit report' }));
    const month = previousMonth(businessToday());
    await waitFor(() => expect(queries(calls, '/api/v1/reporting/billing/deal-states-report/')).toEqual([{ date_from: month.from, date_to: month.to, state: 'ACTIVE', format: 'xlsx' }]));

    // Claims: the date range and the format only; an empty range is left out.
    await user.selectOptions(screen.getByLabelText('Typ reportu'), 'Přehled pohledávek');
    const claims = await screen.findByRole('form', { name: 'Nový report: Přehled pohledávek' });
    await user.clear(within(claims).getByLabelText('Datum od'));
    await user.clear(within(claims).getByLabelText('Datum do'));
    await user.click(within(claims).getByLabelText('CSV'));
    await user.click(within(claims).getByRole('button', { name: 'Vytvořit report' }));
    await waitFor(() => expect(queries(calls, '/api/v1/reporting/billing/claims-report/')).toEqual([{ format: 'csv' }]));

    // A range the wrong way round is refused before asking, with the contract's message.
    await user.type(within(claims).getByLabelText('Datum od'), '2025-03-01');
    await user.type(within(claims).getByLabelText('Datum do'), '2025-02-01');
    await user.click(within(claims).getByRole('button', { name: 'Vytvořit report' }));
    expect(await within(claims).findByText(reportingMessages.dateRange)).toBeTruthy();
    expect(queries(calls, '/api/v1/reporting/billing/claims-report/')).toHaveLength(1);
  });

  it('shows the rows written while a report runs, polls until it is done, then stops', async () => {
    let state: 'RUNNING' | 'DONE' = 'RUNNING';
    const { calls } = reportsApi('COLLECTIONS', {
      'GET /api/v1/reporting/reports/': () => ({
        status: 200,
        body: drfPage([state === 'RUNNING' ? report({ state: 'RUNNING', rows: 1200, finished_at: null, file_name: null, size: null, sha256: null, download_url: null }) : report()]),
      }),
    });
    renderApp('/reports?type=PAYMENTS_REPORT');
    expect(text(await screen.findByText(/Zapsáno/))).toBe('Zapsáno 1 200 řádků…');
    expect(screen.queryByRole('button', { name: /Stáhnout report/ })).toBeNull();
    const before = queries(calls, '/api/v1/reporting/reports/').length;
    await waitFor(() => expect(queries(calls, '/api/v1/reporting/reports/').length).toBeGreaterThan(before + 1));

    state = 'DONE';
    expect(await screen.findByRole('button', { name: 'Stáhnout report č. 12' })).toBeTruthy();
    const settled = queries(calls, '/api/v1/reporting/reports/').length;
    await new Promise((resolve) => setTimeout(resolve, 10 * polling.intervalMs));
    expect(queries(calls, '/api/v1/reporting/reports/').length).toBe(settled);
  });

  it('downloads a finished report with the staff token', async () => {
    const user = userEvent.setup();
    const { calls } = reportsApi('VIEWER', {
      'GET /api/v1/reporting/reports/12/download_report/': () => ({ status: 200, raw: 'Datum;Částka\n', headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="prehled-plateb-2025-02.csv"' } }),
    });
    renderApp('/reports?type=PAYMENTS_REPORT');
    await user.click(await screen.findByRole('button', { name: 'Stáhnout report č. 12' }));
    expect(await screen.findByText('Soubor prehled-plateb-2025-02.csv byl stažen.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/reporting/reports/12/download_report/')?.headers.get('Authorization')).toBe('Bearer access-token');
  });

  it('gives a VIEWER the lists and report downloads, without making reports or register batches nor downloading their files', async () => {
    reportsApi('VIEWER');
    renderApp('/reports');
    await screen.findByRole('table', { name: 'Vytvořené reporty: Přehled pohledávek' });
    await screen.findByRole('table', { name: 'Dávky pro registr' });
    expect(screen.getByLabelText('Typ reportu')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Vytvořit report' })).toBeNull();
    expect(screen.queryByRole('form', { name: /Nový report/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Vytvořit dávku' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Vytvořit REPI/ })).toBeNull();
    // The register's files carry unmasked birth numbers (ROLES.md §1): not for VIEWER.
    expect(screen.queryByRole('button', { name: /Stáhnout smlouvy/ })).toBeNull();
    expect(screen.getByText('Soubory stahuje účetní nebo správce.')).toBeTruthy();
  });

  it('shows a failed report\'s Czech error, and no download', async () => {
    reportsApi('ACCOUNTANT', {
      'GET /api/v1/reporting/reports/': () => ({
        status: 200,
        body: drfPage([
          report({ id: 14, state: 'FAILED', rows: 0, totals: {}, error: 'Report se nepodařilo vytvořit: databáze neodpověděla včas.', file_name: null, size: null, sha256: null, download_url: null, metadata: { source: 'primary', lag_seconds: null, fallback_reason: 'replica unreachable: connect ECONNREFUSED' } }),
          report({ id: 15, state: 'FAILED', rows: 0, totals: {}, error: null, file_name: null, size: null, sha256: null, download_url: null }),
        ]),
      }),
    });
    renderApp('/reports?type=PAYMENTS_REPORT');
    const table = await screen.findByRole('table', { name: 'Vytvořené reporty: Přehled plateb' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(text(first!)).toContain('Chyba');
    expect(text(first!)).toContain('Report se nepodařilo vytvořit: databáze neodpověděla včas.');
    expect(text(first!)).toContain('primární databáze (replika nebyla dostupná)');
    expect(text(second!)).toContain(reportingMessages.reportFailed);
    expect(within(table).queryByRole('button', { name: /Stáhnout/ })).toBeNull();
  });

  it('shows the portfolio by type and state with its total, and the API\'s Czech message when no snapshot exists', async () => {
    const user = userEvent.setup();
    const figures: PortfolioFigures = {
      deals: 1200,
      principal_outstanding: '98765432.10',
      outstanding: '101000000.00',
      overdue: '7383000.00',
      overdue_share: '0.0731',
      buckets: [
        { bucket: '1-30', deals: 40, amount: '2000000.00' },
        { bucket: '31-60', deals: 10, amount: '1383000.00' },
        { bucket: '61-90', deals: 5, amount: '1000000.00' },
        { bucket: '91+', deals: 9, amount: '3000000.00' },
      ],
      par30_principal: '5000000.00',
      par90_principal: '2500000.00',
      par30: '0.0506',
      par90: '0.0253',
      penalty_interest: '120400.50',
      breaches: 14,
      new_deals: 31,
      new_volume: '9300000.00',
      repayments: '4100000.00',
    };
    const answer: PortfolioReport = { date_from: '2025-02-01', date_to: '2025-02-28', as_of: '2025-02-28', rows: [{ ...figures, deal_type: 'CONSUMER_LOAN', state: 'ACTIVE' }], total: figures, metadata: { source: 'primary', lag_seconds: null, fallback_reason: null } };
    let snapshot = true;
    const { calls } = reportsApi('VIEWER', {
      'GET /api/v1/reporting/portfolio/report/': () => (snapshot ? { status: 200, body: answer } : { status: 404, body: { detail: reportingMessages.noSnapshot } }),
    });
    renderApp('/reports');
    const form = await screen.findByRole('form', { name: 'Filtr portfolia' });
    await user.type(within(form).getByLabelText('Datum od'), '2025-02-01');
    await user.type(within(form).getByLabelText('Datum do'), '2025-02-28');
    await user.click(within(form).getByText(/Stavy a typy obchodů/));
    await user.click(within(form).getByLabelText('Aktivní'));
    await user.click(within(form).getByLabelText('Spotřebitelský úvěr'));
    await user.click(within(form).getByRole('button', { name: 'Zobrazit portfolio' }));
    const table = await screen.findByRole('table', { name: 'Portfolio k 28. 2. 2025' });
    expect(queries(calls, '/api/v1/reporting/portfolio/report/')).toEqual([{ date_from: '2025-02-01', date_to: '2025-02-28', deal_states: 'ACTIVE', deal_types: 'CONSUMER_LOAN' }]);
    const row = within(table).getByRole('rowheader', { name: 'Spotřebitelský úvěr' }).closest('tr')!;
    for (const shown of ['Aktivní', '1 200', '98 765 432,10 Kč', '7 383 000 Kč (7,3 %)', '3 000 000 Kč (9)', '5,1 %', '2,5 %', '120 400,50 Kč', '9 300 000 Kč', '4 100 000 Kč']) expect(text(row)).toContain(shown);
    expect(text(within(table).getByRole('rowheader', { name: 'Celkem' }).closest('tr'))).toContain('98 765 432,10 Kč');

    snapshot = false;
    await user.clear(within(form).getByLabelText('Datum od'));
    await user.type(within(form).getByLabelText('Datum od'), '2020-01-01');
    await user.clear(within(form).getByLabelText('Datum do'));
    await user.type(within(form).getByLabelText('Datum do'), '2020-01-31');
    await user.click(within(form).getByRole('button', { name: 'Zobrazit portfolio' }));
    expect(await screen.findByText(reportingMessages.noSnapshot)).toBeTruthy();
  });

  it('creates a register batch for a month, its REPI part, and downloads its files in the chosen encoding', async () => {
    const user = userEvent.setup();
    let batches = [batch()];
    const { calls } = reportsApi('ACCOUNTANT', {
      'GET /api/v1/reporting/cncb/batch/': () => ({ status: 200, body: drfPage(batches) }),
      'POST /api/v1/reporting/cncb/batch/': (call) => {
        const created = batch({ id: 6, period: (call.body as { period: string }).period, state: 'QUEUED', deals: 0, persons: 0, finished_at: null });
        batches = [created, ...batches];
        return { status: 202, body: created };
      },
      'POST /api/v1/reporting/repi/5/repi-report/': () => {
        batches = batches.map((b) => (b.id === 5 ? { ...b, repi_state: 'DONE' as const, repayments: 1700 } : b));
        return { status: 202, body: batches.find((b) => b.id === 5)! };
      },
      'GET /api/v1/reporting/cncb/batch/5/deal-report/': () => ({ status: 200, raw: 'H;2025-02\n', headers: { 'Content-Type': 'text/plain', 'Content-Disposition': 'attachment; filename="cncb-2025-02-smlouvy.txt"' } }),
    });
    renderApp('/reports');
    const register = await screen.findByRole('region', { name: 'Registr (CNCB)' });
    const period = (await within(register).findByLabelText(/Období/)) as HTMLInputElement;
    expect(period.value).toBe(previousMonth(businessToday()).period);
    await user.clear(period);
    await user.type(period, '2025-3');
    await user.click(within(register).getByRole('button', { name: 'Vytvořit dávku' }));
    expect(await within(register).findByText('Zadejte měsíc ve tvaru RRRR-MM.')).toBeTruthy();
    await user.clear(period);
    await user.type(period, '2025-03');
    await user.click(within(register).getByRole('button', { name: 'Vytvořit dávku' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path === '/api/v1/reporting/cncb/batch/')?.body).toEqual({ period: '2025-03' }));
    expect(await within(register).findByRole('rowheader', { name: 'březen 2025' })).toBeTruthy();

    await user.click(within(register).getByRole('button', { name: 'Vytvořit REPI – únor 2025' }));
    await user.selectOptions(within(register).getByLabelText('Kódování souborů'), 'windows-1250');
    await user.click(await within(register).findByRole('button', { name: 'Stáhnout REPI – únor 2025' }));
    await waitFor(() => expect(queries(calls, '/api/v1/reporting/cncb/batch/5/deal-report/')).toEqual([{ encoding: 'windows-1250', repi: 'true' }]));
    await user.click(within(register).getByRole('button', { name: 'Stáhnout smlouvy – únor 2025' }));
    await waitFor(() => expect(queries(calls, '/api/v1/reporting/cncb/batch/5/deal-report/').at(-1)).toEqual({ encoding: 'windows-1250' }));
  });
});
