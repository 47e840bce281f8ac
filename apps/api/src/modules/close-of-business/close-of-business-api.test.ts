import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeOfBusinessMessages, closeOfBusinessResult, closeOfBusinessRun, pageOf as pageSchema, REQUIRED_MESSAGE } from '@lending/contracts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { childClock } from '../../../test/fixtures/clock.ts';
import { penaltyOf, setRepoRates } from '../../../test/fixtures/close-of-business.ts';
import { addClaim, createDeal } from '../../../test/fixtures/deals.ts';

// The staff call and the operator's command: who may run a close, what bad input gets, what the
// run shows. The API and the CLI run on the test's clock (deps.now; the CLI's process through
// test/fixtures/clock.ts): today is 18 March 2026 in Prague, whatever day the test runs. Staff
// may close today or up to a year back. The repo rates are the test's own: 3.50 % since 2 May
// 2025, so the penalty interest follows from figures stated here, not from the ČNB history a
// migration holds. Each test has a database of its own (a close closes every deal).

const NOW = new Date('2026-03-18T09:00:00Z');
const TODAY = '2026-03-18';
const YESTERDAY = '2026-03-17';
/** Due 40 days before yesterday: 40 days past due on yesterday's close, past the 30-day threshold. */
const DUE = '2026-02-05';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext({ now: () => NOW });
  await setRepoRates(ctx.deps.prisma, { '2025-05-02': '3.50' });
});
afterEach(() => ctx.close());

