import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testSystem } from '../../../test/fixtures/actors.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { penaltyOf, setRepoRates, snapshot } from '../../../test/fixtures/close-of-business.ts';
import { addClaim, createDeal, pay } from '../../../test/fixtures/deals.ts';
import { daysFromTo } from '../../domain/dates.ts';
import { closeBusinessDate } from './close-business-date.ts';
import { runCloseOfBusiness } from './run-close-of-business.ts';
import { recomputeDelinquency } from '../servicing/index.ts';

// Known answers worked out by hand from NV 351/2013 Sb. § 2 and the ČNB repo-rate history (and
// checked day by day with Python's decimal module): interest = Σ over days of delay of
// (what was owed that day) × rate / 100 / 365, rate = repo rate on the first day of the
// half-year in which the delay began + 8 pp. Repo rates used: 6.75 % on 1 Jan 2024 (since
// 22 Dec 2023) → 14.75 %; 4.75 % on 1 Jul 2024 (since 28 Jun 2024) → 12.75 %; 4.00 % on
// 1 Jan 2025 (since 8 Nov 2024) → 12.00 %. The tests write these rates themselves.
//
// A close of business closes every deal of the database, so each test has a database of its
// own and makes the deals and closes its answer needs.

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
  await setRepoRates(ctx.deps.prisma, { '2023-12-22': '6.75', '2024-06-28': '4.75', '2024-11-08': '4.00' });
});
afterEach(() => ctx.close());

const close = (day: string) => closeBusinessDate(ctx.deps, day, 'CLI');
const p = () => ctx.deps.prisma;

/** 10 000 due 10 Mar 2025, 4 000 of it paid on 25 Mar: 78.90 through 9 Apr, closed day by day or at once. */
const partialAnswer = { amount: '78.90', exact: '78.90410959', rate: '12.00', through: '2025-04-09', due: '2025-03-11' };
async function partiallyPaid() {
  const deal = await createDeal(p());
  const claim = await addClaim(p(), deal, { due: '2025-03-10', amount: '10000.00' });
  return { deal, claim, pay: () => pay(p(), deal.id, '2025-03-25', [{ claimId: claim, amount: '4000.00' }]) };
}

