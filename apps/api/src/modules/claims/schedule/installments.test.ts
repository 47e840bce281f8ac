import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/context.ts';
import { installmentStatus } from './list-installments.ts';
import { bearer } from '../../../../test/fixtures/auth.ts';
import { dealFixtures } from '../../../../test/fixtures/deals.ts';

// GET /deals/{dealId}/deal-model/{id}/installments/ over HTTP on real PostgreSQL. Today is
// 20 April 2026 (Prague). Known answer by hand: 3 000 Kč at 0 % for 3 months → three
// installments of 1 000.00 due 15 March, 15 April and 15 May. Paid through the real payments
// API (pairing by VS, allocation engine): 1 000.00 on 15 March (installment 1 paid exactly),
// 500.00 on 16 April (installment 2 half paid, 5 days past due on 20 April), nothing on the
// third (future). Totals: owed 3 000.00, paid 1 500.00, outstanding 1 500.00, overdue 500.00.

let ctx: TestContext;
let admin: string;
let viewer: string;
let f: ReturnType<typeof dealFixtures>;
const clock = new Date('2026-04-20T09:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock });
  admin = (await ctx.login('ADMIN')).access;
  viewer = (await ctx.login('VIEWER')).access;
  f = dealFixtures(ctx);
});
afterAll(() => ctx.close());

const model = {
  principal: '3000.00',
  annual_interest_rate: '0',
  term_months: 3,
  disbursement_date: '2026-02-15',
  first_due_date: '2026-03-15',
  due_day: 15,
  installment_type: 'ANNUITY',
};
const get = (path: string, token = admin) => ctx.http().get(path).set(bearer(token));
let refs = 0;

// Penalty interest would add claims outside the groups; the schedule ignores them, but the
// deal's DPD check below is simpler without.
const activeLoan = () => f.activeLoan(admin, model, { penaltyInterest: false });

