import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { recomputeDelinquency } from '../servicing/index.ts';
import { closeBusinessDate } from '../close-of-business/close-business-date.ts';
import { bookPayment, type MovementInput } from './book-payment.ts';
import { replayDealAllocations } from '../servicing/index.ts';
import { addClaim, createDeal } from '../../../test/fixtures/deals.ts';

// The engine's gaps closed (docs/decisions/0033) on real PostgreSQL, and outgoing payments
// through HTTP. Every expected figure is worked out by hand in the comments.

let ctx: TestContext;
let accountant: string;
beforeAll(async () => {
  ctx = await createTestContext();
  accountant = (await ctx.login('ACCOUNTANT')).access;
});
afterAll(() => ctx.close());

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const replay = (dealId: number, from: string, businessDate: string) => ctx.deps.prisma.$transaction((tx) => replayDealAllocations(tx, dealId, from, businessDate));
const incoming = async (dealId: number, date: string, amount: string) =>
  (await ctx.deps.prisma.payment.create({ data: { direction: 'INCOMING_PAYMENT', date: day(date), amount, dealId } })).id;

async function rowsOf(dealId: number) {
  const rows = await ctx.deps.prisma.paymentAllocation.findMany({ where: { claim: { dealId } }, orderBy: { id: 'asc' } });
  return rows.map((r) => ({ payment: r.paymentId, claim: r.claimId, amount: r.amount.toFixed(2), rule: r.rule, on: r.allocatedOn?.toISOString().slice(0, 10) ?? null }));
}
const claimOf = async (id: number) => {
  const c = await ctx.deps.prisma.claim.findUniqueOrThrow({ where: { id } });
  return { amount: c.amount.toFixed(2), paid: c.paidAmount.toFixed(2) };
};

describe('a back-dated payment and penalty interest', () => {
  it('pays only the penalty accrued through its own date; the close then accrues on what stayed owed', async () => {
    const p = ctx.deps.prisma;
    // A business loan (no § 122 cap), LOAN V1: P1 10 000.00 due 20 Jan 2025. Repo rate on
    // 1 Jan 2025 4.00 % → 12 %. Brought to 20 Mar 2025: 59 days of delay (21–31 Jan 11, Feb 28,
    // Mar 20) × 10 000 × 12 / 36 500 = 193.972602… → 193.97.
    const deal = await createDeal(p);
    const P1 = await addClaim(p, deal, { due: '2025-01-20', amount: '10000.00' });
    await p.$transaction((tx) => recomputeDelinquency(tx, deal.id, '2025-03-20'));
    const PI = (await p.claim.findFirstOrThrow({ where: { sourceClaimId: P1 } })).id;
    expect(await claimOf(PI)).toEqual({ amount: '193.97', paid: '0.00' });

    // 10 000.00 dated 19 Feb arrives (booked on 20 Mar). On 19 Feb penalty interest had accrued
    // 30 days (11 + 19) × 10 000 × 12 / 36 500 = 98.630137 → 98.63; P1 gets 9 901.37.
    const payment = await incoming(deal.id, '2025-02-19', '10000.00');
    const result = await replay(deal.id, '2025-02-19', '2025-03-20');
    expect(await rowsOf(deal.id)).toEqual([
      { payment, claim: PI, amount: '98.63', rule: 'LOAN_ALLOCATION_PROFILE_V1:PENALTY_INTEREST_DUE', on: null },
      { payment, claim: P1, amount: '9901.37', rule: 'LOAN_ALLOCATION_PROFILE_V1:PRINCIPAL_DUE', on: null },
    ]);
    // Accrual through 20 Mar: 10 000 owed 21 Jan–19 Feb (30 days), 98.63 owed 20 Feb–20 Mar
    // (29 days): (300 000 + 2 860.27) × 12 / 36 500 = 99.57049973 → 99.57, of which 98.63 paid.
    expect(await claimOf(PI)).toEqual({ amount: '99.57', paid: '98.63' });
    // P1's 98.63 still owed since 20 Jan: 59 days past due; no credit.
    expect(result).toMatchObject({ days_past_due: 59, credit: '0.00' });
  });
});

