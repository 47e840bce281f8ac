import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeOfBusinessMessages, closeOfBusinessResult, closeOfBusinessRun, REQUIRED_MESSAGE } from '@lending/contracts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { pageOf as pageSchema } from '@lending/contracts';
import { addDays, businessDateOf } from '../../domain/dates.ts';
import { dateToCloseAt } from './catch-up-close-of-business.ts';
import { penaltyOf } from '../../../test/fixtures/close-of-business.ts';
import { addClaim, createDeal } from '../../../test/fixtures/deals.ts';

// The staff call and the operator's command: who may run a close, what bad input gets, what the
// run shows. Dates are relative to today: staff may close today or up to a year back.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const yesterday = dateToCloseAt(new Date());

function cli(args: string[]) {
  return spawnSync(process.execPath, [path.join(import.meta.dirname, '../../cli.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: ctx.deps.config.DATABASE_URL!, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('POST /api/v1/close-of-business/', () => {
  it('is for ADMIN and ACCOUNTANT only: other roles get 403 and nothing is closed', async () => {
    for (const role of ['VIEWER', 'UNDERWRITER', 'COLLECTIONS'] as const) {
      const { access } = await ctx.login(role);
      const res = await ctx.http().post('/api/v1/close-of-business/').set(bearer(access)).send({ business_date: yesterday });
      expect(res.status, role).toBe(403);
      expect(res.body).toEqual({ detail: 'K této akci nemáte oprávnění.' });
    }
    expect((await ctx.http().post('/api/v1/close-of-business/').send({ business_date: yesterday })).status).toBe(401);
    expect(await ctx.deps.prisma.closeOfBusiness.count()).toBe(0);
  });

  it('answers bad dates with Czech field messages', async () => {
    const { access } = await ctx.login('ACCOUNTANT');
    const post = (body: unknown) => ctx.http().post('/api/v1/close-of-business/').set(bearer(access)).send(body as object);
    expect((await post({})).body).toEqual({ business_date: [REQUIRED_MESSAGE] });
    expect((await post({ business_date: '24. 11. 2026' })).body).toEqual({ business_date: ['Zadejte datum ve tvaru RRRR-MM-DD.'] });
    expect((await post({ business_date: '2026-02-30' })).body).toEqual({ business_date: ['Neplatné datum.'] });
    const tomorrow = addDays(businessDateOf(new Date()), 1);
    const future = await post({ business_date: tomorrow });
    expect([future.status, future.body]).toEqual([400, { business_date: [closeOfBusinessMessages.future] }]);
    const old = await post({ business_date: addDays(yesterday, -400) });
    expect([old.status, old.body]).toEqual([400, { business_date: [closeOfBusinessMessages.tooOld] }]);
    expect(await ctx.deps.prisma.closeOfBusiness.count()).toBe(0);
  });

  it('closes the date: the deal shows its DPD and the NON_PAYING breach; the run is listed and audited', async () => {
    const p = ctx.deps.prisma;
    const deal = await createDeal(p);
    // Due 40 days before yesterday: 40 days past due, past the 30-day threshold.
    const claim = await addClaim(p, deal, { due: addDays(yesterday, -40), amount: '12000.00' });
    const admin = await ctx.login('ADMIN');
    const res = await ctx.http().post('/api/v1/close-of-business/').set(bearer(admin.access)).send({ business_date: yesterday });
    expect(res.status).toBe(200);
    const body = closeOfBusinessResult.parse(res.body);
    expect(body.runs.map((r) => r.business_date)).toEqual([yesterday]);
    expect(body.runs[0]!.stats).toMatchObject({ trigger: 'STAFF', runs: 1, serviced_deals: 1, overdue_deals: 1, dpd_buckets: { '0': 0, '1-30': 0, '31-60': 1, '61-90': 0, '91+': 0 }, penalty_claims_created: 1, breaches_started: 1 });
    const row = await p.deal.findUniqueOrThrow({ where: { id: deal.id } });
    expect([row.daysPastDue, row.breachTypes]).toEqual([40, ['NON_PAYING']]);
    expect(await penaltyOf(p, claim)).toMatchObject({ through: yesterday });

    const audit = await p.auditLog.findFirstOrThrow({ where: { action: 'close-of-business.run' } });
    expect(audit).toMatchObject({ actorId: String((await p.staffUser.findUniqueOrThrow({ where: { email: admin.email } })).id), entity: 'CloseOfBusiness', entityId: yesterday });
    expect(audit.changes).toEqual({ business_date: yesterday, closed_dates: [yesterday] });

    // Today, before it ends, closes too (the nightly job closes it again after midnight).
    const accountant = await ctx.login('ACCOUNTANT');
    const today = await ctx.http().post('/api/v1/close-of-business/').set(bearer(accountant.access)).send({ business_date: businessDateOf(new Date()) });
    expect(today.status).toBe(200);
    expect((await p.deal.findUniqueOrThrow({ where: { id: deal.id } })).daysPastDue).toBe(41);
  });
});

describe('GET /api/v1/close-of-business/', () => {
  it('lists the closed dates to every staff role, newest first, filtered and ordered', async () => {
    const { access } = await ctx.login('VIEWER');
    const res = await ctx.http().get('/api/v1/close-of-business/').set(bearer(access));
    expect(res.status).toBe(200);
    const page = pageSchema(closeOfBusinessRun).parse(res.body);
    expect(page.results.map((r) => r.business_date)).toEqual([businessDateOf(new Date()), yesterday]);
    expect(page.results[1]!.stats).toMatchObject({ trigger: 'STAFF', overdue_deals: 1 });
    const ascending = await ctx.http().get('/api/v1/close-of-business/?ordering=business_date&date_to=' + yesterday).set(bearer(access));
    expect(ascending.body.results.map((r: { business_date: string }) => r.business_date)).toEqual([yesterday]);
    const bad = await ctx.http().get('/api/v1/close-of-business/?ordering=stats&date_from=zitra').set(bearer(access));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['date_from', 'ordering']);
  });
});

describe('pnpm cli', () => {
  it('close-of-business closes yesterday by default, or the date given, and prints the table', async () => {
    const out = cli(['close-of-business']);
    expect(out.status, out.stderr).toBe(0);
    // Yesterday was the latest but one: it is closed again, then today (the latest) too.
    const lines = out.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^business date\s+deals\s+overdue\s+1-30\s+31-60/);
    expect(lines.slice(1).map((line) => line.split(/\s+/).slice(0, 5))).toEqual([
      [yesterday, '1', '1', '0', '1'],
      [businessDateOf(new Date()), '1', '1', '0', '1'],
    ]);
    const earlier = cli(['close-of-business', addDays(yesterday, -3)]);
    expect(earlier.status, earlier.stderr).toBe(0);
    expect(earlier.stdout.trim().split('\n').slice(1).map((line) => line.slice(0, 10))).toEqual([addDays(yesterday, -3), businessDateOf(new Date())]);
    const bad = cli(['close-of-business', 'vcera']);
    expect([bad.status, bad.stderr.trim()]).toEqual([2, 'Zadejte datum ve tvaru RRRR-MM-DD.']);
  });

  it('add-repo-rate records a rate, and the next close computes penalty interest with it', async () => {
    const p = ctx.deps.prisma;
    const claim = (await p.claim.findFirstOrThrow({ where: { type: 'PRINCIPAL' } })).id;
    // Due 40 days before yesterday, closed through today: 41 days of delay. No rate is recorded
    // after 2 May 2025 (3.50 %), so the delay's half-year has 11.50 %:
    // 12 000 × 11.50 % × 41/365 = 155.01369863.
    expect(await penaltyOf(p, claim)).toMatchObject({ rate: '11.50', exact: '155.01369863' });
    const due = (await p.claim.findUniqueOrThrow({ where: { id: claim } })).dueDate.toISOString().slice(0, 10);
    const delayBegan = addDays(due, 1);
    const halfYear = `${delayBegan.slice(0, 4)}-${Number(delayBegan.slice(5, 7)) <= 6 ? '01' : '07'}-01`;
    const added = cli(['add-repo-rate', halfYear, '3.25', 'ČNB, test']);
    expect(added.status, added.stderr).toBe(0);
    expect(await p.repoRate.findUniqueOrThrow({ where: { validFrom: new Date(`${halfYear}T00:00:00Z`) } })).toMatchObject({ source: 'ČNB, test' });
    expect(cli(['add-repo-rate', halfYear, '3.00']).status).toBe(2);
    expect(cli(['add-repo-rate', '2026-13-01', '3.00']).status).toBe(2);
    expect(cli(['add-repo-rate', halfYear.replace(/-01$/, '-02'), '3,5']).status).toBe(2);

    expect(cli(['close-of-business', businessDateOf(new Date())]).status).toBe(0);
    // The same 41 days at 3.25 + 8 = 11.25 %: 12 000 × 11.25 % × 41/365 = 151.64383562.
    expect(await penaltyOf(p, claim)).toMatchObject({ rate: '11.25', exact: '151.64383562', amount: '151.64' });
  });
});
