import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bookPayment, type MovementInput } from './book-payment.ts';
import { choosePairing, pairPayment, pairPayments } from './pairing.ts';
import { movementOf, paidAmounts, twoInstallmentLoan } from '../../../test/fixtures/payments.ts';

// Pairing and booking on real PostgreSQL. The loan of every booking test (worked out by hand,
// LOAN_ALLOCATION_PROFILE_V1, penalty interest off): I1 500 + P1 2000 due 20 Jan 2025,
// I2 450 + P2 2050 due 20 Feb 2025; business date 25 Feb 2025, so unpaid it is 36 days past due
// (20 Jan → 25 Feb), with the January installment paid 5 days (20 Feb → 25 Feb).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const BUSINESS_DATE = '2025-02-25';
let vsCounter = 7_100_000;
let refCounter = 0;

const loan = () => twoInstallmentLoan(ctx.deps.prisma, String(++vsCounter));
const movement = (over: Partial<MovementInput>) => movementOf(`test:${++refCounter}`, over);

const book = (m: MovementInput) => bookPayment(ctx.deps, m, { businessDate: BUSINESS_DATE });

const paidOf = (dealId: number) => paidAmounts(ctx.deps.prisma, dealId);
const dpdOf = async (dealId: number) => (await ctx.deps.prisma.deal.findUniqueOrThrow({ where: { id: dealId } })).daysPastDue;

describe('choosePairing', () => {
  const serviced = (dealId: number) => ({ dealId, serviced: true });
  const application = (dealId: number) => ({ dealId, serviced: false });
  const paired = (dealId: number, by: string) => ({ pairing: { dealId, by }, suggestion: null });
  const none = { pairing: null, suggestion: null };

  it('takes the variable symbol, then the specific symbol, then a counter-account of exactly one serviced deal', () => {
    expect(choosePairing({ byVariableSymbol: 1, bySpecificSymbol: 2, counterAccountDeals: [serviced(3)] })).toEqual(paired(1, 'VARIABLE_SYMBOL'));
    expect(choosePairing({ byVariableSymbol: null, bySpecificSymbol: 2, counterAccountDeals: [serviced(3)] })).toEqual(paired(2, 'SPECIFIC_SYMBOL'));
    expect(choosePairing({ byVariableSymbol: null, bySpecificSymbol: null, counterAccountDeals: [serviced(3)] })).toEqual(paired(3, 'COUNTER_ACCOUNT'));
    expect(choosePairing({ byVariableSymbol: null, bySpecificSymbol: null, counterAccountDeals: [serviced(3), serviced(4)] })).toEqual(none);
    expect(choosePairing({ byVariableSymbol: null, bySpecificSymbol: null, counterAccountDeals: [] })).toEqual(none);
  });

  it('only suggests the one deal of a counter-account when that deal is not serviced (an application, a closed deal)', () => {
    // Issue 22 §3: an unknown-VS payment from an account that paid a "Nová žádost" once was attached to it, unflagged.
    expect(choosePairing({ byVariableSymbol: null, bySpecificSymbol: null, counterAccountDeals: [application(3)] })).toEqual({ pairing: null, suggestion: 3 });
    // Two deals decide nothing, serviced or not, and suggest nothing either.
    expect(choosePairing({ byVariableSymbol: null, bySpecificSymbol: null, counterAccountDeals: [application(3), serviced(4)] })).toEqual(none);
    // The symbols pair to any deal, serviced or not (a fee paid before activation): the account rule does not apply.
    expect(choosePairing({ byVariableSymbol: 5, bySpecificSymbol: null, counterAccountDeals: [application(3)] })).toEqual(paired(5, 'VARIABLE_SYMBOL'));
    expect(choosePairing({ byVariableSymbol: null, bySpecificSymbol: 6, counterAccountDeals: [application(3)] })).toEqual(paired(6, 'SPECIFIC_SYMBOL'));
  });
});

