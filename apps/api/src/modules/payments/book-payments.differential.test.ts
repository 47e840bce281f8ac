import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bringDealsToDate, holdDelinquencyLock } from '../servicing/index.ts';
import { bookPayment, bookPayments, type Booking, type MovementInput } from './book-payment.ts';
import { addClaim, createDeal } from '../../../test/fixtures/deals.ts';

// Payments are booked two ways: one movement per transaction (bookPayment: staff's manual
// entry, stornos, debits) and set-based in chunks of whole deals with one replay per deal
// (bookPayments: statement imports, bulk create; docs/decisions/0038). The second must leave
// exactly what the first would. This test books random batches both ways, each into a world of
// its own (twin deals, twin symbols and accounts), and compares everything the booking decides:
// each line's outcome and pairing, and per deal its allocation rows, paid amounts, penalty
// interest, days past due, breaches and credit.
//
// The worlds are closed (penalty interest accrued) on the business date before booking, as the
// nightly close leaves them; stornos come after the incoming lines they take back and are
// unambiguous (one candidate), as bookPayments books them last and each path would otherwise
// pick among candidates booked in a different order (ADR 0038).

/** Batches per run (DIFFERENTIAL_RUNS=500 for a deeper search; FUZZ_SEED replays one). */
const RUNS = Number(process.env.DIFFERENTIAL_RUNS ?? 25);
const BUSINESS_DATE = '2025-06-30';
const DEALS = 3;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Side = 'A' | 'B';
let world = 0;

interface World {
  side: Side;
  dealIds: number[];
  symbols: string[];
  account: (n: number) => string;
}

/**
 * Three deals of three installments (interest + principal); penalty interest on the first two. The
 * third is an application (NEW_APPLICATION): its symbols pair to it, its counter-accounts only
 * suggest it (docs/decisions/0047).
 */
async function makeWorld(side: Side, n: number): Promise<World> {
  const p = ctx.deps.prisma;
  const dealIds: number[] = [];
  const symbols: string[] = [];
  for (let i = 0; i < DEALS; i++) {
    const deal = await createDeal(p, { annualRate: '12.0000', type: i === 0 ? 'CONSUMER_LOAN' : 'BORROWING', ...(i === 2 ? { state: 'NEW_APPLICATION' as const } : {}) });
    const symbol = `${side === 'A' ? 71 : 72}${String(n).padStart(5, '0')}${i}`;
    await p.deal.update({ where: { id: deal.id }, data: { variableSymbol: symbol } });
    if (i === 2) await p.claimsSetting.create({ data: { dealId: deal.id, type: 'PENALTY_INTEREST', isEnabled: false } });
    for (const [k, due] of ['2025-02-15', '2025-03-15', '2025-04-15'].entries()) {
      await addClaim(p, deal, { type: 'INTEREST', due, amount: `${300 + 10 * k + i}.00` });
      await addClaim(p, deal, { type: 'PRINCIPAL', due, amount: `${1700 + 25 * k}.50` });
    }
    dealIds.push(deal.id);
    symbols.push(symbol);
  }
  await p.$transaction(async (tx) => {
    await holdDelinquencyLock(tx);
    await bringDealsToDate(tx, BUSINESS_DATE, { dealIds });
  });
  return { side, dealIds, symbols, account: (k) => `19-${side === 'A' ? 1 : 2}${String(n).padStart(5, '0')}${k}/0100` };
}

/** One line of a batch, in terms of the world it is booked into. */
const line = fc.record({
  kind: fc.constantFrom('VS', 'VS', 'SS', 'ACCOUNT', 'ACCOUNT', 'NOTHING', 'DEBIT', 'DUPLICATE'),
  deal: fc.nat(DEALS - 1),
  /** Counter-account 0–3 of the world; earlier lines (and the known payments) make some known. */
  account: fc.nat(3),
  day: fc.integer({ min: 1, max: 150 }),
  hellers: fc.integer({ min: 1, max: 400_000 }),
  duplicateOf: fc.nat(),
});

const batch = fc.record({
  /** Payments booked before the batch: they make counter-accounts known to deals. */
  known: fc.array(fc.record({ deal: fc.nat(DEALS - 1), account: fc.nat(3) }), { maxLength: 3 }),
  lines: fc.array(line, { minLength: 1, maxLength: 14 }),
  /** Stornos of some incoming lines (by place), booked after every other line. */
  stornos: fc.uniqueArray(fc.nat(), { maxLength: 2 }),
  chunkSize: fc.integer({ min: 1, max: 6 }),
  workers: fc.integer({ min: 1, max: 4 }),
});