describe('penalty interest: known answers', () => {
  it('a delay that crosses 1 July keeps the rate of the half-year it began in', async () => {
    // Across 1 July: 5 000 due 20 Jun 2024; the delay began in H1 2024, so 14.75 % stays.
    const acrossJuly = await addClaim(p(), await createDeal(p()), { due: '2024-06-20', amount: '5000.00' });
    // Due 30 Jun 2024: the delay begins on 1 Jul, in H2 2024 → 12.75 %.
    const dueLastOfJune = await addClaim(p(), await createDeal(p()), { due: '2024-06-30', amount: '2000.00' });
    // A contractual penalty bears no penalty interest (fees of an installment do).
    const contractualPenalty = await addClaim(p(), await createDeal(p()), { type: 'CONTRACTUAL_PENALTY', due: '2024-06-01', amount: '500.00' });
    // A closed deal is no longer serviced.
    const closedDeal = await addClaim(p(), await createDeal(p(), { state: 'CLOSED' }), { due: '2024-06-01', amount: '500.00' });
    await close('2024-07-20');
    // 5 000 × 14.75 % × 30/365 (21 Jun – 20 Jul) = 60.61643836
    expect(await penaltyOf(p(), acrossJuly)).toEqual({ amount: '60.62', exact: '60.61643836', rate: '14.75', through: '2024-07-20', due: '2024-06-21' });
    // 2 000 × 12.75 % × 20/365 (1 – 20 Jul) = 13.97260274
    expect(await penaltyOf(p(), dueLastOfJune)).toEqual({ amount: '13.97', exact: '13.97260274', rate: '12.75', through: '2024-07-20', due: '2024-07-01' });
    expect(await penaltyOf(p(), contractualPenalty)).toBeNull();
    expect(await penaltyOf(p(), closedDeal)).toBeNull();
  });

  it('two claims overdue from different half-years accrue at different rates', async () => {
    const deal = await createDeal(p());
    const firstHalf = await addClaim(p(), deal, { due: '2024-05-15', amount: '1000.00' });
    const secondHalf = await addClaim(p(), deal, { type: 'INTEREST', due: '2024-08-15', amount: '1000.00' });
    await close('2024-09-14');
    // 1 000 × 14.75 % × 122/365 (16 May – 14 Sep) = 49.30136986
    expect(await penaltyOf(p(), firstHalf)).toMatchObject({ amount: '49.30', exact: '49.30136986', rate: '14.75' });
    // 1 000 × 12.75 % × 30/365 (16 Aug – 14 Sep) = 10.47945205
    expect(await penaltyOf(p(), secondHalf)).toMatchObject({ amount: '10.48', exact: '10.47945205', rate: '12.75' });
    expect((await p().deal.findUniqueOrThrow({ where: { id: deal.id } })).daysPastDue).toBe(122);
  });

  it('a delay that crosses 1 January keeps the rate of the half-year it began in', async () => {
    // 5 000 due 20 Dec 2024, delay from 21 Dec (H2 2024, 12.75 %).
    const acrossJanuary = await addClaim(p(), await createDeal(p()), { due: '2024-12-20', amount: '5000.00' });
    await close('2025-01-19');
    // 5 000 × 12.75 % × 30/365 (21 Dec – 19 Jan) = 52.39726027
    expect(await penaltyOf(p(), acrossJanuary)).toMatchObject({ amount: '52.40', exact: '52.39726027', rate: '12.75', through: '2025-01-19' });
  });

  it('a delay within one half-year, with grace days, and switched off', async () => {
    // Within one half-year: 10 000 due 10 Feb 2025, delay from 11 Feb, 30 days through 12 Mar.
    const within = await addClaim(p(), await createDeal(p()), { due: '2025-02-10', amount: '10000.00' });
    // Grace days: penalty interest from the 6th day after the due date.
    const graced = await createDeal(p());
    await p().claimsSetting.create({ data: { dealId: graced.id, type: 'PENALTY_INTEREST', graceDays: 5 } });
    const gracedClaim = await addClaim(p(), graced, { due: '2025-02-10', amount: '10000.00' });
    // Penalty interest switched off for the deal.
    const waived = await createDeal(p());
    await p().claimsSetting.create({ data: { dealId: waived.id, type: 'PENALTY_INTEREST', isEnabled: false } });
    const waivedClaim = await addClaim(p(), waived, { due: '2025-02-10', amount: '10000.00' });
    await close('2025-03-12');
    // 10 000 × 12 % × 30/365 (11 Feb – 12 Mar) = 98.63013699
    expect(await penaltyOf(p(), within)).toEqual({ amount: '98.63', exact: '98.63013699', rate: '12.00', through: '2025-03-12', due: '2025-02-11' });
    // 5 grace days: 10 000 × 12 % × 25/365 (16 Feb – 12 Mar) = 82.19178082; the rate is still the delay's (from 11 Feb).
    expect(await penaltyOf(p(), gracedClaim)).toEqual({ amount: '82.19', exact: '82.19178082', rate: '12.00', through: '2025-03-12', due: '2025-02-16' });
    expect(await penaltyOf(p(), waivedClaim)).toBeNull();
  });

  it('a partial payment lowers what bears interest from the day after it', async () => {
    const partial = await partiallyPaid();
    // Every day closed, one by one, the payment booked on its day.
    for (const day of daysFromTo('2025-03-11', '2025-04-09')) {
      if (day === '2025-03-25') await partial.pay();
      await close(day);
    }
    // 10 000 × 15 days (11–25 Mar) + 6 000 × 15 days (26 Mar – 9 Apr) = 240 000 crown-days × 12 % / 365 = 78.90410959
    expect(await penaltyOf(p(), partial.claim)).toEqual(partialAnswer);
  });

  it('consumer loans: from the 91st day of delay the lower contractual rate (§ 122(4) of 257/2016 Sb.)', async () => {
    const consumerCapped = await addClaim(p(), await createDeal(p(), { type: 'CONSUMER_LOAN', annualRate: '5.0000' }), { due: '2024-12-20', amount: '10000.00' });
    const businessLowRate = await addClaim(p(), await createDeal(p(), { type: 'BORROWING', annualRate: '5.0000' }), { due: '2024-12-20', amount: '10000.00' });
    const consumerHighRate = await addClaim(p(), await createDeal(p(), { type: 'CONSUMER_LOAN', annualRate: '20.0000' }), { due: '2024-12-20', amount: '10000.00' });
    await close('2025-04-09');
    // Through 9 Apr 2025: 110 days from 21 Dec; days 1–90 (to 20 Mar) at 12.75 %, 91–110 at 5 %:
    // 10 000 × (12.75 × 90 + 5 × 20) / 36 500 = 341.78082192
    expect(await penaltyOf(p(), consumerCapped)).toMatchObject({ amount: '341.78', exact: '341.78082192', rate: '12.75' });
    // 10 000 × 12.75 % × 110/365 = 384.24657534
    expect(await penaltyOf(p(), businessLowRate)).toMatchObject({ amount: '384.25', exact: '384.24657534' });
    expect(await penaltyOf(p(), consumerHighRate)).toMatchObject({ amount: '384.25', exact: '384.24657534' });
  });

  it('several days closed at once equal the days closed one by one', async () => {
    // The claim and payment of the partial-payment test, on a deal no close saw until now: one
    // close accrues 30 days at once, to the figures the daily closes reach.
    const late = await partiallyPaid();
    await late.pay();
    await close('2025-04-09');
    expect(await penaltyOf(p(), late.claim)).toEqual(partialAnswer);
    // A deal recomputed on its own (what a payment does) agrees too.
    const alone = await partiallyPaid();
    await alone.pay();
    const result = await p().$transaction((tx) => recomputeDelinquency(tx, alone.deal.id, '2025-04-09'));
    // 30 days past due: not past the 30-day threshold yet.
    expect(result).toEqual({ days_past_due: 30, breach_types: [] });
    expect(await penaltyOf(p(), alone.claim)).toEqual(partialAnswer);
  });

  it('a claim paid in full stops accruing on the day of payment, and a later close leaves it as it was', async () => {
    const deal = await createDeal(p());
    const within = await addClaim(p(), deal, { due: '2025-02-10', amount: '10000.00' });
    await close('2025-03-12');
    // Paid in full on 15 Apr: 10 000 × 12 % × 64/365 (11 Feb – 15 Apr) = 210.41095890
    await pay(p(), deal.id, '2025-04-15', [{ claimId: within, amount: '10000.00' }]);
    await close('2025-04-20');
    expect(await penaltyOf(p(), within)).toEqual({ amount: '210.41', exact: '210.41095890', rate: '12.00', through: '2025-04-15', due: '2025-02-11' });
    await close('2025-04-21');
    expect(await penaltyOf(p(), within)).toMatchObject({ amount: '210.41', through: '2025-04-15' });
  });

  it('re-running a date, or an earlier one, changes nothing', async () => {
    // Deals of each kind above, closed on 20 March and 21 April 2025.
    await addClaim(p(), await createDeal(p()), { due: '2025-02-10', amount: '10000.00' });
    const graced = await createDeal(p());
    await p().claimsSetting.create({ data: { dealId: graced.id, type: 'PENALTY_INTEREST', graceDays: 5 } });
    await addClaim(p(), graced, { due: '2025-02-10', amount: '10000.00' });
    await addClaim(p(), await createDeal(p(), { type: 'CONSUMER_LOAN', annualRate: '5.0000' }), { due: '2024-12-20', amount: '10000.00' });
    const partial = await partiallyPaid();
    await partial.pay();
    await close('2025-03-20');
    await close('2025-04-21');
    const before = await snapshot(p());
    // Staff may redo at most a year back: the clock says it is the day after.
    const deps = { ...ctx.deps, now: () => new Date('2025-04-22T10:00:00Z') };
    const [again] = await runCloseOfBusiness(deps, testSystem, { businessDate: '2025-04-21' });
    expect(again!.stats).toMatchObject({ runs: 2, penalty_claims_created: 0, penalty_claims_updated: 0, penalty_interest_accrued: '0.00', deals_dpd_changed: 0, breaches_started: 0, breaches_ended: 0 });
    expect(await snapshot(p())).toEqual(before);
    // An earlier date is closed again, then the latest: the deals end as they were.
    const rerun = await runCloseOfBusiness(deps, testSystem, { businessDate: '2025-03-20' });
    expect(rerun.map((r) => r.business_date)).toEqual(['2025-03-20', '2025-04-21']);
    expect(await snapshot(p())).toEqual(before);
  });
});