describe('pairPayment on PostgreSQL', () => {
  const paired = (dealId: number, by: string) => ({ pairing: { dealId, by }, suggestion: null });
  const none = { pairing: null, suggestion: null };

  it('pairs by variable symbol (bank zeros ignored), by specific symbol, by a counter-account known to one deal only', async () => {
    const p = ctx.deps.prisma;
    const a = await loan();
    const b = await loan();
    const c = await loan();
    const none_ = { variableSymbol: null, specificSymbol: null, counterAccount: null };
    expect(await pairPayment(p, { ...none_, variableSymbol: `000${a.variableSymbol}`, specificSymbol: b.variableSymbol })).toEqual(paired(a.id, 'VARIABLE_SYMBOL'));
    // An unknown VS falls through to the SS.
    expect(await pairPayment(p, { ...none_, variableSymbol: '999999999', specificSymbol: b.variableSymbol })).toEqual(paired(b.id, 'SPECIFIC_SYMBOL'));
    expect(await pairPayment(p, { ...none_, counterAccount: '19-111/0100' })).toEqual(none);
    // 19-111/0100 paid deal c before; 19-222/0100 paid both a and b.
    await p.payment.create({ data: { direction: 'INCOMING_PAYMENT', date: new Date('2025-01-01'), amount: '1.00', dealId: c.id, counterAccount: '19-111/0100' } });
    await p.payment.create({ data: { direction: 'INCOMING_PAYMENT', date: new Date('2025-01-01'), amount: '1.00', dealId: a.id, counterAccount: '19-222/0100' } });
    await p.payment.create({ data: { direction: 'INCOMING_PAYMENT', date: new Date('2025-01-02'), amount: '1.00', dealId: b.id, counterAccount: '19-222/0100' } });
    // An outgoing payment to an account says nothing about whose money comes from it.
    await p.payment.create({ data: { direction: 'OUTGOING_PAYMENT', date: new Date('2025-01-02'), amount: '1.00', dealId: a.id, counterAccount: '19-333/0100' } });
    expect(await pairPayment(p, { ...none_, counterAccount: '19-111/0100' })).toEqual(paired(c.id, 'COUNTER_ACCOUNT'));
    expect(await pairPayment(p, { ...none_, counterAccount: '19-222/0100' })).toEqual(none);
    expect(await pairPayment(p, { ...none_, counterAccount: '19-333/0100' })).toEqual(none);
    // The symbols still win over a known counter-account.
    expect(await pairPayment(p, { ...none_, variableSymbol: b.variableSymbol, counterAccount: '19-111/0100' })).toEqual(paired(b.id, 'VARIABLE_SYMBOL'));
  });

  it('pairs by counter-account only to a serviced deal: an application is a suggestion, FILED_FOR_INSOLVENCY is serviced', async () => {
    const p = ctx.deps.prisma;
    const application = await loan();
    const insolvent = await loan();
    await p.deal.update({ where: { id: application.id }, data: { state: 'NEW_APPLICATION' } });
    await p.deal.update({ where: { id: insolvent.id }, data: { state: 'FILED_FOR_INSOLVENCY' } });
    const none_ = { variableSymbol: null, specificSymbol: null, counterAccount: null };
    await p.payment.create({ data: { direction: 'INCOMING_PAYMENT', date: new Date('2025-01-01'), amount: '1.00', dealId: application.id, counterAccount: '19-444/0100' } });
    await p.payment.create({ data: { direction: 'INCOMING_PAYMENT', date: new Date('2025-01-01'), amount: '1.00', dealId: insolvent.id, counterAccount: '19-555/0100' } });
    expect(await pairPayment(p, { ...none_, variableSymbol: '888888888', counterAccount: '19-444/0100' })).toEqual({ pairing: null, suggestion: application.id });
    expect(await pairPayment(p, { ...none_, counterAccount: '19-555/0100' })).toEqual(paired(insolvent.id, 'COUNTER_ACCOUNT'));
    // The application's own variable symbol still pairs to it.
    expect(await pairPayment(p, { ...none_, variableSymbol: application.variableSymbol, counterAccount: '19-444/0100' })).toEqual(paired(application.id, 'VARIABLE_SYMBOL'));
  });

  it('in a batch, a payment paired by symbol to an application makes its account suggest that application to the lines after it', async () => {
    const p = ctx.deps.prisma;
    const application = await loan();
    const active = await loan();
    await p.deal.update({ where: { id: application.id }, data: { state: 'NEW_APPLICATION' } });
    const line = (over: object) => ({ variableSymbol: null, specificSymbol: null, counterAccount: null, ...over });
    const decisions = await pairPayments(p, [
      line({ counterAccount: '19-666/0100' }),
      line({ variableSymbol: application.variableSymbol, counterAccount: '19-666/0100' }),
      line({ counterAccount: '19-666/0100' }),
      line({ variableSymbol: active.variableSymbol, counterAccount: '19-777/0100' }),
      line({ counterAccount: '19-777/0100' }),
    ]);
    expect(decisions).toEqual([none, paired(application.id, 'VARIABLE_SYMBOL'), { pairing: null, suggestion: application.id }, paired(active.id, 'VARIABLE_SYMBOL'), paired(active.id, 'COUNTER_ACCOUNT')]);
  });
});

