import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { businessDateOf } from '../../domain/dates.ts';
import { paidAmounts, twoInstallmentLoan } from '../../../test/fixtures/payments.ts';

// The payments API through HTTP on real PostgreSQL. Loans as in booking.test.ts (by hand,
// LOAN_ALLOCATION_PROFILE_V1, penalty interest off): I1 500 + P1 2000 due 20 Jan 2025,
// I2 450 + P2 2050 due 20 Feb 2025. The business date is today, so DPD counts from the oldest
// unpaid due date to today; the tests compare DPD before and after rather than a fixed number.

let ctx: TestContext;
let admin: string;
let accountant: string;
let viewer: string;
let underwriter: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.login('ADMIN')).access;
  accountant = (await ctx.login('ACCOUNTANT')).access;
  viewer = (await ctx.login('VIEWER')).access;
  underwriter = (await ctx.login('UNDERWRITER')).access;
});
afterAll(() => ctx.close());

let vsCounter = 8_200_000;
let refCounter = 0;
const ref = () => `api-test:${++refCounter}:${Math.random().toString(36).slice(2, 8)}`;

const loan = () => twoInstallmentLoan(ctx.deps.prisma, String(++vsCounter));

const paidOf = (dealId: number) => paidAmounts(ctx.deps.prisma, dealId);
/** Days from a due date to today in Prague: the DPD a replay brings a deal to. */
const daysSince = (due: string) => (Date.parse(businessDateOf(new Date())) - Date.parse(due)) / 86_400_000;
const dpdOf = async (dealId: number) => (await ctx.deps.prisma.deal.findUniqueOrThrow({ where: { id: dealId } })).daysPastDue;

const create = (payments: object[], token = accountant) => ctx.http().post('/api/v1/payments/bulk_create_payments/').set(bearer(token)).send({ payments });
const item = (over: object = {}) => ({ bank_reference: ref(), date: '2025-01-20', amount: '2500.00', ...over });