describe('credit used as claims fall due', () => {
  // A lease under OTHER_PROFILE_V2 (nothing paid in advance), penalty interest off: rent R1,
  // R2, R3 of 10 000.00 due 15 Jan, 15 Feb, 15 Mar 2025; 25 000.00 paid on 15 Jan.
  async function lease() {
    const p = ctx.deps.prisma;
    const deal = await createDeal(p);
    await p.deal.update({ where: { id: deal.id }, data: { allocationProfile: 'OTHER_PROFILE_V2', variableSymbol: String(7_100_000 + deal.id) } });
    await p.claimsSetting.create({ data: { dealId: deal.id, type: 'PENALTY_INTEREST', isEnabled: false } });
    const R = [
      await addClaim(p, deal, { type: 'RENT', due: '2025-01-15', amount: '10000.00' }),
      await addClaim(p, deal, { type: 'RENT', due: '2025-02-15', amount: '10000.00' }),
      await addClaim(p, deal, { type: 'RENT', due: '2025-03-15', amount: '10000.00' }),
    ] as const;
    const first = await incoming(deal.id, '2025-01-15', '25000.00');
    // R1 10 000 paid, 15 000 credit.
    expect(await replay(deal.id, '2025-01-15', '2025-01-20')).toMatchObject({ credit: '15000.00', days_past_due: 0 });
    return { id: deal.id, R, first, variableSymbol: String(7_100_000 + deal.id) };
  }

  it('the close pays the claims due on its date from the credit, so the deal does not turn overdue', async () => {
    const deal = await lease();
    // 15 Feb: R2 10 000 from the credit → 5 000 left, DPD 0.
    const feb = await closeBusinessDate(ctx.deps, '2025-02-15', 'CLI');
    expect(feb!.stats!.deals_credit_used).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(deal.id)).at(-1)).toEqual({ payment: deal.first, claim: deal.R[1], amount: '10000.00', rule: 'OTHER_PROFILE_V2:CREDIT', on: '2025-02-15' });
    // 16 Mar, the close of 15 Mar missed: R3 gets the last 5 000 on its due date, 15 Mar;
    // 5 000 still owed since 15 Mar → 1 day past due on 16 Mar.
    await closeBusinessDate(ctx.deps, '2025-03-16', 'CLI');
    expect((await rowsOf(deal.id)).at(-1)).toEqual({ payment: deal.first, claim: deal.R[2], amount: '5000.00', rule: 'OTHER_PROFILE_V2:CREDIT', on: '2025-03-15' });
    const stored = await ctx.deps.prisma.deal.findUniqueOrThrow({ where: { id: deal.id } });
    expect(stored.daysPastDue).toBe(1);
    const answer = await ctx.http().get(`/api/v1/deals/${deal.id}/`).set(bearer(accountant));
    expect(answer.body.credit).toBe('0.00');
  });

  it('a close and a booking of the same deal at once: no deadlock, the result of running them one after the other', async () => {
    const movement = (vs: string): MovementInput => ({
      bankReference: `credit-race:${vs}:${Math.random().toString(36).slice(2)}`,
      date: '2025-02-10',
      amount: '3000.00',
      direction: 'INCOMING_PAYMENT',
      reversal: false,
      variableSymbol: vs,
      specificSymbol: null,
      constantSymbol: null,
      counterAccount: null,
      counterAccountName: null,
      message: null,
    });
    // Sequential on a twin: 3 000 on 10 Feb (nothing due then → credit 18 000), close of 15 Feb:
    // R2 from the first payment's 15 000 → 10 000, 5 000 + 3 000 left.
    const twin = await lease();
    await bookPayment(ctx.deps, movement(twin.variableSymbol), { businessDate: '2025-02-15' });
    await closeBusinessDate(ctx.deps, '2025-02-15', 'CLI');
    // Rows with the deal's own ids replaced by names, to compare two deals.
    const strip = (rows: Awaited<ReturnType<typeof rowsOf>>, deal: { first: number; R: readonly number[] }) =>
      rows.map((r) => ({ ...r, payment: r.payment === deal.first ? 'first' : 'second', claim: `R${deal.R.indexOf(r.claim) + 1}` }));
    const expected = strip(await rowsOf(twin.id), twin);
    expect(expected).toEqual([
      { payment: 'first', claim: 'R1', amount: '10000.00', rule: 'OTHER_PROFILE_V2:RENT_DUE', on: null },
      { payment: 'first', claim: 'R2', amount: '10000.00', rule: 'OTHER_PROFILE_V2:CREDIT', on: '2025-02-15' },
    ]);

    const deal = await lease();
    await Promise.all([closeBusinessDate(ctx.deps, '2025-02-15', 'CLI'), bookPayment(ctx.deps, movement(deal.variableSymbol), { businessDate: '2025-02-15' })]);
    expect(strip(await rowsOf(deal.id), deal)).toEqual(expected);
    expect((await ctx.http().get(`/api/v1/deals/${deal.id}/`).set(bearer(accountant))).body.credit).toBe('8000.00');
  });
});

