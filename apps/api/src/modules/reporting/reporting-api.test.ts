import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dashboardCollections,
  dashboardPayments,
  dashboardPipeline,
  dashboardPortfolio,
  pageOf,
  portfolioReport,
  reportingMessages,
  reportView,
  type ReportView,
} from '@lending/contracts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { addClaim, createDeal, pay } from '../../../test/fixtures/deals.ts';
import { setRepoRates } from '../../../test/fixtures/close-of-business.ts';
import { leadFixtures } from '../../../test/fixtures/leads.ts';
import { addDays } from '../../domain/dates.ts';
import { pragueDay } from '../../files/table-file.ts';
import { handleGenerateReport } from '../../jobs/definitions/reporting/generate-report.handler.ts';

// Reporting on real PostgreSQL (docs/decisions/0049). Today is 18 March 2026 in Prague; the repo
// rates are removed, so the close accrues no penalty interest and every figure below follows from the
// claims and payments stated here, worked out by hand:
// - A (CONSUMER_LOAN, ACTIVE, activated today, value 100 000): principal 12 000 due 5 Feb and
//   12 000 due 5 Apr, interest 1 000 due 5 Feb. Owed 25 000, principal 24 000, overdue 13 000;
//   DPD on 18 Mar = 41 (bucket 31–60, PAR30, NON_PAYING breach past the 30-day threshold).
// - B (BORROWING, ACTIVE): principal 5 000 due 10 Mar (2 000 paid today) and 5 000 due 10 May.
//   Owed 8 000, principal 8 000, overdue 3 000; DPD 8 (bucket 1–30). Repayments today: 2 000.
// - C (BORROWING, NEW_APPLICATION): nothing owed.
// Totals: 3 deals, outstanding 33 000, principal 32 000, overdue 16 000 (share 16/33 = 0.4848),
// PAR30 24 000 / 32 000 = 0.7500, PAR90 0, 1 breach, 1 new deal of 100 000, repayments 2 000.

const NOW = new Date('2026-03-18T09:00:00Z');
const TODAY = '2026-03-18';

let ctx: TestContext;
let accountant: string;
let viewer: string;
let a: number;
let b: number;
let c: number;

const run = (attempt = 1) => ({ jobId: '1', attempt, attempts: 3, stopping: new AbortController().signal, timeoutMs: 60_000 });
const get = (path: string, token = accountant) => ctx.http().get(path).set(bearer(token));

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  const p = ctx.deps.prisma;
  await setRepoRates(p, {});
  // Created before today by the test's clock (the column's default is the database's real time).
  const createdAt = new Date('2026-01-02T10:00:00Z');
  const dealA = await createDeal(p, { type: 'CONSUMER_LOAN', activatedAt: NOW, createdAt });
  await addClaim(p, dealA, { due: '2026-02-05', amount: '12000.00' });
  await addClaim(p, dealA, { due: '2026-04-05', amount: '12000.00' });
  await addClaim(p, dealA, { type: 'INTEREST', due: '2026-02-05', amount: '1000.00' });
  // A claim replaced by a later model version: owed no more, in no figure.
  await addClaim(p, dealA, { due: '2026-02-05', amount: '999.00', cancelled: true });
  const dealB = await createDeal(p, { createdAt });
  const bDue = await addClaim(p, dealB, { due: '2026-03-10', amount: '5000.00' });
  await addClaim(p, dealB, { due: '2026-05-10', amount: '5000.00' });
  await pay(p, dealB.id, TODAY, [{ claimId: bDue, amount: '2000.00' }]);
  const dealC = await createDeal(p, { state: 'NEW_APPLICATION', createdAt });
  [a, b, c] = [dealA.id, dealB.id, dealC.id];
  // An unpaired incoming payment.
  await p.payment.create({ data: { direction: 'INCOMING_PAYMENT', date: new Date('2026-03-17T00:00:00Z'), amount: '777.00', variableSymbol: '9999' } });
  await leadFixtures(ctx).portalLead({ personInfo: false });
  accountant = (await ctx.login('ACCOUNTANT')).access;
  viewer = (await ctx.login('VIEWER')).access;
  const closed = await ctx.http().post('/api/v1/close-of-business/').set(bearer(accountant)).send({ business_date: TODAY });
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
});
afterAll(() => ctx.close());

