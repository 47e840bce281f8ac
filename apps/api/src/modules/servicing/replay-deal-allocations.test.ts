import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { eventually } from '../../../test/fixtures/eventually.ts';
import { recomputeDelinquency } from './recompute-delinquency.ts';
import { replayDealAllocations, replayDealsAllocations, type ReplayResult } from './replay-deal-allocations.ts';
import { addClaim, createDeal } from '../../../test/fixtures/deals.ts';
import { paidAmounts, twoInstallmentLoan } from '../../../test/fixtures/payments.ts';

// Replays on real PostgreSQL: the rows the database keeps, the paid amounts its trigger
// derives, DPD recomputed in the same transaction. Expected rows worked out by hand under
// LOAN_ALLOCATION_PROFILE_V1 (docs/decisions/0033) for one small loan:
//   I1 500 + P1 2000 due 20 Jan 2025, I2 450 + P2 2050 due 20 Feb 2025.
// Penalty interest is switched off on these deals so the claims stay these four.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const BUSINESS_DATE = '2025-02-25';
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

const loan = () => twoInstallmentLoan(ctx.deps.prisma);

type Loan = Awaited<ReturnType<typeof loan>>;

async function incoming(dealId: number, date: string, amount: string, db = ctx.deps.prisma): Promise<number> {
  const payment = await db.payment.create({ data: { direction: 'INCOMING_PAYMENT', date: day(date), amount, dealId } });
  return payment.id;
}

const replay = (dealId: number, from: string) => ctx.deps.prisma.$transaction((tx) => replayDealAllocations(tx, dealId, from, BUSINESS_DATE));

/** The deal's allocation rows in engine order, with payments and claims named. */
async function rowsOf(deal: Loan, payments: Record<string, number>) {
  const rows = await ctx.deps.prisma.paymentAllocation.findMany({
    where: { claim: { dealId: deal.id } },
    include: { payment: { select: { date: true } } },
    orderBy: [{ payment: { date: 'asc' } }, { paymentId: 'asc' }, { id: 'asc' }],
  });
  const paymentName = (id: number) => Object.keys(payments).find((k) => payments[k] === id);
  const claimName = (id: number) => (Object.keys(deal.claims) as (keyof Loan['claims'])[]).find((k) => deal.claims[k] === id);
  return rows.map((r) => [paymentName(r.paymentId), claimName(r.claimId), r.amount.toFixed(2), r.rule!.replace('LOAN_ALLOCATION_PROFILE_V1:', '')]);
}

const paidOf = (deal: Loan) => paidAmounts(ctx.deps.prisma, deal.id);