describe('outgoing payments', () => {
  // A loan, LOAN V1, penalty off: I1 500 + P1 2 000 due 20 Jan 2025; 3 000.00 paid on 25 Jan →
  // 2 500 allocated, 500.00 credit.
  async function overpaid() {
    const p = ctx.deps.prisma;
    const deal = await createDeal(p);
    await p.claimsSetting.create({ data: { dealId: deal.id, type: 'PENALTY_INTEREST', isEnabled: false } });
    await addClaim(p, deal, { type: 'INTEREST', due: '2025-01-20', amount: '500.00' });
    await addClaim(p, deal, { type: 'PRINCIPAL', due: '2025-01-20', amount: '2000.00' });
    await incoming(deal.id, '2025-01-25', '3000.00');
    expect(await replay(deal.id, '2025-01-25', '2025-02-01')).toMatchObject({ credit: '500.00' });
    return deal.id;
  }
  const outgoing = async (date: string, amount: string, data: object = {}) =>
    (await ctx.deps.prisma.payment.create({ data: { direction: 'OUTGOING_PAYMENT', date: day(date), amount, ...data } })).id;
  const put = (id: number, body: object) => ctx.http().put(`/api/v1/payments/${id}/`).set(bearer(accountant)).send(body);
  const creditOf = async (dealId: number) => (await ctx.http().get(`/api/v1/deals/${dealId}/`).set(bearer(accountant))).body.credit as string;

  it('a refund of overpayment typed by staff takes the credit; one beyond the credit is refused in Czech and changes nothing', async () => {
    const dealId = await overpaid();
    const refund = await outgoing('2025-02-03', '300.00');
    const ok = await put(refund, { category: 'UNCATEGORIZED', purpose_type: 'OVERPAID_RENT', deal: dealId });
    expect(ok.status).toBe(200);
    // 500 − 300 = 200 left.
    expect(await creditOf(dealId)).toBe('200.00');

    const tooMuch = await outgoing('2025-02-04', '250.00');
    const refused = await put(tooMuch, { category: 'UNCATEGORIZED', purpose_type: 'APPLICANT_BANK_ACCOUNT_REFUND', deal: dealId });
    expect(refused.status).toBe(409);
    expect(refused.body.detail.replace(/\s/g, ' ')).toBe('Vratka převyšuje přeplatek obchodu (ke dni vratky zbývá 200 Kč).');
    const unchanged = await ctx.deps.prisma.payment.findUniqueOrThrow({ where: { id: tooMuch } });
    expect([unchanged.dealId, unchanged.purposeType]).toEqual([null, null]);
    expect(await creditOf(dealId)).toBe('200.00');

    // The first refund typed as something else again: the credit comes back.
    expect((await put(refund, { category: 'UNCATEGORIZED', purpose_type: 'COMMISSION', deal: dealId })).status).toBe(200);
    expect(await creditOf(dealId)).toBe('500.00');
  });

  it('bulk assignment refuses a refund beyond the credit, and moving away the payment a refund took its credit from; nothing moves', async () => {
    const bulk = (payments: number[], deal: number | null) => ctx.http().patch('/api/v1/payments/bulk_assign_deals/').set(bearer(accountant)).send({ payments, deal });
    const dealId = await overpaid();
    // A refund of 600 paired with the deal by bulk assignment: the credit on 3 Feb is 500.
    const refund = await outgoing('2025-02-03', '600.00', { purposeType: 'OVERPAID_RENT' });
    const refused = await bulk([refund], dealId);
    expect(refused.status).toBe(409);
    expect(refused.body.detail.replace(/\s/g, ' ')).toBe('Vratka převyšuje přeplatek obchodu (ke dni vratky zbývá 500 Kč).');
    expect((await ctx.deps.prisma.payment.findUniqueOrThrow({ where: { id: refund } })).dealId).toBeNull();

    // One of 400 fits (100 left); then the 3 000.00 payment that made the credit cannot leave the deal.
    const fits = await outgoing('2025-02-03', '400.00', { purposeType: 'OVERPAID_RENT' });
    expect((await bulk([fits], dealId)).status).toBe(200);
    expect(await creditOf(dealId)).toBe('100.00');
    const paid = await ctx.deps.prisma.payment.findFirstOrThrow({ where: { dealId, direction: 'INCOMING_PAYMENT' } });
    const away = await bulk([paid.id], null);
    expect(away.status).toBe(409);
    expect(away.body.detail.replace(/\s/g, ' ')).toBe('Vratka převyšuje přeplatek obchodu (ke dni vratky zbývá 0 Kč).');
    expect((await ctx.deps.prisma.payment.findUniqueOrThrow({ where: { id: paid.id } })).dealId).toBe(dealId);
    expect(await creditOf(dealId)).toBe('100.00');
  });

  async function drawing(dealId: number, data: { amount: string; vs?: string; account?: string; exported?: boolean; type?: 'CREDITOR_DEBT' | 'APPLICANT_BANK_ACCOUNT' }) {
    const p = ctx.deps.prisma;
    const purpose = await p.purpose.create({
      data: { dealId, type: data.type ?? 'CREDITOR_DEBT', amount: '100000.00', bankAccount: data.account ?? '19-2000145399/0800', variableSymbol: data.vs ?? null },
    });
    const batch = data.exported
      ? await p.paymentOrderBatch.create({ data: { dealId, format: 'abo', executionDate: day('2025-03-01'), fileName: 'x.kpc', content: new Uint8Array(1), itemCount: 1, totalAmount: data.amount } })
      : null;
    return (await p.purposeDrawing.create({ data: { purposeId: purpose.id, amount: data.amount, paymentOrderBatchId: batch?.id ?? null } })).id;
  }
  const patchDrawing = (id: number, body: object) => ctx.http().patch(`/api/v1/deals/purpose/purpose-drawing/${id}/`).set(bearer(accountant)).send(body);

  it('staff pair a drawing with its outgoing payment: the drawing shows it paid out, the payment joins the deal', async () => {
    const dealId = await overpaid();
    const id = await drawing(dealId, { amount: '45000.00' });
    const wrongAmount = await outgoing('2025-03-02', '44999.99');
    const refused = await patchDrawing(id, { payment: wrongAmount });
    expect(refused.status).toBe(400);
    expect(refused.body.payment.map((m: string) => m.replace(/\s/g, ' '))).toEqual(['Částka platby (44 999,99 Kč) se liší od čerpání (45 000 Kč).']);
    const notOutgoing = (await ctx.deps.prisma.payment.create({ data: { direction: 'INCOMING_PAYMENT', date: day('2025-03-02'), amount: '45000.00' } })).id;
    expect((await patchDrawing(id, { payment: notOutgoing })).body).toEqual({ payment: ['Čerpání lze spárovat jen s odchozí platbou.'] });
    expect((await patchDrawing(id, { payment: 999_999_999 })).status).toBe(400);

    const payout = await outgoing('2025-03-02', '45000.00');
    const res = await patchDrawing(id, { payment: payout });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ payment_id: payout, paid_out_on: '2025-03-02', paid_out_amount: '45000.00' });
    const payment = await ctx.deps.prisma.payment.findUniqueOrThrow({ where: { id: payout } });
    expect([payment.dealId, payment.purposeType]).toEqual([dealId, 'CREDITOR_DEBT']);
    // A payout is not a refund: the credit stays.
    expect(await creditOf(dealId)).toBe('500.00');
    // One payment pays one drawing out.
    const other = await drawing(dealId, { amount: '45000.00' });
    expect((await patchDrawing(other, { payment: payout })).status).toBe(409);
  });

  it('staff give an outgoing payment of the deal the purpose type: the matching drawing is paid out', async () => {
    const dealId = await overpaid();
    const id = await drawing(dealId, { amount: '12000.00', type: 'APPLICANT_BANK_ACCOUNT' });
    const payout = await outgoing('2025-03-05', '12000.00');
    expect((await put(payout, { category: 'UNCATEGORIZED', purpose_type: 'APPLICANT_BANK_ACCOUNT', deal: dealId })).status).toBe(200);
    const stored = await ctx.deps.prisma.purposeDrawing.findUniqueOrThrow({ where: { id } });
    expect(stored.paymentId).toBe(payout);
  });

  it('the import recognises a debit as the payment order of an exported drawing (VS, amount, account)', async () => {
    const dealId = await overpaid();
    const vs = String(6_600_000 + dealId);
    const id = await drawing(dealId, { amount: '30000.50', vs, exported: true });
    const debit = (over: object) =>
      ctx.http()
        .post('/api/v1/payments/bulk_create_payments/')
        .set(bearer(accountant))
        .send({ payments: [{ bank_reference: `payout:${Math.random()}`, direction: 'OUTGOING_PAYMENT', date: '2025-03-03', amount: '30000.50', counter_account: '19-2000145399/0800', ...over }] });
    // Another account, or another amount: not this drawing's order.
    expect((await debit({ variable_symbol: vs, counter_account: '2000145399/0800' })).status).toBe(200);
    expect((await debit({ variable_symbol: vs, amount: '30000.00' })).status).toBe(200);
    expect((await ctx.deps.prisma.purposeDrawing.findUniqueOrThrow({ where: { id } })).paymentId).toBeNull();
    // The bank wrote the VS with leading zeros: still the order.
    const res = await debit({ variable_symbol: `000${vs}` });
    expect(res.status).toBe(200);
    const matched = await ctx.deps.prisma.purposeDrawing.findUniqueOrThrow({ where: { id }, include: { payment: true } });
    expect(matched.payment).toMatchObject({ direction: 'OUTGOING_PAYMENT', dealId, purposeType: 'CREDITOR_DEBT' });
    expect(matched.payment!.amount.toFixed(2)).toBe('30000.50');

    // The bank returns the debit (a storno, incoming, same amount and account): the drawing is unpaid again.
    const storno = await ctx.http()
      .post('/api/v1/payments/bulk_create_payments/')
      .set(bearer(accountant))
      .send({ payments: [{ bank_reference: `storno:${Math.random()}`, direction: 'INCOMING_PAYMENT', reversal: true, date: '2025-03-05', amount: '30000.50', counter_account: '19-2000145399/0800' }] });
    expect(storno.status).toBe(200);
    const entry = await ctx.deps.prisma.payment.findFirstOrThrow({ where: { reversalOfId: matched.paymentId! } });
    expect(entry.dealId).toBe(dealId);
    expect((await ctx.deps.prisma.purposeDrawing.findUniqueOrThrow({ where: { id } })).paymentId).toBeNull();
  });
});