describe('the daily portfolio snapshot and GET /reporting/portfolio/report/', () => {
  it('gives the figures worked out by hand', async () => {
    const res = await get('/api/v1/reporting/portfolio/report/');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const report = portfolioReport.parse(res.body);
    expect([report.as_of, report.date_from, report.date_to]).toEqual([TODAY, '2026-03-01', TODAY]);
    expect(report.total).toMatchObject({
      deals: 3,
      principal_outstanding: '32000.00',
      outstanding: '33000.00',
      overdue: '16000.00',
      overdue_share: '0.4848',
      par30_principal: '24000.00',
      par90_principal: '0.00',
      par30: '0.7500',
      par90: '0.0000',
      penalty_interest: '0.00',
      breaches: 1,
      new_deals: 1,
      new_volume: '100000.00',
      repayments: '2000.00',
    });
    expect(report.total.buckets).toEqual([
      { bucket: '1-30', deals: 1, amount: '3000.00' },
      { bucket: '31-60', deals: 1, amount: '13000.00' },
      { bucket: '61-90', deals: 0, amount: '0.00' },
      { bucket: '91+', deals: 0, amount: '0.00' },
    ]);
    const byKey = (rows: (string | number)[][]) => rows.sort((x, y) => `${x[0]} ${x[1]}`.localeCompare(`${y[0]} ${y[1]}`));
    expect(byKey(report.rows.map((r) => [r.deal_type, r.state, r.deals, r.outstanding]))).toEqual(
      byKey([
        ['BORROWING', 'NEW_APPLICATION', 1, '0.00'],
        ['BORROWING', 'ACTIVE', 1, '8000.00'],
        ['CONSUMER_LOAN', 'ACTIVE', 1, '25000.00'],
      ]),
    );
    expect(report.metadata.source).toBe('primary');
  });

  it('filters by deal type and state, and answers nonsense and dates before the first close in Czech', async () => {
    const consumer = portfolioReport.parse((await get('/api/v1/reporting/portfolio/report/?deal_types=CONSUMER_LOAN')).body);
    expect([consumer.total.deals, consumer.total.principal_outstanding, consumer.total.par30]).toEqual([1, '24000.00', '1.0000']);
    const applications = portfolioReport.parse((await get('/api/v1/reporting/portfolio/report/?deal_states=NEW_APPLICATION,CLOSED_APPLICATION')).body);
    expect([applications.total.deals, applications.total.outstanding]).toEqual([1, '0.00']);
    const bad = await get('/api/v1/reporting/portfolio/report/?deal_types=HYPOTEKA&date_from=2026-02-30');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['date_from', 'deal_types']);
    const reversed = await get('/api/v1/reporting/portfolio/report/?date_from=2026-03-18&date_to=2026-03-01');
    expect([reversed.status, reversed.body]).toEqual([400, { date_from: [reportingMessages.dateRange] }]);
    const before = await get('/api/v1/reporting/portfolio/report/?date_to=2026-03-01');
    expect([before.status, before.body]).toEqual([404, { detail: reportingMessages.noSnapshot }]);
  });

  it('equals the lists behind it: the deals list of a bucket, the sums of the deals list, the unpaired payments', async () => {
    const report = portfolioReport.parse((await get('/api/v1/reporting/portfolio/report/')).body);
    const deals = await get('/api/v1/deals/?page_size=100');
    const rows = deals.body.results as { outstanding: string; overdue: string; days_past_due: number }[];
    const sum = (values: string[]) => (values.reduce((s, v) => s + Math.round(Number(v) * 100), 0) / 100).toFixed(2);
    expect(sum(rows.map((r) => r.outstanding))).toBe(report.total.outstanding);
    expect(sum(rows.map((r) => r.overdue))).toBe(report.total.overdue);
    for (const bucket of report.total.buckets) {
      const list = await get(`/api/v1/deals/?page_size=100&days_past_due=${encodeURIComponent(bucket.bucket)}`);
      expect(list.body.count, bucket.bucket).toBe(bucket.deals);
      expect(sum((list.body.results as { overdue: string }[]).map((r) => r.overdue)), bucket.bucket).toBe(bucket.amount);
    }
  });

  it('is replaced, not doubled, when the date is closed again', async () => {
    const before = await ctx.deps.prisma.portfolioSnapshot.count({ where: { businessDate: new Date(`${TODAY}T00:00:00Z`) } });
    const again = await ctx.http().post('/api/v1/close-of-business/').set(bearer(accountant)).send({ business_date: TODAY });
    expect(again.status).toBe(200);
    expect(await ctx.deps.prisma.portfolioSnapshot.count({ where: { businessDate: new Date(`${TODAY}T00:00:00Z`) } })).toBe(before);
    expect(before).toBe(3);
    expect(portfolioReport.parse((await get('/api/v1/reporting/portfolio/report/')).body).total.outstanding).toBe('33000.00');
  });
});