describe('replayDealAllocations', () => {
  it('allocates each new payment, keeps paid amounts and DPD right at once, and leaves overpayment as credit', async () => {
    const deal = await loan();
    const pA = await incoming(deal.id, '2025-01-20', '2500.00');
    const first = await replay(deal.id, '2025-01-20');
    // On 25 Feb I2 and P2 (due 20 Feb) are unpaid: 5 days past due.
    expect(first).toMatchObject({ profile: 'LOAN_ALLOCATION_PROFILE_V1', deleted: 0, created: 2, credit: '0.00', days_past_due: 5 });

    const pB = await incoming(deal.id, '2025-02-20', '2000.00');
    // pB on 20 Feb: I2 450, P2 1550; P2 still owes 500 → still 5 days past due.
    expect(await replay(deal.id, '2025-02-20')).toMatchObject({ deleted: 0, created: 2, credit: '0.00', days_past_due: 5 });
    expect(await rowsOf(deal, { pA, pB })).toEqual([
      ['pA', 'I1', '500.00', 'INTEREST_DUE'],
      ['pA', 'P1', '2000.00', 'PRINCIPAL_DUE'],
      ['pB', 'I2', '450.00', 'INTEREST_DUE'],
      ['pB', 'P2', '1550.00', 'PRINCIPAL_DUE'],
    ]);
    expect(await paidOf(deal)).toEqual(['500.00', '2000.00', '450.00', '1550.00']);

    // 5000 on 25 Feb: P2's last 500, nothing else owed → 4500 credit, DPD back to 0.
    const pC = await incoming(deal.id, '2025-02-25', '5000.00');
    expect(await replay(deal.id, '2025-02-25')).toMatchObject({ created: 1, credit: '4500.00', days_past_due: 0 });
    expect((await rowsOf(deal, { pA, pB, pC })).at(-1)).toEqual(['pC', 'P2', '500.00', 'PRINCIPAL_DUE']);
    expect(await paidOf(deal)).toEqual(['500.00', '2000.00', '450.00', '2050.00']);
  });

  it('a back-dated payment replays the later ones; the result equals one pass; a reversal undoes it', async () => {
    const deal = await loan();
    const p1 = await incoming(deal.id, '2025-01-20', '2500.00');
    await replay(deal.id, '2025-01-20');
    const p3 = await incoming(deal.id, '2025-02-25', '1000.00');
    await replay(deal.id, '2025-02-25');
    // p3 on 25 Feb: I2 450 → 550, P2 550.
    const before = [
      ['p1', 'I1', '500.00', 'INTEREST_DUE'],
      ['p1', 'P1', '2000.00', 'PRINCIPAL_DUE'],
      ['p3', 'I2', '450.00', 'INTEREST_DUE'],
      ['p3', 'P2', '550.00', 'PRINCIPAL_DUE'],
    ];
    expect(await rowsOf(deal, { p1, p3 })).toEqual(before);

    // p2 of 10 Feb arrives late. On 10 Feb nothing is due, so it pays the next installment in
    // advance: I2 450, P2 150. p3 then finds only P2 due: 1000 of its remaining 1900.
    const p2 = await incoming(deal.id, '2025-02-10', '600.00');
    const result = await replay(deal.id, '2025-02-10');
    expect(result).toMatchObject({ deleted: 2, created: 3, credit: '0.00', days_past_due: 5 });
    const after = [
      ['p1', 'I1', '500.00', 'INTEREST_DUE'],
      ['p1', 'P1', '2000.00', 'PRINCIPAL_DUE'],
      ['p2', 'I2', '450.00', 'NEXT_INSTALLMENTS'],
      ['p2', 'P2', '150.00', 'NEXT_INSTALLMENTS'],
      ['p3', 'P2', '1000.00', 'PRINCIPAL_DUE'],
    ];
    expect(await rowsOf(deal, { p1, p2, p3 })).toEqual(after);
    expect(await paidOf(deal)).toEqual(['500.00', '2000.00', '450.00', '1150.00']);

    // The same payments allocated in one pass on a twin deal give the same rows.
    const twin = await loan();
    const t = { p1: await incoming(twin.id, '2025-01-20', '2500.00'), p3: await incoming(twin.id, '2025-02-25', '1000.00'), p2: await incoming(twin.id, '2025-02-10', '600.00') };
    await replay(twin.id, '2000-01-01');
    expect(await rowsOf(twin, t)).toEqual(after);

    // p2 is returned to the payer: a reversal entry, then the replay from p2's date.
    await ctx.deps.prisma.payment.create({ data: { direction: 'OUTGOING_PAYMENT', date: day('2025-02-26'), amount: '600.00', dealId: deal.id, reversalOfId: p2 } });
    expect(await replay(deal.id, '2025-02-10')).toMatchObject({ deleted: 3, created: 2, credit: '0.00' });
    expect(await rowsOf(deal, { p1, p3 })).toEqual(before);
    expect(await paidOf(deal)).toEqual(['500.00', '2000.00', '450.00', '550.00']);

    // Payments are never deleted: not with allocations, not once reversed.
    await expect(ctx.deps.prisma.payment.delete({ where: { id: p1 } })).rejects.toThrow();
    await expect(ctx.deps.prisma.payment.delete({ where: { id: p2 } })).rejects.toThrow();
    // And paid_amount is still the trigger's alone.
    await expect(ctx.deps.prisma.claim.update({ where: { id: deal.claims.P2 }, data: { paidAmount: '0.00' } })).rejects.toThrow(/sum of the claim's allocations/);
  });

  it('two payments of one deal allocated at the same time end as one pass would', async () => {
    const deal = await loan();
    const ids: Record<string, number> = {};
    // Each transaction books its payment and waits until the other has booked its own (so both
    // are under way, neither committed), then replays: the deal's row lock makes the second
    // wait and then see the first's rows.
    let booked = 0;
    const book = (name: string, date: string, amount: string) =>
      ctx.deps.prisma.$transaction(
        async (tx) => {
          ids[name] = await incoming(deal.id, date, amount, tx as unknown as typeof ctx.deps.prisma);
          booked++;
          await eventually(() => booked === 2, { what: 'both payments to be booked' });
          return replayDealAllocations(tx, deal.id, date, BUSINESS_DATE);
        },
        { timeout: 20_000 },
      );
    await Promise.all([book('pB', '2025-02-20', '2000.00'), book('pA', '2025-01-20', '2500.00')]);
    expect(await rowsOf(deal, ids)).toEqual([
      ['pA', 'I1', '500.00', 'INTEREST_DUE'],
      ['pA', 'P1', '2000.00', 'PRINCIPAL_DUE'],
      ['pB', 'I2', '450.00', 'INTEREST_DUE'],
      ['pB', 'P2', '1550.00', 'PRINCIPAL_DUE'],
    ]);
    expect(await paidOf(deal)).toEqual(['500.00', '2000.00', '450.00', '1550.00']);
    const stored = await ctx.deps.prisma.deal.findUniqueOrThrow({ where: { id: deal.id } });
    expect(stored.daysPastDue).toBe(5);
  });
});

describe('replayDealsAllocations', () => {
  // Deals of five shapes, each built twice the same way: one twin replayed alone, the other in
  // one batch with the rest. A deal's replay reads and writes only what is its own, so the batch
  // must leave every twin exactly as its solo twin: rows, paid amounts, penalty interest, DPD,
  // breaches, credit.
  type Built = { id: number; from: string };
  const p = () => ctx.deps.prisma;
  const shapes: Record<string, () => Promise<Built>> = {
    // The hand-worked loan of the tests above, two payments.
    twoPayments: async () => {
      const deal = await loan();
      await incoming(deal.id, '2025-01-20', '2500.00');
      await incoming(deal.id, '2025-02-20', '2000.00');
      return { id: deal.id, from: '2025-01-20' };
    },
    // Penalty interest on: a close on 5 Feb accrued it on the January installment, paid late.
    penaltyInterest: async () => {
      const deal = await createDeal(p(), { annualRate: '12.0000' });
      await addClaim(p(), deal, { type: 'INTEREST', due: '2025-01-20', amount: '500.00' });
      await addClaim(p(), deal, { type: 'PRINCIPAL', due: '2025-01-20', amount: '2000.00' });
      await addClaim(p(), deal, { type: 'PRINCIPAL', due: '2025-02-20', amount: '2500.00' });
      await p().$transaction((tx) => recomputeDelinquency(tx, deal.id, '2025-02-05'));
      await incoming(deal.id, '2025-02-10', '2600.00');
      return { id: deal.id, from: '2025-02-10' };
    },
    // Overpaid, part of the credit refunded, the rest used when February falls due.
    creditAndRefund: async () => {
      const deal = await loan();
      await incoming(deal.id, '2025-01-20', '4000.00');
      await p().payment.create({ data: { direction: 'OUTGOING_PAYMENT', purposeType: 'OVERPAID_RENT', date: day('2025-02-01'), amount: '500.00', dealId: deal.id } });
      return { id: deal.id, from: '2025-01-20' };
    },
    // Allocated once, then a back-dated payment: replayed from its date only.
    backDated: async () => {
      const deal = await loan();
      await incoming(deal.id, '2025-01-20', '2500.00');
      await incoming(deal.id, '2025-02-25', '1000.00');
      await replay(deal.id, '2025-01-20');
      await incoming(deal.id, '2025-02-10', '600.00');
      return { id: deal.id, from: '2025-02-10' };
    },
    // Pays too little for too long: a NON_PAYING breach opens (threshold 3 days, 36 days past due).
    nonPaying: async () => {
      const deal = await createDeal(p(), { nonPayingAfterDays: 3 });
      await p().claimsSetting.create({ data: { dealId: deal.id, type: 'PENALTY_INTEREST', isEnabled: false } });
      await addClaim(p(), deal, { type: 'PRINCIPAL', due: '2025-01-20', amount: '3000.00' });
      await incoming(deal.id, '2025-01-25', '1000.00');
      return { id: deal.id, from: '2025-01-25' };
    },
  };

  /** A deal as figures that do not depend on ids: claims by type and due day, payments by their order. */
  async function picture(dealId: number) {
    const [claims, payments, rows, deal, breaches] = await Promise.all([
      p().claim.findMany({ where: { dealId }, orderBy: { id: 'asc' } }),
      p().payment.findMany({ where: { dealId }, orderBy: { id: 'asc' } }),
      p().paymentAllocation.findMany({ where: { claim: { dealId } }, orderBy: { id: 'asc' } }),
      p().deal.findUniqueOrThrow({ where: { id: dealId }, select: { daysPastDue: true, breachTypes: true } }),
      p().breach.findMany({ where: { dealId }, orderBy: { id: 'asc' }, select: { type: true, startedOn: true, endedOn: true } }),
    ]);
    const byId = new Map(claims.map((c) => [c.id, c]));
    const claimName = (id: number): string => {
      const c = byId.get(id)!;
      return `${c.type}@${c.dueDate.toISOString().slice(0, 10)}${c.sourceClaimId ? `<${claimName(c.sourceClaimId)}` : ''}`;
    };
    const paymentName = (id: number) => `payment ${payments.findIndex((x) => x.id === id) + 1}`;
    return {
      claims: claims.map((c) => [claimName(c.id), c.amount.toFixed(2), c.paidAmount.toFixed(2), c.accruedExact?.toFixed(8) ?? null, c.accruedThrough?.toISOString() ?? null]).sort(),
      rows: rows.map((r) => [paymentName(r.paymentId), claimName(r.claimId), r.amount.toFixed(2), r.rule, r.allocatedOn?.toISOString() ?? null]).sort(),
      deal,
      breaches,
    };
  }
  const comparable = (r: ReplayResult) => ({ ...r, refunded_beyond_credit: r.refunded_beyond_credit.length });

  it('replays many deals in one go exactly as each alone: rows, paid amounts, penalty interest, DPD, breaches, credit', async () => {
    const solo: Built[] = [];
    const batch: Built[] = [];
    for (const build of Object.values(shapes)) {
      solo.push(await build());
      batch.push(await build());
    }
    const alone = [];
    for (const s of solo) alone.push(await replay(s.id, s.from));
    // The batch in no particular order, one deal listed twice (replayed once, from the earlier date).
    const targets = [...batch].reverse().map((b) => ({ dealId: b.id, fromDate: b.from }));
    targets.push({ dealId: batch[0]!.id, fromDate: '2025-02-20' });
    const together = await p().$transaction((tx) => replayDealsAllocations(tx, targets, BUSINESS_DATE));

    expect([...together.keys()]).toEqual(batch.map((b) => b.id).sort((a, b) => a - b));
    for (const [n, name] of Object.keys(shapes).entries()) {
      expect({ name, ...comparable(together.get(batch[n]!.id)!) }).toEqual({ name, ...comparable(alone[n]!) });
      expect({ name, ...(await picture(batch[n]!.id)) }).toEqual({ name, ...(await picture(solo[n]!.id)) });
    }
    // The shapes do what they are for (so the comparison above compares something).
    const [twoPayments, penaltyInterest, creditAndRefund, backDated, nonPaying] = alone;
    expect(twoPayments).toMatchObject({ created: 4, days_past_due: 5 });
    expect((await picture(solo[1]!.id)).rows.some((r) => String(r[1]).startsWith('PENALTY_INTEREST'))).toBe(true);
    expect(penaltyInterest!.created).toBeGreaterThan(2);
    // 4000 on 20 Jan: January's 2500, 1500 credit; 500 refunded on 1 Feb; 1000 used on 20 Feb (I2 450, P2 550).
    expect(creditAndRefund).toMatchObject({ credit: '0.00', days_past_due: 5 });
    expect(backDated).toMatchObject({ deleted: 2, created: 3 });
    expect(nonPaying).toMatchObject({ days_past_due: 36, breach_types: ['NON_PAYING'] });
  });

  it('does nothing for no deals, and refuses a deal that does not exist', async () => {
    expect((await p().$transaction((tx) => replayDealsAllocations(tx, [], BUSINESS_DATE))).size).toBe(0);
    await expect(p().$transaction((tx) => replayDealsAllocations(tx, [{ dealId: 2_000_000_000, fromDate: '2025-01-01' }], BUSINESS_DATE))).rejects.toThrow(/does not exist/);
  });
});