async function pay(variableSymbol: string, date: string, amount: string) {
  const res = await ctx
    .http()
    .post('/api/v1/payments/bulk_create_payments/')
    .set(bearer(admin))
    .send({ payments: [{ bank_reference: `installments-test:${++refs}:${variableSymbol}`, date, amount, variable_symbol: variableSymbol }] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.results[0].unallocated_amount).toBe('0.00');
}

describe('GET /deals/{dealId}/deal-model/{id}/installments/', () => {
  it('one installment paid exactly, one half paid and overdue, one future: paid, remaining, status, DPD and totals', async () => {
    const { dealId, modelId, variableSymbol } = await activeLoan();
    await pay(variableSymbol, '2026-03-15', '1000.00');
    await pay(variableSymbol, '2026-04-16', '500.00');

    const res = await get(`/api/v1/deals/${dealId}/deal-model/${modelId}/installments/`, viewer);
    expect(res.status).toBe(200);
    const groups = await ctx.deps.prisma.claimsGroup.findMany({ where: { dealId }, orderBy: { number: 'asc' } });
    expect(res.body).toEqual({
      deal_model_id: modelId,
      business_date: '2026-04-20',
      installments: [
        { number: 1, claims_group_id: groups[0]!.id, due_date: '2026-03-15', amount: '1000.00', paid_amount: '1000.00', remaining: '0.00', status: 'PAID', days_past_due: 0 },
        { number: 2, claims_group_id: groups[1]!.id, due_date: '2026-04-15', amount: '1000.00', paid_amount: '500.00', remaining: '500.00', status: 'OVERDUE', days_past_due: 5 },
        { number: 3, claims_group_id: groups[2]!.id, due_date: '2026-05-15', amount: '1000.00', paid_amount: '0.00', remaining: '1000.00', status: 'FUTURE', days_past_due: 0 },
      ],
      totals: { owed: '3000.00', paid: '1500.00', outstanding: '1500.00', overdue: '500.00' },
    });
    // The oldest overdue installment is the deal's DPD too.
    expect((await ctx.deps.prisma.deal.findUniqueOrThrow({ where: { id: dealId } })).daysPastDue).toBe(5);

    // Paying the rest (and the third early) turns both PAID and the totals to nothing owed.
    await pay(variableSymbol, '2026-04-20', '1500.00');
    const after = await get(`/api/v1/deals/${dealId}/deal-model/${modelId}/installments/`);
    expect(after.body.installments.map((i: { status: string; remaining: string }) => [i.status, i.remaining])).toEqual([
      ['PAID', '0.00'],
      ['PAID', '0.00'],
      ['PAID', '0.00'],
    ]);
    expect(after.body.totals).toEqual({ owed: '3000.00', paid: '3000.00', outstanding: '0.00', overdue: '0.00' });
  });

  it('a cancelled claim and a cancelled group do not count; a draft has no installments; another deal’s model is 404', async () => {
    const { dealId, modelId } = await activeLoan();
    const [first] = await ctx.deps.prisma.claimsGroup.findMany({ where: { dealId }, orderBy: { number: 'asc' }, include: { claims: true } });
    // The third installment cancelled as a restructuring cancels it (the loan's principal refuses
    // the DELETE route), and half of the second's claims too.
    const third = await ctx.deps.prisma.claimsGroup.findFirstOrThrow({ where: { dealId, number: 3 } });
    const now = new Date();
    await ctx.deps.prisma.claim.updateMany({ where: { claimsGroupId: third.id }, data: { cancelledAt: now } });
    await ctx.deps.prisma.claimsGroup.update({ where: { id: third.id }, data: { cancelledAt: now } });
    const second = await ctx.deps.prisma.claimsGroup.findFirstOrThrow({ where: { dealId, number: 2 } });
    await ctx.deps.prisma.claim.create({ data: { dealId, claimsGroupId: second.id, type: 'FEE', dueDate: second.dueDate, amount: '250.50', cancelledAt: now } });
    const res = await get(`/api/v1/deals/${dealId}/deal-model/${modelId}/installments/`);
    expect(res.body.installments.map((i: { number: number }) => i.number)).toEqual([1, 2]);
    expect(res.body.installments[0]).toMatchObject({ claims_group_id: first!.id, status: 'OVERDUE', days_past_due: 36, remaining: '1000.00' });
    expect(res.body.installments[1]).toMatchObject({ status: 'OVERDUE', days_past_due: 5 });
    expect(res.body.totals).toEqual({ owed: '2000.00', paid: '0.00', outstanding: '2000.00', overdue: '2000.00' });

    const draftDeal = await f.deal({ type: 'OTHER_DEAL' });
    const draft = await ctx.http().post(`/api/v1/deals/${draftDeal.id}/deal-model/`).set(bearer(admin)).send(model);
    expect(draft.status).toBe(201);
    const empty = await get(`/api/v1/deals/${draftDeal.id}/deal-model/${draft.body.id}/installments/`);
    expect(empty.body).toEqual({ deal_model_id: draft.body.id, business_date: '2026-04-20', installments: [], totals: { owed: '0.00', paid: '0.00', outstanding: '0.00', overdue: '0.00' } });

    expect((await get(`/api/v1/deals/${draftDeal.id}/deal-model/${modelId}/installments/`)).status).toBe(404);
    expect((await get(`/api/v1/deals/999999999/deal-model/${modelId}/installments/`)).status).toBe(404);
    expect((await get(`/api/v1/deals/${dealId}/deal-model/abc/installments/`)).status).toBe(404);
    expect((await ctx.http().get(`/api/v1/deals/${dealId}/deal-model/${modelId}/installments/`)).status).toBe(401);
  });
});

describe('installmentStatus', () => {
  const d = (v: string) => new Decimal(v);
  it('paid wins, then overdue, then partly paid, then due today, then future', () => {
    expect(installmentStatus('2026-04-01', d('100.00'), d('100.00'), '2026-04-20')).toEqual({ status: 'PAID', daysPastDue: 0 });
    expect(installmentStatus('2026-04-19', d('100.00'), d('99.99'), '2026-04-20')).toEqual({ status: 'OVERDUE', daysPastDue: 1 });
    expect(installmentStatus('2026-04-20', d('100.00'), d('0.01'), '2026-04-20')).toEqual({ status: 'PARTIALLY_PAID', daysPastDue: 0 });
    expect(installmentStatus('2026-04-20', d('100.00'), d('0.00'), '2026-04-20')).toEqual({ status: 'DUE', daysPastDue: 0 });
    expect(installmentStatus('2026-04-21', d('100.00'), d('0.00'), '2026-04-20')).toEqual({ status: 'FUTURE', daysPastDue: 0 });
    // Across a month and the spring DST change: calendar days, not hours.
    expect(installmentStatus('2026-02-28', d('1.00'), d('0.00'), '2026-04-20')).toEqual({ status: 'OVERDUE', daysPastDue: 51 });
  });
});