function cli(args: string[]) {
  const clock = childClock(NOW);
  return spawnSync(process.execPath, [...clock.execArgv, path.join(import.meta.dirname, '../../cli.ts'), ...args], {
    env: { ...process.env, ...clock.env, DATABASE_URL: ctx.deps.config.DATABASE_URL!, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

const close = async (access: string, businessDate: string) => {
  const res = await ctx.http().post('/api/v1/close-of-business/').set(bearer(access)).send({ business_date: businessDate });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return closeOfBusinessResult.parse(res.body);
};

/** A deal owing 12 000 due on DUE. */
async function overdueLoan() {
  const deal = await createDeal(ctx.deps.prisma);
  const claim = await addClaim(ctx.deps.prisma, deal, { due: DUE, amount: '12000.00' });
  return { deal, claim };
}

describe('POST /api/v1/close-of-business/', () => {
  it('is for ADMIN and ACCOUNTANT only: other roles get 403 and nothing is closed', async () => {
    for (const role of ['VIEWER', 'UNDERWRITER', 'COLLECTIONS'] as const) {
      const { access } = await ctx.login(role);
      const res = await ctx.http().post('/api/v1/close-of-business/').set(bearer(access)).send({ business_date: YESTERDAY });
      expect(res.status, role).toBe(403);
      expect(res.body).toEqual({ detail: 'K této akci nemáte oprávnění.' });
    }
    expect((await ctx.http().post('/api/v1/close-of-business/').send({ business_date: YESTERDAY })).status).toBe(401);
    expect(await ctx.deps.prisma.closeOfBusiness.count()).toBe(0);
  });

  it('answers bad dates with Czech field messages', async () => {
    const { access } = await ctx.login('ACCOUNTANT');
    const post = (body: unknown) => ctx.http().post('/api/v1/close-of-business/').set(bearer(access)).send(body as object);
    expect((await post({})).body).toEqual({ business_date: [REQUIRED_MESSAGE] });
    expect((await post({ business_date: '24. 11. 2026' })).body).toEqual({ business_date: ['Zadejte datum ve tvaru RRRR-MM-DD.'] });
    expect((await post({ business_date: '2026-02-30' })).body).toEqual({ business_date: ['Neplatné datum.'] });
    const future = await post({ business_date: '2026-03-19' });
    expect([future.status, future.body]).toEqual([400, { business_date: [closeOfBusinessMessages.future] }]);
    // 366 days back is the limit: 17 March 2025 may be redone, 16 March 2025 not.
    const old = await post({ business_date: '2025-03-16' });
    expect([old.status, old.body]).toEqual([400, { business_date: [closeOfBusinessMessages.tooOld] }]);
    expect(await ctx.deps.prisma.closeOfBusiness.count()).toBe(0);
  });

  it('closes the date: the deal shows its DPD and the NON_PAYING breach; the run is listed and audited', async () => {
    const p = ctx.deps.prisma;
    const { deal, claim } = await overdueLoan();
    const admin = await ctx.login('ADMIN');
    const body = await close(admin.access, YESTERDAY);
    expect(body.runs.map((r) => r.business_date)).toEqual([YESTERDAY]);
    expect(body.runs[0]!.stats).toMatchObject({ trigger: 'STAFF', runs: 1, serviced_deals: 1, overdue_deals: 1, dpd_buckets: { '0': 0, '1-30': 0, '31-60': 1, '61-90': 0, '91+': 0 }, penalty_claims_created: 1, breaches_started: 1 });
    const row = await p.deal.findUniqueOrThrow({ where: { id: deal.id } });
    expect([row.daysPastDue, row.breachTypes]).toEqual([40, ['NON_PAYING']]);
    expect(await penaltyOf(p, claim)).toMatchObject({ through: YESTERDAY });

    const audit = await p.auditLog.findFirstOrThrow({ where: { action: 'close-of-business.run' } });
    expect(audit).toMatchObject({ actorId: String((await p.staffUser.findUniqueOrThrow({ where: { email: admin.email } })).id), entity: 'CloseOfBusiness', entityId: YESTERDAY });
    expect(audit.changes).toEqual({ business_date: YESTERDAY, closed_dates: [YESTERDAY] });

    // Today, before it ends, closes too (the nightly job closes it again after midnight).
    await close((await ctx.login('ACCOUNTANT')).access, TODAY);
    expect((await p.deal.findUniqueOrThrow({ where: { id: deal.id } })).daysPastDue).toBe(41);
  });
});

describe('GET /api/v1/close-of-business/', () => {
  it('lists the closed dates to every staff role, newest first, filtered and ordered', async () => {
    await overdueLoan();
    const admin = (await ctx.login('ADMIN')).access;
    await close(admin, YESTERDAY);
    await close(admin, TODAY);
    const { access } = await ctx.login('VIEWER');
    const res = await ctx.http().get('/api/v1/close-of-business/').set(bearer(access));
    expect(res.status).toBe(200);
    const page = pageSchema(closeOfBusinessRun).parse(res.body);
    expect(page.results.map((r) => r.business_date)).toEqual([TODAY, YESTERDAY]);
    expect(page.results[1]!.stats).toMatchObject({ trigger: 'STAFF', overdue_deals: 1 });
    const ascending = await ctx.http().get(`/api/v1/close-of-business/?ordering=business_date&date_to=${YESTERDAY}`).set(bearer(access));
    expect(ascending.body.results.map((r: { business_date: string }) => r.business_date)).toEqual([YESTERDAY]);
    const bad = await ctx.http().get('/api/v1/close-of-business/?ordering=stats&date_from=zitra').set(bearer(access));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['date_from', 'ordering']);
  });
});

describe('every run kept', () => {
  it('lists a date closed twice twice, each run with its own figures (the second does not replace the first)', async () => {
    await overdueLoan();
    const accountant = (await ctx.login('ACCOUNTANT')).access;
    await close(accountant, YESTERDAY);
    await close(accountant, YESTERDAY);
    const res = await ctx.http().get('/api/v1/close-of-business/').set(bearer(accountant));
    const page = pageSchema(closeOfBusinessRun).parse(res.body);
    expect(page.count).toBe(2);
    // Newest first: the second run found nothing left to do; the first run's figures stay as they were.
    expect(page.results.map((r) => [r.business_date, r.stats!.runs, r.stats!.penalty_claims_created, r.stats!.breaches_started])).toEqual([
      [YESTERDAY, 2, 0, 0],
      [YESTERDAY, 1, 1, 1],
    ]);
    expect(page.results[0]!.id).toBeGreaterThan(page.results[1]!.id);
    // The date is closed once: one row says which dates are closed.
    expect(await ctx.deps.prisma.closeOfBusiness.count()).toBe(1);
  });
});

describe('pnpm cli', () => {
  it('close-of-business closes yesterday by default, or the date given, and prints the table', async () => {
    await overdueLoan();
    await close((await ctx.login('ADMIN')).access, TODAY);
    const out = cli(['close-of-business']);
    expect(out.status, out.stderr).toBe(0);
    // Yesterday is before the latest closed date (today): it is closed again, then today too.
    const lines = out.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^business date\s+deals\s+overdue\s+1-30\s+31-60/);
    expect(lines.slice(1).map((line) => line.split(/\s+/).slice(0, 5))).toEqual([
      [YESTERDAY, '1', '1', '0', '1'],
      [TODAY, '1', '1', '0', '1'],
    ]);
    const earlier = cli(['close-of-business', '2026-03-14']);
    expect(earlier.status, earlier.stderr).toBe(0);
    expect(earlier.stdout.trim().split('\n').slice(1).map((line) => line.slice(0, 10))).toEqual(['2026-03-14', TODAY]);
    const bad = cli(['close-of-business', 'vcera']);
    expect([bad.status, bad.stderr.trim()]).toEqual([2, 'Zadejte datum ve tvaru RRRR-MM-DD.']);
    // Tomorrow is the future on the CLI's clock too.
    const tomorrow = cli(['close-of-business', '2026-03-19']);
    expect([tomorrow.status, tomorrow.stderr.trim()]).toEqual([2, closeOfBusinessMessages.future]);
  });

  it('add-repo-rate records a rate, and the next close computes penalty interest with it', async () => {
    const p = ctx.deps.prisma;
    const { claim } = await overdueLoan();
    await close((await ctx.login('ADMIN')).access, TODAY);
    // Due 5 February, closed through 18 March: 41 days of delay, from 6 February. The delay's
    // half-year begins on 1 January 2026, when the repo rate was 3.50 %, so 11.50 %:
    // 12 000 × 11.50 % × 41/365 = 155.01369863.
    expect(await penaltyOf(p, claim)).toMatchObject({ rate: '11.50', exact: '155.01369863' });
    const added = cli(['add-repo-rate', '2026-01-01', '3.25', 'ČNB, test']);
    expect(added.status, added.stderr).toBe(0);
    expect(await p.repoRate.findUniqueOrThrow({ where: { validFrom: new Date('2026-01-01T00:00:00Z') } })).toMatchObject({ source: 'ČNB, test' });
    expect(cli(['add-repo-rate', '2026-01-01', '3.00']).status).toBe(2);
    expect(cli(['add-repo-rate', '2026-13-01', '3.00']).status).toBe(2);
    expect(cli(['add-repo-rate', '2026-01-02', '3,5']).status).toBe(2);

    expect(cli(['close-of-business', TODAY]).status).toBe(0);
    // The same 41 days at 3.25 + 8 = 11.25 %: 12 000 × 11.25 % × 41/365 = 151.64383562.
    expect(await penaltyOf(p, claim)).toMatchObject({ rate: '11.25', exact: '151.64383562', amount: '151.64' });
  });
});
