import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addDays, dbDate, fromDbDate } from '../../domain/dates.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { penaltyAccrual } from './allocate.ts';
import { bringDealsToDate, holdDelinquencyLock, PENALTY_TERMS } from './delinquency.ts';
import { addClaim, createDeal } from '../../../test/fixtures/deals.ts';

// Penalty interest is computed twice, on purpose: the close of business accrues it for every
// serviced deal in one set-based SQL statement (delinquency.ts; it closes 150,000 deals in
// seconds), and the allocation engine needs it day by day to know how much of a penalty claim a
// payment of a given day may pay (allocate.ts). The two must agree to the haléř. This test runs
// both over random histories on real PostgreSQL — several partial payments, payments booked
// after later closes (back-dated), credit used on a later day, the consumer cap from day 91,
// repo-rate changes within and across half-years, grace days — and requires the same accrual
// (8 places and haléře) after every close. The terms of the accrual (first day of delay, rates,
// the cap's first day) are one SQL definition both read (PENALTY_TERMS).

/** Histories per run (DIFFERENTIAL_RUNS=2000 for a deeper search; FUZZ_SEED replays one). */
const RUNS = Number(process.env.DIFFERENTIAL_RUNS ?? 60);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const dayOffset = (base: string, offset: number) => addDays(base, offset);
const twoPlaces = (hellers: number) => (hellers / 100).toFixed(2);