describe('bookPayment: how it was paired is stored', () => {
  it('keeps paired_by on the payment, and the suggestion of an unpaired one', async () => {
    const p = ctx.deps.prisma;
    const deal = await loan();
    const application = await loan();
    await p.deal.update({ where: { id: application.id }, data: { state: 'NEW_APPLICATION' } });
    const byVs = await book(movement({ variableSymbol: deal.variableSymbol, counterAccount: '19-888/0100' }));
    const byAccount = await book(movement({ date: '2025-02-20', counterAccount: '19-888/0100' }));
    await book(movement({ variableSymbol: application.variableSymbol, counterAccount: '19-999/0100', amount: '1.00' }));
    const suggested = await book(movement({ counterAccount: '19-999/0100', amount: '1.00' }));
    expect(byAccount).toMatchObject({ outcome: 'CREATED', dealId: deal.id, pairedBy: 'COUNTER_ACCOUNT', suggestedDealId: null });
    expect(suggested).toMatchObject({ outcome: 'CREATED', dealId: null, pairedBy: null, suggestedDealId: application.id });
    const rows = await p.payment.findMany({ where: { id: { in: [byVs.paymentId, byAccount.paymentId, suggested.paymentId] } }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => [r.dealId, r.pairedBy, r.suggestedDealId])).toEqual([
      [deal.id, 'VARIABLE_SYMBOL', null],
      [deal.id, 'COUNTER_ACCOUNT', null],
      [null, null, application.id],
    ]);
  });
});

