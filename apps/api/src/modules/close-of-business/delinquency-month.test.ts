import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffActor, testSystem } from '../../../test/fixtures/actors.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { handleCloseOfBusiness } from '../../jobs/definitions/servicing/close-of-business.handler.ts';
import { daysFromTo } from '../../domain/dates.ts';
import { closeBusinessDate } from './close-business-date.ts';
import { runCloseOfBusiness } from './run-close-of-business.ts';
import { penaltyOf, snapshot } from '../../../test/fixtures/close-of-business.ts';
import { addClaim, addObligation, createDeal, pay } from '../../../test/fixtures/deals.ts';

// Days past due and breaches over a simulated month and a half of business dates, closed one by
// one as the nightly job does, with payments booked and obligations delivered on their days.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Day = { dpd: number; breaches: string[] };

/**
 * Deal M (NON_PAYING after 10 days): 1 000 principal + 100 interest due 15 Mar 2025, 1 000 +
 * 90 due 15 Apr; a notarial deed due 20 Mar delivered on 2 Apr (10:30 Prague time), a pledge
 * right due 31 Mar never delivered. Payments: 1 000 on 8 Apr (the March principal: the March
 * interest still owed keeps the delay going), 100 on 12 Apr (nothing overdue any more).
 * DPD = business date − 15 Mar while anything of March is owed; − 15 Apr from 16 Apr.
 */
const expected: Record<string, Day> = {};
const set = (from: string, to: string, day: (date: string, i: number) => Day) => daysFromTo(from, to).forEach((d, i) => (expected[d] = day(d, i)));
set('2025-03-14', '2025-03-15', () => ({ dpd: 0, breaches: [] }));
set('2025-03-16', '2025-03-20', (_, i) => ({ dpd: 1 + i, breaches: [] })); // 1..5
set('2025-03-21', '2025-03-25', (_, i) => ({ dpd: 6 + i, breaches: ['UNDELIVERED_NOTARIAL_DEED'] })); // 6..10: not past 10 yet
set('2025-03-26', '2025-03-31', (_, i) => ({ dpd: 11 + i, breaches: ['NON_PAYING', 'UNDELIVERED_NOTARIAL_DEED'] })); // 11..16
expected['2025-04-01'] = { dpd: 17, breaches: ['NON_PAYING', 'UNDELIVERED_NOTARIAL_DEED', 'UNDELIVERED_PLEDGE_RIGHT'] };
set('2025-04-02', '2025-04-11', (_, i) => ({ dpd: 18 + i, breaches: ['NON_PAYING', 'UNDELIVERED_PLEDGE_RIGHT'] })); // 18..27 (8 Apr: March interest still owed)
set('2025-04-12', '2025-04-15', () => ({ dpd: 0, breaches: ['UNDELIVERED_PLEDGE_RIGHT'] }));
set('2025-04-16', '2025-04-25', (_, i) => ({ dpd: 1 + i, breaches: ['UNDELIVERED_PLEDGE_RIGHT'] })); // 1..10
set('2025-04-26', '2025-04-30', (_, i) => ({ dpd: 11 + i, breaches: ['NON_PAYING', 'UNDELIVERED_PLEDGE_RIGHT'] })); // 11..15