const isoDay = (n: number) => new Date(Date.UTC(2025, 1, 1) + n * 86_400_000).toISOString().slice(0, 10);
const money = (hellers: number) => (hellers / 100).toFixed(2);

type Batch = typeof batch extends fc.Arbitrary<infer T> ? T : never;

function movementsOf(w: World, b: Batch): MovementInput[] {
  const ref = (i: number) => `${w.side}-${world}-${i}`;
  const movements: MovementInput[] = b.lines.map((l, i) => {
    const base: MovementInput = {
      bankReference: ref(i),
      date: isoDay(l.day),
      amount: money(l.hellers),
      direction: 'INCOMING_PAYMENT',
      reversal: false,
      variableSymbol: null,
      specificSymbol: null,
      constantSymbol: null,
      counterAccount: w.account(l.account),
      counterAccountName: null,
      message: null,
    };
    switch (l.kind) {
      case 'VS':
        return { ...base, variableSymbol: w.symbols[l.deal]! };
      case 'SS':
        return { ...base, variableSymbol: '999999999', specificSymbol: `00${w.symbols[l.deal]!}` };
      case 'ACCOUNT':
        return base;
      case 'NOTHING':
        return { ...base, counterAccount: null };
      case 'DEBIT':
        return { ...base, direction: 'OUTGOING_PAYMENT' };
      case 'DUPLICATE':
        return i === 0 ? base : { ...base, bankReference: ref(l.duplicateOf % i) };
    }
  });
  // A storno takes back an incoming line with a unique amount and account (its only candidate).
  const incoming = movements.filter((m) => m.direction === 'INCOMING_PAYMENT' && !m.reversal);
  for (const place of b.stornos) {
    const original = incoming[place % Math.max(1, incoming.length)];
    if (!original || incoming.filter((m) => m.amount === original.amount && m.counterAccount === original.counterAccount).length !== 1) continue;
    if (movements.some((m) => m.reversal && m.amount === original.amount)) continue;
    movements.push({ ...original, bankReference: `${original.bankReference}-storno`, direction: 'OUTGOING_PAYMENT', reversal: true, date: BUSINESS_DATE });
  }
  return movements;
}

/** What one path decided, in terms a twin world can be compared by (deal places, line places). */
async function outcome(w: World, movements: readonly MovementInput[], bookings: readonly Booking[]) {
  const p = ctx.deps.prisma;
  const dealPlace = (id: number | null) => (id === null ? null : w.dealIds.indexOf(id));
  const paymentPlace = new Map<number, string>();
  const payments = await p.payment.findMany({ where: { bankReference: { in: movements.map((m) => m.bankReference!) } } });
  for (const pay of payments) paymentPlace.set(pay.id, pay.bankReference!.replace(/^[AB]-\d+-/, ''));
  const stored = new Map(payments.map((pay) => [pay.id, pay]));
  const lines = bookings.map((b) => ({
    outcome: b.outcome,
    deal: dealPlace(b.dealId),
    pairedBy: b.pairedBy,
    suggestion: dealPlace(b.suggestedDealId),
    payment: paymentPlace.get(b.paymentId),
    reversalOf: b.reversalOf && paymentPlace.get(b.reversalOf),
    // What the row keeps of it.
    stored: [dealPlace(stored.get(b.paymentId)?.dealId ?? null), stored.get(b.paymentId)?.pairedBy ?? null, dealPlace(stored.get(b.paymentId)?.suggestedDealId ?? null)],
  }));
  const deals = [];
  for (const dealId of w.dealIds) {
    const claims = await p.claim.findMany({ where: { dealId }, orderBy: [{ type: 'asc' }, { dueDate: 'asc' }, { sourceClaimId: 'asc' }, { id: 'asc' }], include: { allocations: { include: { payment: true } } } });
    const claimPlace = new Map(claims.map((c, i) => [c.id, i]));
    const deal = await p.deal.findUniqueOrThrow({ where: { id: dealId }, include: { breaches: { orderBy: { id: 'asc' } } } });
    const credit = await p.$queryRaw<{ credit: string }[]>`
      SELECT (coalesce(sum(p.amount), 0) - coalesce((SELECT sum(a.amount) FROM payment_allocations a JOIN payments q ON q.id = a.payment_id WHERE q.deal_id = ${dealId}), 0))::text AS credit
        FROM payments p WHERE p.deal_id = ${dealId} AND p.direction = 'INCOMING_PAYMENT' AND p.reversal_of_id IS NULL
         AND NOT EXISTS (SELECT 1 FROM payments r WHERE r.reversal_of_id = p.id)`;
    deals.push({
      dpd: deal.daysPastDue,
      breaches: deal.breaches.map((b) => [b.type, b.startedOn.toISOString().slice(0, 10), b.endedOn?.toISOString().slice(0, 10) ?? null]),
      credit: credit[0]!.credit,
      claims: claims.map((c) => ({
        type: c.type,
        due: c.dueDate.toISOString().slice(0, 10),
        source: c.sourceClaimId === null ? null : claimPlace.get(c.sourceClaimId),
        amount: c.amount.toFixed(2),
        paid: c.paidAmount.toFixed(2),
        allocations: c.allocations
          .map((a) => [paymentPlace.get(a.paymentId) ?? 'known', a.amount.toFixed(2), a.rule, a.allocatedOn?.toISOString().slice(0, 10) ?? null])
          .sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))),
      })),
    });
  }
  return { lines, deals };
}