describe('bookPayment', () => {
  it('stores, pairs and allocates an incoming payment in one go, DPD falling from 36 to 5; the same bank reference again writes nothing', async () => {
    const deal = await loan();
    const m = movement({ variableSymbol: deal.variableSymbol });
    const first = await book(m);
    expect(first).toMatchObject({ outcome: 'CREATED', dealId: deal.id, pairedBy: 'VARIABLE_SYMBOL', reversalOf: null });
    expect(await paidOf(deal.id)).toEqual(['500.00', '2000.00', '0.00', '0.00']);
    expect(await dpdOf(deal.id)).toBe(5);
    const rows = await ctx.deps.prisma.paymentAllocation.findMany({ where: { paymentId: first.paymentId }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => [r.claimId, r.amount.toFixed(2), r.rule])).toEqual([
      [deal.claims.I1, '500.00', 'LOAN_ALLOCATION_PROFILE_V1:INTEREST_DUE'],
      [deal.claims.P1, '2000.00', 'LOAN_ALLOCATION_PROFILE_V1:PRINCIPAL_DUE'],
    ]);
    const again = await book(m);
    expect(again).toMatchObject({ outcome: 'DUPLICATE', paymentId: first.paymentId, dealId: deal.id });
    expect(await ctx.deps.prisma.payment.count({ where: { dealId: deal.id } })).toBe(1);
    expect(await paidOf(deal.id)).toEqual(['500.00', '2000.00', '0.00', '0.00']);
  });

  it('leaves a payment no symbol or account names unpaired, and stores a debit as an outgoing payment without allocating it', async () => {
    const deal = await loan();
    const unpaired = await book(movement({ variableSymbol: '4040404040' }));
    expect(unpaired).toMatchObject({ outcome: 'CREATED', dealId: null, pairedBy: null });
    const debit = await book(movement({ direction: 'OUTGOING_PAYMENT', variableSymbol: deal.variableSymbol }));
    expect(debit).toMatchObject({ outcome: 'CREATED', dealId: null });
    const stored = await ctx.deps.prisma.payment.findUniqueOrThrow({ where: { id: debit.paymentId }, include: { allocations: true } });
    expect([stored.direction, stored.allocations.length]).toEqual(['OUTGOING_PAYMENT', 0]);
    expect(await paidOf(deal.id)).toEqual(['0.00', '0.00', '0.00', '0.00']);
    expect(await dpdOf(deal.id)).toBe(0); // never brought to a date: no replay ran
  });

  it('books a storno as the reversal entry of the original, whose allocations the replay undoes', async () => {
    const deal = await loan();
    const original = await book(movement({ variableSymbol: deal.variableSymbol, counterAccount: '670100-2200000001/6210' }));
    const later = await book(movement({ date: '2025-02-20', amount: '1000.00', variableSymbol: deal.variableSymbol, counterAccount: '670100-2200000001/6210' }));
    // 2500 then 1000: I1 500, P1 2000, then I2 450, P2 550.
    expect(await paidOf(deal.id)).toEqual(['500.00', '2000.00', '450.00', '550.00']);
    const storno = await book(movement({ date: '2025-02-21', direction: 'OUTGOING_PAYMENT', reversal: true, counterAccount: '670100-2200000001/6210' }));
    expect(storno).toMatchObject({ outcome: 'CREATED', dealId: deal.id, reversalOf: original.paymentId });
    // Without the 2500, the 1000 of 20 Feb pays interest due first (I1 500, I2 450), then P1 50:
    // P1 is unpaid since 20 Jan → 36 days.
    expect(await paidOf(deal.id)).toEqual(['500.00', '50.00', '450.00', '0.00']);
    expect(await dpdOf(deal.id)).toBe(36);
    expect(await ctx.deps.prisma.paymentAllocation.count({ where: { paymentId: original.paymentId } })).toBe(0);
    expect(await ctx.deps.prisma.paymentAllocation.count({ where: { paymentId: later.paymentId } })).toBe(3);
    // A second storno of the same amount finds nothing left to reverse and stays a plain movement.
    const orphan = await book(movement({ date: '2025-02-22', direction: 'OUTGOING_PAYMENT', reversal: true, counterAccount: '670100-2200000001/6210' }));
    expect(orphan).toMatchObject({ outcome: 'CREATED', dealId: null, reversalOf: null });
    expect((await ctx.deps.prisma.payment.findUniqueOrThrow({ where: { id: orphan.paymentId } })).note).toMatch(/původní platbu se nepodařilo najít/);
  });

  it('books two payments of one deal at once: both allocated as one pass would, nothing lost', async () => {
    const deal = await loan();
    const [a, b] = await Promise.all([
      book(movement({ date: '2025-02-20', variableSymbol: deal.variableSymbol })),
      book(movement({ date: '2025-01-20', variableSymbol: deal.variableSymbol })),
    ]);
    expect([a.outcome, b.outcome]).toEqual(['CREATED', 'CREATED']);
    // 20 Jan's 2500 pays January whole, 20 Feb's pays February's 2500 whole: nothing owed, no credit.
    expect(await paidOf(deal.id)).toEqual(['500.00', '2000.00', '450.00', '2050.00']);
    expect(await dpdOf(deal.id)).toBe(0);
    const rows = await ctx.deps.prisma.paymentAllocation.findMany({ where: { claim: { dealId: deal.id } }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => [r.paymentId, r.claimId, r.amount.toFixed(2)]).sort()).toEqual(
      [
        [b.paymentId, deal.claims.I1, '500.00'],
        [b.paymentId, deal.claims.P1, '2000.00'],
        [a.paymentId, deal.claims.I2, '450.00'],
        [a.paymentId, deal.claims.P2, '2050.00'],
      ].sort(),
    );
  });

  it('books the same bank reference sent twice at once as one payment', async () => {
    const deal = await loan();
    const m = movement({ variableSymbol: deal.variableSymbol });
    const results = await Promise.all([book(m), book(m), book(m)]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['CREATED', 'DUPLICATE', 'DUPLICATE']);
    expect(new Set(results.map((r) => r.paymentId)).size).toBe(1);
    expect(await ctx.deps.prisma.payment.count({ where: { bankReference: m.bankReference } })).toBe(1);
    expect(await paidOf(deal.id)).toEqual(['500.00', '2000.00', '0.00', '0.00']);
  });
});