describe('days past due and breaches over a simulated month', () => {
  const m: Record<string, number> = {};
  let deal: { id: number };
  let closedLater: { id: number };
  let stillOpen: { id: number };

  beforeAll(async () => {
    const p = ctx.deps.prisma;
    deal = await createDeal(p, { nonPayingAfterDays: 10 });
    m.principal1 = await addClaim(p, deal, { type: 'PRINCIPAL', due: '2025-03-15', amount: '1000.00' });
    m.interest1 = await addClaim(p, deal, { type: 'INTEREST', due: '2025-03-15', amount: '100.00' });
    m.principal2 = await addClaim(p, deal, { type: 'PRINCIPAL', due: '2025-04-15', amount: '1000.00' });
    m.interest2 = await addClaim(p, deal, { type: 'INTEREST', due: '2025-04-15', amount: '90.00' });
    m.deed = await addObligation(p, deal.id, 'NOTARIAL_DEED', '2025-03-20', '2025-04-02T08:30:00Z');
    m.pledge = await addObligation(p, deal.id, 'PLEDGE_RIGHT', '2025-03-31');
    // Already 13 days past due at the first close, past its 5-day threshold since 7 Mar; closed
    // (written off) before the close of 1 April.
    closedLater = await createDeal(p, { nonPayingAfterDays: 5 });
    m.closedLater = await addClaim(p, closedLater, { due: '2025-03-01', amount: '500.00' });
    // A consumer loan never paid: stays overdue the whole time, threshold 30 (default).
    stillOpen = await createDeal(p, { type: 'CONSUMER_LOAN' });
    await addClaim(p, stillOpen, { due: '2025-02-01', amount: '700.00' });
  });

  it('follows the table day by day', async () => {
    const p = ctx.deps.prisma;
    const seen: Record<string, Day> = {};
    for (const day of Object.keys(expected)) {
      if (day === '2025-04-01') await p.deal.update({ where: { id: closedLater.id }, data: { state: 'CLOSED', closedReason: 'CLOSED_DEAL_WRITE_OFF' } });
      if (day === '2025-04-08') await pay(p, deal.id, day, [{ claimId: m.principal1!, amount: '1000.00' }]);
      if (day === '2025-04-12') await pay(p, deal.id, day, [{ claimId: m.interest1!, amount: '100.00' }]);
      await closeBusinessDate(ctx.deps, day, 'JOB');
      const row = await p.deal.findUniqueOrThrow({ where: { id: deal.id } });
      seen[day] = { dpd: row.daysPastDue, breaches: row.breachTypes };
      if (day === '2025-03-14') {
        // The first close finds it 13 days past due, past its threshold since 7 March.
        const first = await p.deal.findUniqueOrThrow({ where: { id: closedLater.id } });
        expect([first.daysPastDue, first.breachTypes]).toEqual([13, ['NON_PAYING']]);
      }
    }
    expect(seen).toEqual(expected);
  });

  it('records each breach from the day its cause began to the day it ended', async () => {
    const rows = await ctx.deps.prisma.breach.findMany({ where: { dealId: { in: [deal.id, closedLater.id, stillOpen.id] } }, orderBy: [{ dealId: 'asc' }, { type: 'asc' }, { startedOn: 'asc' }] });
    const history = rows.map((b) => [b.dealId, b.type, b.startedOn.toISOString().slice(0, 10), b.endedOn?.toISOString().slice(0, 10) ?? null, b.obligationId]);
    expect(history).toEqual([
      [deal.id, 'NON_PAYING', '2025-03-26', '2025-04-12', null],
      [deal.id, 'NON_PAYING', '2025-04-26', null, null],
      [deal.id, 'UNDELIVERED_NOTARIAL_DEED', '2025-03-21', '2025-04-02', m.deed],
      [deal.id, 'UNDELIVERED_PLEDGE_RIGHT', '2025-04-01', null, m.pledge],
      // 1 Mar + 5 days + 1: from 7 Mar; ended by the close of 1 April, the deal being closed.
      [closedLater.id, 'NON_PAYING', '2025-03-07', '2025-04-01', null],
      // 1 Feb + 30 days + 1 = 4 Mar.
      [stillOpen.id, 'NON_PAYING', '2025-03-04', null, null],
    ]);
    const closed = await ctx.deps.prisma.deal.findUniqueOrThrow({ where: { id: closedLater.id } });
    expect([closed.daysPastDue, closed.breachTypes]).toEqual([0, []]);
    const open = await ctx.deps.prisma.deal.findUniqueOrThrow({ where: { id: stillOpen.id } });
    // 30 Apr − 1 Feb = 88 days.
    expect([open.daysPastDue, open.breachTypes]).toEqual([88, ['NON_PAYING']]);
  });

  it('accrued penalty interest of the month (H1 2025: 12 %)', async () => {
    const p = ctx.deps.prisma;
    // 1 000 × 12 % × 24/365 (16 Mar – 8 Apr, paid on 8 Apr) = 7.89041096
    expect(await penaltyOf(p, m.principal1!)).toMatchObject({ amount: '7.89', exact: '7.89041096', through: '2025-04-08' });
    // 100 × 12 % × 28/365 (16 Mar – 12 Apr) = 0.92054795
    expect(await penaltyOf(p, m.interest1!)).toMatchObject({ amount: '0.92', exact: '0.92054795', through: '2025-04-12' });
    // 1 000 × 12 % × 15/365 (16 – 30 Apr) = 4.93150685; 90 × 12 % × 15/365 = 0.44383562
    expect(await penaltyOf(p, m.principal2!)).toMatchObject({ amount: '4.93', exact: '4.93150685', through: '2025-04-30' });
    expect(await penaltyOf(p, m.interest2!)).toMatchObject({ amount: '0.44', exact: '0.44383562', through: '2025-04-30' });
    // The closed deal's stopped with the last close it was serviced in: 500 × 12 % × 30/365 (2 – 31 Mar) = 4.93150685
    expect(await penaltyOf(p, m.closedLater!)).toMatchObject({ amount: '4.93', exact: '4.93150685', through: '2025-03-31' });
  });

  it('two closes of the same date at once: the effects of one, the other finds nothing to do', async () => {
    const before = await snapshot(ctx.deps.prisma);
    const deps = { ...ctx.deps, now: () => new Date('2025-05-01T12:00:00Z') };
    const [a, b] = await Promise.all([
      runCloseOfBusiness(deps, await createStaffActor(ctx.deps.prisma), { businessDate: '2025-05-01' }),
      runCloseOfBusiness(deps, testSystem, { businessDate: '2025-05-01' }),
    ]);
    const stats = [a[0]!.stats!, b[0]!.stats!].sort((x, y) => x.runs - y.runs);
    // The first: DPD +1 on the two overdue deals, two penalty claims of deal M and one of the
    // consumer loan accrue a day more.
    expect(stats[0]).toMatchObject({ runs: 1, deals_dpd_changed: 2, penalty_claims_updated: 3, penalty_claims_created: 0, breaches_started: 0, breaches_ended: 0 });
    expect(stats[1]).toMatchObject({ runs: 2, deals_dpd_changed: 0, penalty_claims_updated: 0, penalty_claims_created: 0, penalty_interest_accrued: '0.00', breaches_started: 0, breaches_ended: 0 });
    expect(await snapshot(ctx.deps.prisma)).not.toEqual(before);
    expect(await ctx.deps.prisma.closeOfBusiness.count({ where: { businessDate: new Date('2025-05-01T00:00:00Z') } })).toBe(1);
    const row = await ctx.deps.prisma.deal.findUniqueOrThrow({ where: { id: deal.id } });
    expect(row.daysPastDue).toBe(16);
  });

  it('the job catches up every missed date in order, and closes nothing twice', async () => {
    const p = ctx.deps.prisma;
    // Scheduled for 00:05 on 6 May in Prague (22:05 UTC in summer): closes 2–5 May.
    await handleCloseOfBusiness(ctx.deps, { _cron: { ts: '2025-05-05T22:05:00.000Z', backfilled: true } }, { jobId: '1', attempt: 1, attempts: 3, stopping: new AbortController().signal, timeoutMs: 1000 });
    const runs = await p.closeOfBusiness.findMany({ where: { businessDate: { gt: new Date('2025-05-01T00:00:00Z') } }, orderBy: { startedAt: 'asc' } });
    expect(runs.map((r) => [r.businessDate.toISOString().slice(0, 10), (r.stats as { trigger: string; runs: number }).trigger, (r.stats as { runs: number }).runs])).toEqual([
      ['2025-05-02', 'JOB', 1],
      ['2025-05-03', 'JOB', 1],
      ['2025-05-04', 'JOB', 1],
      ['2025-05-05', 'JOB', 1],
    ]);
    expect((await p.deal.findUniqueOrThrow({ where: { id: deal.id } })).daysPastDue).toBe(20);
    // The same moment again (a second replica, a retry): nothing left to close.
    const before = await snapshot(p);
    await handleCloseOfBusiness(ctx.deps, { _cron: { ts: '2025-05-05T23:05:00.000Z' } }, { jobId: '2', attempt: 1, attempts: 3, stopping: new AbortController().signal, timeoutMs: 1000 });
    expect(await p.closeOfBusiness.count({ where: { businessDate: { gt: new Date('2025-05-01T00:00:00Z') } } })).toBe(4);
    expect(await snapshot(p)).toEqual(before);
  });
});