describe('the dashboard', () => {
  it('shows the snapshot, the queue, the payments and the pipeline, equal to their lists', async () => {
    const portfolio = dashboardPortfolio.parse((await get('/api/v1/dashboard/portfolio/', viewer)).body);
    expect([portfolio.as_of, portfolio.figures?.principal_outstanding, portfolio.figures?.par30]).toEqual([TODAY, '32000.00', '0.7500']);
    expect(portfolio.trend).toEqual([{ month: '2026-03', as_of: TODAY, deals: 3, principal_outstanding: '32000.00', overdue: '16000.00', par30: '0.7500', par90: '0.0000' }]);

    const collections = dashboardCollections.parse((await get('/api/v1/dashboard/collections/', viewer)).body);
    expect(collections.queue).toEqual([
      { bucket: '1-30', deals: 1 },
      { bucket: '31-60', deals: 1 },
      { bucket: '61-90', deals: 0 },
      { bucket: '91+', deals: 0 },
    ]);
    expect(collections.in_breach).toBe(1);
    for (const bucket of ['1-30', '31-60'] as const) {
      const queue = await get(`/api/v1/collections/queue/?bucket=${bucket}`, viewer);
      expect(queue.body.count, bucket).toBe(collections.queue.find((q) => q.bucket === bucket)!.deals);
    }

    const payments = dashboardPayments.parse((await get('/api/v1/dashboard/payments/', viewer)).body);
    const unpaired = await get('/api/v1/payments/?unpaired=true', viewer);
    expect([payments.unpaired_count, payments.unpaired_amount]).toEqual([unpaired.body.count, '777.00']);
    expect(payments.last_close?.business_date).toBe(TODAY);

    const pipeline = dashboardPipeline.parse((await get('/api/v1/dashboard/pipeline/', viewer)).body);
    const leads = await get('/api/v1/leads/?page_size=1', viewer);
    expect(pipeline.leads_by_state.reduce((s, r) => s + r.count, 0)).toBe(leads.body.count);
    expect([pipeline.leads, pipeline.activated, pipeline.conversion]).toEqual([1, 0, '0.0000']);
  });

  it('is for staff only', async () => {
    expect((await ctx.http().get('/api/v1/dashboard/portfolio/')).status).toBe(401);
  });
});