describe('booking payments set-based (bookPayments) equals booking them one by one (bookPayment)', () => {
  it('over random batches: outcomes, pairings, allocations, paid amounts, penalty interest, DPD, breaches, credit', async () => {
    const seen = { batches: 0, paired: new Set<string>(), duplicates: 0, stornos: 0, penaltyPaid: 0, suggestions: 0 };
    await fc.assert(
      fc.asyncProperty(batch, async (b) => {
        world++;
        seen.batches++;
        const [a, one] = [await makeWorld('A', world), await makeWorld('B', world)];
        for (const w of [a, one]) {
          for (const [k, known] of b.known.entries()) {
            const m: MovementInput = {
              bankReference: `${w.side}-${world}-known-${k}`,
              date: '2025-01-10',
              amount: '1.00',
              direction: 'INCOMING_PAYMENT',
              reversal: false,
              variableSymbol: w.symbols[known.deal]!,
              specificSymbol: null,
              constantSymbol: null,
              counterAccount: w.account(known.account),
              counterAccountName: null,
              message: null,
            };
            await bookPayment(ctx.deps, m, { businessDate: BUSINESS_DATE });
          }
        }
        const batched = movementsOf(a, b);
        const single = movementsOf(one, b);
        const bookedA = await bookPayments(ctx.deps, batched, { businessDate: BUSINESS_DATE, chunkSize: b.chunkSize, workers: b.workers });
        const bookedB: Booking[] = [];
        for (const m of single) bookedB.push(await bookPayment(ctx.deps, m, { businessDate: BUSINESS_DATE }));
        const [x, y] = [await outcome(a, batched, bookedA), await outcome(one, single, bookedB)];
        for (const l of x.lines) if (l.pairedBy) seen.paired.add(l.pairedBy);
        seen.suggestions += x.lines.filter((l) => l.suggestion !== null).length;
        seen.duplicates += x.lines.filter((l) => l.outcome === 'DUPLICATE').length;
        seen.stornos += x.lines.filter((l) => l.reversalOf).length;
        seen.penaltyPaid += x.deals.flatMap((d) => d.claims).filter((c) => c.type === 'PENALTY_INTEREST' && c.paid !== '0.00').length;
        expect(x, JSON.stringify(b)).toEqual(y);
      }),
      { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: process.env.DIFFERENTIAL_SHRINK !== '1' },
    );
    // The generator reached what the test is about.
    expect([...seen.paired].filter((by) => by !== 'REVERSAL').sort()).toEqual(['COUNTER_ACCOUNT', 'SPECIFIC_SYMBOL', 'VARIABLE_SYMBOL']);
    expect(seen.suggestions).toBeGreaterThan(0);
    expect(seen.duplicates).toBeGreaterThan(0);
    expect(seen.stornos).toBeGreaterThan(0);
    expect(seen.penaltyPaid).toBeGreaterThan(0);
  }, 60_000 + RUNS * 4_000);
});