describe('POST /payments/bulk_create_payments/', () => {
  it('books, pairs and allocates; the answer carries the allocations; a retry creates nothing and answers the same', async () => {
    const deal = await loan();
    const body = [item({ variable_symbol: deal.variableSymbol, counter_account: '19-2000145399/0800' }), item({ variable_symbol: '5555555555', amount: 100 })];
    const res = await create(body);
    expect(res.status).toBe(200);
    const [paired, unpaired] = res.body.results;
    expect(paired).toMatchObject({
      deal: deal.id,
      direction: 'INCOMING_PAYMENT',
      amount: '2500.00',
      date: '2025-01-20',
      allocated_amount: '2500.00',
      unallocated_amount: '0.00',
      allocations: [
        { claim_id: deal.claims.I1, claim_type: 'INTEREST', due_date: '2025-01-20', amount: '500.00', rule: 'LOAN_ALLOCATION_PROFILE_V1:INTEREST_DUE' },
        { claim_id: deal.claims.P1, claim_type: 'PRINCIPAL', due_date: '2025-01-20', amount: '2000.00', rule: 'LOAN_ALLOCATION_PROFILE_V1:PRINCIPAL_DUE' },
      ],
    });
    expect(unpaired).toMatchObject({ deal: null, amount: '100.00', allocations: [] });
    expect(await paidOf(deal.id)).toEqual(['500.00', '2000.00', '0.00', '0.00']);
    const audits = await ctx.deps.prisma.auditLog.count({ where: { action: 'payment.create', entityId: { in: [String(paired.id), String(unpaired.id)] } } });
    expect(audits).toBe(2);

    const retry = await create(body);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(res.body);
    expect(await ctx.deps.prisma.payment.count({ where: { bankReference: { in: body.map((b) => b.bank_reference) } } })).toBe(2);
  });

  it('the same request sent twice at once books one set of payments', async () => {
    const deal = await loan();
    const body = [item({ variable_symbol: deal.variableSymbol }), item({ date: '2025-02-20', variable_symbol: deal.variableSymbol })];
    const [a, b] = await Promise.all([create(body), create(body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.results.map((p: { id: number }) => p.id)).toEqual(b.body.results.map((p: { id: number }) => p.id));
    expect(await ctx.deps.prisma.payment.count({ where: { dealId: deal.id } })).toBe(2);
    expect(await paidOf(deal.id)).toEqual(['500.00', '2000.00', '450.00', '2050.00']);
    expect(await dpdOf(deal.id)).toBe(0);
  });

  it('refuses bad items with Czech messages by field, and a repeated bank reference within one request', async () => {
    const res = await create([{ bank_reference: '', date: '2025-13-01', amount: '12.345', variable_symbol: 'ABC' }]);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['payments.0.amount', 'payments.0.bank_reference', 'payments.0.date', 'payments.0.variable_symbol']);
    const twice = await create([item({ bank_reference: 'same' }), item({ bank_reference: 'same' })]);
    expect(twice.status).toBe(400);
    expect(twice.body['payments.1.bank_reference']).toEqual(['Transakce „same“ je v požadavku vícekrát.']);
    expect((await create([])).body).toEqual({ payments: ['Zadejte alespoň jednu platbu.'] });
  });

  it('lets ADMIN and ACCOUNTANT write, not UNDERWRITER or VIEWER; every role reads', async () => {
    expect((await create([item()], viewer)).status).toBe(403);
    expect((await create([item()], underwriter)).status).toBe(403);
    expect((await create([item()], admin)).status).toBe(200);
    expect((await ctx.http().get('/api/v1/payments/').set(bearer(viewer))).status).toBe(200);
    expect((await ctx.http().patch('/api/v1/payments/bulk_assign_deals/').set(bearer(viewer)).send({ payments: [1], deal: null })).status).toBe(403);
  });
});

describe('PUT/PATCH /payments/{id}/', () => {
  it('moving a payment to another deal replays both deals from its date, audited', async () => {
    const a = await loan();
    const b = await loan();
    const [pay] = (await create([item({ variable_symbol: a.variableSymbol })])).body.results;
    expect(await paidOf(a.id)).toEqual(['500.00', '2000.00', '0.00', '0.00']);
    const res = await ctx.http().patch(`/api/v1/payments/${pay.id}/`).set(bearer(accountant)).send({ deal: b.id, note: 'Chybný VS, patří k obchodu B' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deal: b.id, note: 'Chybný VS, patří k obchodu B', category: 'UNCATEGORIZED' });
    expect(res.body.allocations.map((x: { claim_id: number }) => x.claim_id)).toEqual([b.claims.I1, b.claims.P1]);
    expect(await paidOf(a.id)).toEqual(['0.00', '0.00', '0.00', '0.00']);
    expect(await paidOf(b.id)).toEqual(['500.00', '2000.00', '0.00', '0.00']);
    // B's oldest unpaid due date is 20 Feb now; A's is 20 Jan again.
    expect(await dpdOf(b.id)).toBe(daysSince('2025-02-20'));
    expect(await dpdOf(a.id)).toBe(daysSince('2025-01-20'));
    const audit = await ctx.deps.prisma.auditLog.findFirstOrThrow({ where: { action: 'payment.update', entityId: String(pay.id) } });
    expect(audit.changes).toMatchObject({ deal: b.id, previous_deal: a.id });

    // PUT clears what it leaves out: the deal too, back to the unpaired queue.
    const put = await ctx.http().put(`/api/v1/payments/${pay.id}/`).set(bearer(admin)).send({ category: 'OTHERS' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ deal: null, note: null, category: 'OTHERS', purpose_type: null, allocations: [] });
    expect(await paidOf(b.id)).toEqual(['0.00', '0.00', '0.00', '0.00']);
    const queue = await ctx.http().get('/api/v1/payments/?unpaired=true&page_size=100').set(bearer(viewer));
    expect(queue.body.results.map((p: { id: number }) => p.id)).toContain(pay.id);
  });

  it('answers 400 for an unknown deal or a bad category, 404 for no payment, 409 for moving a storno entry', async () => {
    const a = await loan();
    const [pay] = (await create([item({ variable_symbol: a.variableSymbol, counter_account: '123-456789/0300' })])).body.results;
    expect((await ctx.http().patch(`/api/v1/payments/${pay.id}/`).set(bearer(admin)).send({ deal: 2_000_000_000 })).body).toEqual({ deal: ['Obchod neexistuje.'] });
    expect((await ctx.http().patch(`/api/v1/payments/${pay.id}/`).set(bearer(admin)).send({ category: 'NOPE' })).status).toBe(400);
    expect((await ctx.http().patch(`/api/v1/payments/${pay.id}/`).set(bearer(admin)).send({ purpose_type: 'OVERPAID_RENT' })).body.purpose_type).toBe('OVERPAID_RENT');
    expect((await ctx.http().patch('/api/v1/payments/2000000000/').set(bearer(admin)).send({ note: 'x' })).status).toBe(404);
    expect((await ctx.http().get('/api/v1/payments/abc/').set(bearer(admin))).status).toBe(404);
    const [storno] = (await create([item({ date: '2025-01-25', direction: 'OUTGOING_PAYMENT', reversal: true, counter_account: '123-456789/0300' })])).body.results;
    expect(storno).toMatchObject({ reversal_of: pay.id, deal: a.id });
    expect((await ctx.http().get(`/api/v1/payments/${pay.id}/`).set(bearer(viewer))).body).toMatchObject({ reversed_by: storno.id, allocations: [], unallocated_amount: '0.00' });
    expect(await paidOf(a.id)).toEqual(['0.00', '0.00', '0.00', '0.00']);
    const moved = await ctx.http().patch(`/api/v1/payments/${storno.id}/`).set(bearer(admin)).send({ deal: null });
    expect(moved.status).toBe(409);
    expect(moved.body.detail).toMatch(/Storno/);
    // Taken back, the original leaves the unpaired queue even without a deal.
    await ctx.http().patch(`/api/v1/payments/${pay.id}/`).set(bearer(admin)).send({ deal: null });
    const queue = await ctx.http().get('/api/v1/payments/?unpaired=true&search=123-456789/0300').set(bearer(viewer));
    expect(queue.body.count).toBe(0);
    expect((await ctx.http().get(`/api/v1/payments/${storno.id}/`).set(bearer(viewer))).body.deal).toBeNull();
  });
});

describe('re-pairing at the same time', () => {
  it('two payments swapped between two deals at once, and a payment booked meanwhile: no deadlock, every deal right', async () => {
    const a = await loan();
    const b = await loan();
    const [pa] = (await create([item({ variable_symbol: a.variableSymbol })])).body.results;
    const [pb] = (await create([item({ date: '2025-02-20', amount: '100.00', variable_symbol: b.variableSymbol })])).body.results;
    const patch = (id: number, deal: number) => ctx.http().patch(`/api/v1/payments/${id}/`).set(bearer(admin)).send({ deal });
    const results = await Promise.all([patch(pa.id, b.id), patch(pb.id, a.id), create([item({ date: '2025-02-20', amount: '2500.00', variable_symbol: b.variableSymbol })])]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    // A: only 100 on 20 Feb → I1 100. B: 2500 of 20 Jan pays January, 2500 of 20 Feb pays February.
    expect(await paidOf(a.id)).toEqual(['100.00', '0.00', '0.00', '0.00']);
    expect(await paidOf(b.id)).toEqual(['500.00', '2000.00', '450.00', '2050.00']);
    expect(await dpdOf(b.id)).toBe(0);
    expect(await dpdOf(a.id)).toBe(daysSince('2025-01-20'));
  });
});

describe('PATCH /payments/bulk_assign_deals/', () => {
  it('pairs unpaired payments to a deal and allocates them in date order', async () => {
    const deal = await loan();
    const res = await create([item({ date: '2025-02-20', amount: '2500.00' }), item({ date: '2025-01-20', amount: '2500.00' })]);
    const ids = res.body.results.map((p: { id: number }) => p.id);
    expect(res.body.results.every((p: { deal: number | null }) => p.deal === null)).toBe(true);
    const assigned = await ctx.http().patch('/api/v1/payments/bulk_assign_deals/').set(bearer(accountant)).send({ payments: ids, deal: deal.id });
    expect(assigned.status).toBe(200);
    expect(assigned.body.results.map((p: { deal: number }) => p.deal)).toEqual([deal.id, deal.id]);
    expect(assigned.body.results[1].allocations.map((a: { claim_id: number; amount: string }) => [a.claim_id, a.amount])).toEqual([
      [deal.claims.I1, '500.00'],
      [deal.claims.P1, '2000.00'],
    ]);
    expect(await paidOf(deal.id)).toEqual(['500.00', '2000.00', '450.00', '2050.00']);
    expect(await dpdOf(deal.id)).toBe(0);
    expect(await ctx.deps.prisma.auditLog.count({ where: { action: 'payment.assign_deal', entityId: { in: ids.map(String) } } })).toBe(2);
    const bad = await ctx.http().patch('/api/v1/payments/bulk_assign_deals/').set(bearer(accountant)).send({ payments: [ids[0], 2_000_000_000], deal: deal.id });
    expect(bad.body).toEqual({ payments: ['Platby 2000000000 neexistují.'] });
  });
});

describe('GET /payments/ and /deals/{dealId}/payments/', () => {
  it('each filter changes the result; nonsense answers 400 in Czech', async () => {
    const deal = await loan();
    const tag = `F${Math.random().toString(36).slice(2, 8)}`;
    const res = await create([
      item({ date: '2025-01-10', amount: '100.00', variable_symbol: deal.variableSymbol, message: `${tag} jedna` }),
      item({ date: '2025-02-10', amount: '200.00', message: `${tag} dva`, category: 'INVOICES', payment_type: 'CASH' }),
      item({ date: '2025-03-10', amount: '300.00', message: `${tag} tři`, direction: 'OUTGOING_PAYMENT' }),
    ]);
    const [p1, p2, p3] = res.body.results.map((p: { id: number }) => p.id);
    const ids = async (query: string) => {
      const r = await ctx.http().get(`/api/v1/payments/?search=${tag}&page_size=100&${query}`).set(bearer(viewer));
      expect(r.status, `${query} ${JSON.stringify(r.body)}`).toBe(200);
      return r.body.results.map((p: { id: number }) => p.id);
    };
    expect(await ids('')).toEqual([p3, p2, p1]);
    expect(await ids('ordering=amount')).toEqual([p1, p2, p3]);
    expect(await ids('category=INVOICES')).toEqual([p2]);
    expect(await ids('payment_type=CASH')).toEqual([p2]);
    expect(await ids('direction=OUTGOING_PAYMENT')).toEqual([p3]);
    expect(await ids('date_from=2025-02-01')).toEqual([p3, p2]);
    expect(await ids('date_to=2025-02-10')).toEqual([p2, p1]);
    expect(await ids(`deal=${deal.id}`)).toEqual([p1]);
    expect(await ids('unpaired=true')).toEqual([p2]);
    expect(await ids('unpaired=false')).toEqual([p1]);
    const search = async (text: string) => (await ctx.http().get(`/api/v1/payments/?search=${encodeURIComponent(text)}`).set(bearer(viewer))).body.results.map((p: { id: number }) => p.id);
    expect(await search(`${tag} DVA`)).toEqual([p2]);
    expect(await search(`${tag} čtyři`)).toEqual([]);
    const page = await ctx.http().get(`/api/v1/payments/?search=${tag}&page_size=2&page=2`).set(bearer(viewer));
    expect(page.body).toMatchObject({ count: 3, results: [{ id: p1 }] });
    expect(page.body.previous).toMatch(/page_size=2/);

    const dealPage = await ctx.http().get(`/api/v1/deals/${deal.id}/payments/?page_size=1`).set(bearer(viewer));
    expect(dealPage.body).toMatchObject({ count: 1, next: null, results: [{ id: p1, allocations: [{ claim_id: deal.claims.I1, amount: '100.00' }] }] });
    expect((await ctx.http().get(`/api/v1/deals/${deal.id}/payments/?date_from=2025-02-01`).set(bearer(viewer))).body.count).toBe(0);
    expect((await ctx.http().get('/api/v1/deals/2000000000/payments/').set(bearer(viewer))).status).toBe(404);

    for (const [query, field] of [
      ['category=XX', 'category'],
      ['payment_type=INCOMING', 'payment_type'],
      ['date_from=2025-02-30', 'date_from'],
      ['date_to=yesterday', 'date_to'],
      ['date_from=2025-03-01&date_to=2025-02-01', 'date_from'],
      ['deal=abc', 'deal'],
      ['unpaired=maybe', 'unpaired'],
      ['ordering=-secret', 'ordering'],
      ['page_size=1000', 'page_size'],
    ] as const) {
      const r = await ctx.http().get(`/api/v1/payments/?${query}`).set(bearer(viewer));
      expect(r.status, query).toBe(400);
      expect(r.body[field]?.[0], query).toMatch(/[a-zá-ž]/i);
    }
    expect((await ctx.http().get('/api/v1/payments/?unpaired=maybe').set(bearer(viewer))).body).toEqual({ unpaired: ['Zadejte true nebo false.'] });
    expect((await ctx.http().get('/api/v1/payments/?deal=abc').set(bearer(viewer))).body).toEqual({ deal: ['Zadejte kladné celé číslo.'] });
  });
});