describe('billing reports', () => {
  async function generate(path: string): Promise<ReportView> {
    const queued = await get(path);
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    const report = reportView.parse(queued.body);
    expect(report.state).toBe('QUEUED');
    await handleGenerateReport(ctx.deps, { report_id: report.id }, run());
    return reportView.parse((await get(`/api/v1/reporting/reports/${report.id}/`)).body);
  }
  const download = async (id: number, token = accountant) => {
    const res = await ctx.http().get(`/api/v1/reporting/reports/${id}/download_report/`).set(bearer(token)).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (chunk: Buffer) => chunks.push(chunk));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    return res as typeof res & { body: Buffer };
  };
  const csvLines = (body: Buffer) => body.toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);

  it('the claims report: live claims due in the range, totals equal to the deals\u2019 claims lists', async () => {
    const report = await generate('/api/v1/reporting/billing/claims-report/?date_from=2026-02-01&date_to=2026-03-31');
    expect([report.state, report.rows, report.params]).toEqual(['DONE', 3, { date_from: '2026-02-01', date_to: '2026-03-31' }]);
    expect(report.totals).toEqual({ 'Částka': '18000.00', 'Uhrazeno': '2000.00', 'Zbývá uhradit': '16000.00' });
    // The same sums read off GET /deals/{id}/claims/ for the same due dates.
    let listed = 0;
    for (const deal of [a, b, c]) {
      const claims = (await get(`/api/v1/deals/${deal}/claims/?page_size=100`)).body.results as { due_date: string; amount: string; cancelled_at?: string | null }[];
      listed += claims.filter((cl) => cl.due_date >= '2026-02-01' && cl.due_date <= '2026-03-31' && !cl.cancelled_at).reduce((s, cl) => s + Number(cl.amount) * 100, 0);
    }
    expect((listed / 100).toFixed(2)).toBe(report.totals['Částka']);
    const file = await download(report.id);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain('pohledavky-2026-03-18.csv');
    const lines = csvLines(file.body);
    expect(lines[0]).toBe('ID pohledávky;Splatnost;Obchod;Číslo smlouvy;Typ obchodu;Typ pohledávky;Částka;Uhrazeno;Zbývá uhradit;Popis');
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line.split(';')).toHaveLength(10);
    expect(lines[1]).toContain(';05.02.2026;');
    expect(report.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(file.body.length).toBe(report.size);
  });

  it('the payments report: paired=false is the unpaired queue, paired=true the deals\u2019 payments; XLSX is a zip', async () => {
    const unpaired = await generate('/api/v1/reporting/billing/payments-report/?paired=false');
    const queue = await get('/api/v1/payments/?unpaired=true');
    expect([unpaired.rows, unpaired.totals['Částka']]).toEqual([queue.body.count, '777.00']);
    const paired = await generate(`/api/v1/reporting/billing/payments-report/?paired=true&deal_id=${b}&date_from=2026-03-01&date_to=2026-03-31&format=xlsx`);
    const list = await get(`/api/v1/payments/?deal=${b}&date_from=2026-03-01&date_to=2026-03-31`);
    expect([paired.rows, paired.totals['Částka'], paired.format]).toEqual([list.body.count, '2000.00', 'xlsx']);
    const file = await download(paired.id);
    expect(file.body.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(file.headers['content-disposition']).toContain('.xlsx');
    // The workbook opens: the header row, one row a payment, the amount a number cell.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('ID platby');
    expect(sheet.actualRowCount).toBe(1 + paired.rows);
    expect(sheet.getRow(2).getCell(4).value).toBe(2000);
  });

  it('the payment-allocations report equals the allocation report of the payments screen', async () => {
    const report = await generate(`/api/v1/reporting/billing/payment-allocations-report/?deal_id=${b}`);
    expect([report.rows, report.totals['Přiděleno']]).toEqual([1, '2000.00']);
    const direct = await ctx.http().get(`/api/v1/payments/allocation-report/?deal=${b}`).set(bearer(accountant));
    expect(csvLines(Buffer.from(direct.text)).slice(1)).toEqual(csvLines((await download(report.id)).body).slice(1));
  });

  it('the deal-states report lists the state changes of the range, of a person, into a state', async () => {
    const moved = await ctx.http().post(`/api/v1/deals/${c}/state/`).set(bearer((await ctx.login('UNDERWRITER')).access)).send({ state: 'CLOSED_APPLICATION', note: 'Žadatel odstoupil' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // The audit log keeps the database's real time: the report's days are those of the entry.
    const entry = await ctx.deps.prisma.auditLog.findFirstOrThrow({ where: { action: 'deal.state', entityId: String(c) } });
    const day = pragueDay(entry.createdAt);
    const all = await generate(`/api/v1/reporting/billing/deal-states-report/?date_from=${day}&date_to=${day}`);
    expect(all.rows).toBe(1);
    const line = csvLines((await download(all.id)).body)[1]!;
    expect(line).toContain(`;${c};`);
    expect(line).toContain(';Žadatel odstoupil;');
    const intoActive = await generate(`/api/v1/reporting/billing/deal-states-report/?date_from=${day}&date_to=${day}&state=ACTIVE`);
    expect(intoActive.rows).toBe(0);
    const ofPerson = await generate(`/api/v1/reporting/billing/deal-states-report/?date_from=${day}&person=999999`);
    expect(ofPerson.rows).toBe(0);
    const yesterday = await generate(`/api/v1/reporting/billing/deal-states-report/?date_to=${addDays(day, -1)}`);
    expect(yesterday.rows).toBe(0);
  });

  it('a retried or doubled request answers the report already queued; the list needs a type and pages', async () => {
    const path = '/api/v1/reporting/billing/claims-report/?date_from=2026-01-01';
    const [one, two] = await Promise.all([get(path), get(path)]);
    expect([one.status, two.status].sort()).toEqual([200, 202]);
    expect(one.body.id).toBe(two.body.id);
    const again = await get(path);
    expect([again.status, again.body.id]).toEqual([200, one.body.id]);
    const notReady = await download(one.body.id as number);
    expect([notReady.status, JSON.parse(notReady.body.toString()).detail]).toEqual([409, reportingMessages.reportNotReady]);
    await handleGenerateReport(ctx.deps, { report_id: one.body.id as number }, run());
    // Written: the same request now makes a new report.
    expect((await get(path)).status).toBe(202);
    const list = await get('/api/v1/reporting/reports/?type=CLAIMS_REPORT&page_size=1', viewer);
    expect(list.status).toBe(200);
    const page = pageOf(reportView).parse(list.body);
    expect(page.count).toBeGreaterThanOrEqual(3);
    expect(page.next).toContain('page=2');
    expect((await get('/api/v1/reporting/reports/', viewer)).status).toBe(400);
    expect((await get('/api/v1/reporting/reports/?type=NOPE', viewer)).status).toBe(400);
  });

  it('nonsense gets Czech field messages; VIEWER reads and downloads but does not generate', async () => {
    const bad = await get('/api/v1/reporting/billing/payments-report/?date_from=2026-13-01&paired=maybe&deal_id=abc&format=pdf');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['date_from', 'deal_id', 'format', 'paired']);
    const reversed = await get('/api/v1/reporting/billing/claims-report/?date_from=2026-03-18&date_to=2026-03-01');
    expect([reversed.status, reversed.body]).toEqual([400, { date_from: [reportingMessages.dateRange] }]);
    expect((await get('/api/v1/reporting/billing/claims-report/', viewer)).status).toBe(403);
    const done = await ctx.deps.prisma.report.findFirstOrThrow({ where: { state: 'DONE' } });
    expect((await download(done.id, viewer)).status).toBe(200);
    expect((await get('/api/v1/reporting/reports/999999/', viewer)).status).toBe(404);
  });

  it('a stopping worker ends the attempt between pages; the retry writes the whole file', async () => {
    const queued = reportView.parse((await get('/api/v1/reporting/billing/claims-report/?date_from=2020-01-01')).body);
    const stopping = new AbortController();
    stopping.abort();
    await expect(handleGenerateReport(ctx.deps, { report_id: queued.id }, { ...run(), stopping: stopping.signal })).rejects.toThrow();
    expect((await ctx.deps.prisma.report.findUniqueOrThrow({ where: { id: queued.id } })).state).toBe('RUNNING');
    await handleGenerateReport(ctx.deps, { report_id: queued.id }, run(2));
    const done = reportView.parse((await get(`/api/v1/reporting/reports/${queued.id}/`)).body);
    expect([done.state, done.rows]).toEqual(['DONE', 5]);
  });

  it('a report whose last attempt fails is FAILED with a Czech reason and cannot be downloaded', async () => {
    const broken = await ctx.deps.prisma.report.create({ data: { type: 'CLAIMS_REPORT', format: 'csv', params: { date_from: 'not-a-day' }, requestKey: 'broken' } });
    await expect(handleGenerateReport(ctx.deps, { report_id: broken.id }, run(1))).rejects.toThrow();
    expect((await ctx.deps.prisma.report.findUniqueOrThrow({ where: { id: broken.id } })).state).toBe('RUNNING');
    await expect(handleGenerateReport(ctx.deps, { report_id: broken.id }, run(3))).rejects.toThrow();
    const failed = reportView.parse((await get(`/api/v1/reporting/reports/${broken.id}/`)).body);
    expect([failed.state, failed.error]).toEqual(['FAILED', reportingMessages.reportFailed]);
    const file = await download(broken.id);
    expect([file.status, JSON.parse(file.body.toString()).detail]).toEqual([409, reportingMessages.reportFailed]);
  });
});