/** A history: the claim, the deal's terms, the repo rates, the payments and the closes, in order. */
const history = fc
  .record({
    consumer: fc.boolean(),
    modelRate: fc.integer({ min: 0, max: 3000 }).map((bp) => (bp / 100).toFixed(4)),
    grace: fc.option(fc.integer({ min: 0, max: 15 }), { nil: null }),
    due: fc.date({ min: new Date('2023-06-01T00:00:00Z'), max: new Date('2026-06-30T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    amount: fc.integer({ min: 10_000, max: 90_000_000 }),
    repo: fc.array(
      fc.record({
        at: fc.date({ min: new Date('2023-01-01T00:00:00Z'), max: new Date('2027-06-30T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
        rate: fc.integer({ min: 1, max: 1400 }).map((n) => (n / 200).toFixed(3)),
      }),
      { minLength: 0, maxLength: 6 },
    ),
    closes: fc.uniqueArray(fc.integer({ min: 1, max: 480 }), { minLength: 1, maxLength: 5 }).map((a) => a.sort((x, y) => x - y)),
    payments: fc.array(
      fc.record({
        /** Days from the due date the money arrived (before it, too). */
        offset: fc.integer({ min: -10, max: 470 }),
        /** Part of what is left, in per mille; 1000 pays it all (as often as a part, so histories end paid up). */
        share: fc.oneof(fc.constant(1000), fc.integer({ min: 1, max: 999 })),
        /** Before which close it is booked (a higher one than its date suggests: back-dated). */
        bookedBefore: fc.nat(),
        /** Credit used this many days after the payment's date (0: placed on its own date). */
        creditLater: fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 1, max: 40 })),
      }),
      { maxLength: 6 },
    ),
  })
  .map((h) => {
    // Split the claim into payments: each takes its share of what is left.
    let left = h.amount;
    const payments = h.payments.map((p) => {
      const hellers = Math.max(0, Math.min(left, Math.round((left * p.share) / 1000)));
      left -= hellers;
      return { ...p, hellers, bookedBefore: p.bookedBefore % h.closes.length };
    });
    return { ...h, payments: payments.filter((p) => p.hellers > 0) };
  });

async function setRepoRates(repo: readonly { at: string; rate: string }[]) {
  const p = ctx.deps.prisma;
  await p.repoRate.deleteMany({});
  // A rate for every half-year of the histories, then the generated changes (the last of a day wins).
  const byDay = new Map<string, string>([['2019-01-01', '1.750']]);
  for (const r of repo) byDay.set(r.at, r.rate);
  await p.repoRate.createMany({ data: [...byDay].map(([at, rate]) => ({ validFrom: dbDate(at), rate, source: 'test' })) });
}

interface Placed {
  date: string;
  amount: string;
}

describe('penalty interest: the close of business (SQL) and the allocation engine (TypeScript) agree', () => {
  it('over random histories, after every close: the same accrual to 8 places and to the haléř', async () => {
    const seen = { runs: 0, penalties: 0, capped: 0, backDated: 0, graced: 0, fullyPaid: 0 };
    await fc.assert(
      fc.asyncProperty(history, async (h) => {
        seen.runs++;
        const p = ctx.deps.prisma;
        await setRepoRates(h.repo);
        const deal = await createDeal(p, { type: h.consumer ? 'CONSUMER_LOAN' : 'BORROWING', annualRate: h.modelRate });
        if (h.grace !== null) await p.claimsSetting.create({ data: { dealId: deal.id, type: 'PENALTY_INTEREST', graceDays: h.grace } });
        const claimId = await addClaim(p, deal, { type: 'PRINCIPAL', due: h.due, amount: twoPlaces(h.amount) });
        const placed: Placed[] = [];
        let target = '0000-01-01';
        for (const [i, offset] of h.closes.entries()) {
          const D = dayOffset(h.due, offset);
          for (const pay of h.payments.filter((x) => x.bookedBefore === i)) {
            const date = dayOffset(h.due, pay.offset);
            const placedOn = dayOffset(date, pay.creditLater);
            if (date < target) seen.backDated++;
            await p.payment.create({
              data: {
                direction: 'INCOMING_PAYMENT',
                date: dbDate(date),
                amount: twoPlaces(pay.hellers),
                dealId: deal.id,
                allocations: { create: [{ claimId, amount: twoPlaces(pay.hellers), rule: 'test', allocatedOn: pay.creditLater ? dbDate(placedOn) : null }] },
              },
            });
            placed.push({ date: placedOn, amount: twoPlaces(pay.hellers) });
          }
          await p.$transaction(async (tx) => {
            await holdDelinquencyLock(tx);
            await bringDealsToDate(tx, D, { dealIds: [deal.id] });
          });
          if (D > target) target = D;

          // The engine's side: the same terms, the source's whole history, through the close's target.
          const [terms] = await p.$queryRaw<{ start_day: Date; capped_from: Date | null; rate: string | null; capped_rate: string | null; enabled: boolean }[]>`
            SELECT t.start_day, t.capped_from, t.rate::text AS rate, t.capped_rate::text AS capped_rate, t.enabled
              FROM (SELECT ${PENALTY_TERMS.columns} FROM claims c JOIN deals d ON d.id = c.deal_id ${PENALTY_TERMS.joins} WHERE c.id = ${claimId}) t`;
          const penalty = await p.claim.findFirst({ where: { sourceClaimId: claimId, type: 'PENALTY_INTEREST' } });
          if (terms!.rate === null) {
            expect(penalty).toBeNull();
            continue;
          }
          const spec = { sourceClaimId: claimId, startDay: fromDbDate(terms!.start_day), cappedFrom: terms!.capped_from && fromDbDate(terms!.capped_from), rate: terms!.rate, cappedRate: terms!.capped_rate! };
          const engine = penaltyAccrual(spec, { amount: twoPlaces(h.amount), history: placed }, target);
          if (penalty) {
            seen.penalties++;
            if (spec.cappedFrom && target >= spec.cappedFrom && spec.cappedRate !== spec.rate) seen.capped++;
            if ((h.grace ?? 0) > 0) seen.graced++;
            expect({ exact: penalty.accruedExact!.toFixed(8), amount: penalty.amount.toFixed(2), rate: penalty.rate!.toFixed(3) }, JSON.stringify({ h, D, target, spec, placed })).toEqual({
              exact: engine.exact.toFixed(8),
              amount: engine.amount.toFixed(2),
              rate: new Prisma.Decimal(spec.rate).toFixed(3),
            });
          } else {
            // The close creates the claim the first time it finds the source overdue with something accrued.
            const paidNow = placed.reduce((s, x) => s + Math.round(Number(x.amount) * 100), 0);
            const late = placed.some((x) => x.date > D);
            const overdue = h.due < D && (paidNow < h.amount || late);
            if (overdue) expect(engine.amount.toFixed(2), JSON.stringify({ h, D, spec, placed })).toBe('0.00');
          }
        }
        if (h.payments.reduce((s, x) => s + x.hellers, 0) === h.amount) seen.fullyPaid++;
      }),
      { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
    );
    // The generator reached what the test is about.
    expect(seen.penalties).toBeGreaterThan(20);
    expect(seen.capped).toBeGreaterThan(0);
    expect(seen.backDated).toBeGreaterThan(0);
    expect(seen.graced).toBeGreaterThan(0);
    expect(seen.fullyPaid).toBeGreaterThan(0);
  }, 60_000 + RUNS * 1_000);
});
