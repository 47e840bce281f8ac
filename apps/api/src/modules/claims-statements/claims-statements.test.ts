import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { createApp } from '../../app.ts';
import { pdfTextLines } from '../../integrations/bank-statements/pdf-text.ts';
import { recomputeDelinquency } from '../servicing/index.ts';
import { bookPayment as bookMovement } from '../payments/book-payment.ts';
import { addClaim, createDeal, pay } from '../../../test/fixtures/deals.ts';

// Claims statements through HTTP on real PostgreSQL. Known answers worked out by hand.
//
// The loan (LOAN_ALLOCATION_PROFILE_V1 from its active model, penalty interest off):
// I1 500 + P1 2000 due 20 Jan 2025, I2 450 + P2 2050 due 20 Feb, I3 400 + P3 2100 due 20 Mar.
// Paid 2500 on 20 Jan (→ I1, P1) and 1000 on 1 Mar (→ I2 450, P2 550), both through the
// payments API (so the engine allocates them). As of 25 Feb 2025: I2 450 and P2 2050 are due
// and unpaid (the March payment is after the date), P3 2100 is principal not yet due, I3 is
// interest not yet due (not owed on early repayment: left out). Due 2500.00, grand 4600.00.
// As of 5 Mar: I2 paid, P2 2050 − 550 = 1500 left; due 1500.00, grand 3600.00.

let ctx: TestContext;
let staff: string;
let viewer: string;
/** Books the payments the statements count (payments.book; the statements are collections'). */
let accountant: string;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = (await ctx.login('COLLECTIONS')).access;
  viewer = (await ctx.login('VIEWER')).access;
  accountant = (await ctx.login('ACCOUNTANT')).access;
});
afterAll(() => ctx.close());

const base = (dealId: number, rest = '') => `/api/v1/deals/${dealId}/claims-statements/${rest}`;
const post = (dealId: number, body: object, token = staff) => ctx.http().post(base(dealId)).set(bearer(token)).send(body);
const get = (path: string, token = staff) => ctx.http().get(path).set(bearer(token));
const binary = (res: { on: (event: string, listener: (chunk?: Buffer) => void) => void }, callback: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk) => chunks.push(chunk!));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};
const download = (path: string) => get(path).buffer(true).parse(binary);

let vsCounter = 9_300_000;
let refCounter = 0;

async function bookPayment(variableSymbol: string, date: string, amount: string) {
  const res = await ctx
    .http()
    .post('/api/v1/payments/bulk_create_payments/')
    .set(bearer(accountant))
    .send({ payments: [{ bank_reference: `cs-test:${++refCounter}:${Math.random().toString(36).slice(2, 8)}`, date, amount, variable_symbol: variableSymbol }] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { results: { id: number }[] };
}

async function loan() {
  const p = ctx.deps.prisma;
  const deal = await createDeal(p, { annualRate: '10.0000' });
  const variableSymbol = String(++vsCounter);
  await p.deal.update({ where: { id: deal.id }, data: { variableSymbol, contractNumber: `SML-${variableSymbol}` } });
  await p.claimsSetting.create({ data: { dealId: deal.id, type: 'PENALTY_INTEREST', isEnabled: false } });
  const claims = {
    I1: await addClaim(p, deal, { type: 'INTEREST', due: '2025-01-20', amount: '500.00' }),
    P1: await addClaim(p, deal, { type: 'PRINCIPAL', due: '2025-01-20', amount: '2000.00' }),
    I2: await addClaim(p, deal, { type: 'INTEREST', due: '2025-02-20', amount: '450.00' }),
    P2: await addClaim(p, deal, { type: 'PRINCIPAL', due: '2025-02-20', amount: '2050.00' }),
    I3: await addClaim(p, deal, { type: 'INTEREST', due: '2025-03-20', amount: '400.00' }),
    P3: await addClaim(p, deal, { type: 'PRINCIPAL', due: '2025-03-20', amount: '2100.00' }),
  };
  await bookPayment(variableSymbol, '2025-01-20', '2500.00');
  await bookPayment(variableSymbol, '2025-03-01', '1000.00');
  return { id: deal.id, variableSymbol, claims };
}

type Line = { claim_id: number | null; type: string; due_date: string; amount: string; paid: string; remaining: string; rule: string | null };
const brief = (lines: Line[]) => lines.map((l) => [l.claim_id, l.amount, l.paid, l.remaining, l.rule]);

describe('POST and GET /deals/{dealId}/claims-statements/', () => {
  it('computes a DRAFT as of a date under the deal\'s profile: due claims in the profile\'s order, principal not yet due apart, totals and credit', async () => {
    const deal = await loan();
    const { I2, P2, P3 } = deal.claims;
    const res = await post(deal.id, { as_of: '2025-02-25' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ deal_id: deal.id, state: 'DRAFT', state_label: 'Koncept', as_of: '2025-02-25', allocation_profile: 'LOAN_ALLOCATION_PROFILE_V1', invalidated_at: null, saved_at: null, saved_by: null });
    expect(res.body.computed_at).toEqual(expect.any(String));
    const c = res.body.content;
    expect(c).toMatchObject({ contract_number: `SML-${deal.variableSymbol}`, variable_symbol: deal.variableSymbol, total_due: '2500.00', total_not_yet_due_principal: '2100.00', grand_total: '4600.00', credit: '0.00' });
    expect(brief(c.due)).toEqual([
      [I2, '450.00', '0.00', '450.00', 'LOAN_ALLOCATION_PROFILE_V1:INTEREST_DUE'],
      [P2, '2050.00', '0.00', '2050.00', 'LOAN_ALLOCATION_PROFILE_V1:PRINCIPAL_DUE'],
    ]);
    expect(brief(c.not_yet_due_principal)).toEqual([[P3, '2100.00', '0.00', '2100.00', 'LOAN_ALLOCATION_PROFILE_V1:NEXT_INSTALLMENTS']]);
    expect(c.totals_by_type).toEqual([
      { type: 'INTEREST', type_label: expect.any(String), remaining: '450.00' },
      { type: 'PRINCIPAL', type_label: expect.any(String), remaining: '2050.00' },
    ]);
    expect((await get(base(deal.id, `${res.body.id}/`))).body).toEqual(res.body);
    // The audit log has the write.
    expect(await ctx.deps.prisma.auditLog.count({ where: { action: 'deal.claims_statement.create', entityId: String(res.body.id) } })).toBe(1);
  });

  it('counts only payments dated on or before the date; another profile orders the same debts its way', async () => {
    const deal = await loan();
    const { I2, P2, P3 } = deal.claims;
    const march = await post(deal.id, { as_of: '2025-03-05' });
    expect(march.body.content).toMatchObject({ total_due: '1500.00', total_not_yet_due_principal: '2100.00', grand_total: '3600.00', credit: '0.00' });
    expect(brief(march.body.content.due)).toEqual([[P2, '2050.00', '550.00', '1500.00', 'LOAN_ALLOCATION_PROFILE_V1:PRINCIPAL_DUE']]);
    // Consumer in delay (§ 1932(2)): principal before interest.
    const consumer = await post(deal.id, { as_of: '2025-02-25', allocation_profile: 'CL_PE_ALLOCATION_PROFILE_V1' });
    expect(consumer.body.allocation_profile).toBe('CL_PE_ALLOCATION_PROFILE_V1');
    expect(brief(consumer.body.content.due).map((l) => [l[0], l[4]])).toEqual([
      [P2, 'CL_PE_ALLOCATION_PROFILE_V1:PRINCIPAL_DUE'],
      [I2, 'CL_PE_ALLOCATION_PROFILE_V1:INTEREST_DUE'],
    ]);
    expect(consumer.body.content.totals_by_type.map((t: { type: string }) => t.type)).toEqual(['PRINCIPAL', 'INTEREST']);
    // OTHER_PROFILE_V2 pays nothing in advance: the principal not yet due has no rule.
    const other = await post(deal.id, { as_of: '2025-02-25', allocation_profile: 'OTHER_PROFILE_V2' });
    expect(brief(other.body.content.due).map((l) => [l[0], l[4]])).toEqual([
      [I2, 'OTHER_PROFILE_V2:OTHER_DUE'],
      [P2, 'OTHER_PROFILE_V2:OTHER_DUE'],
    ]);
    expect(brief(other.body.content.not_yet_due_principal)).toEqual([[P3, '2100.00', '0.00', '2100.00', null]]);
  });

  it('shows the credit as of the date: an overpayment counts from its day', async () => {
    const p = ctx.deps.prisma;
    const deal = await createDeal(p);
    const vs = String(++vsCounter);
    await p.deal.update({ where: { id: deal.id }, data: { variableSymbol: vs } });
    await p.claimsSetting.create({ data: { dealId: deal.id, type: 'PENALTY_INTEREST', isEnabled: false } });
    const principal = await addClaim(p, deal, { type: 'PRINCIPAL', due: '2025-01-20', amount: '1000.00' });
    await bookPayment(vs, '2025-01-20', '1200.00');
    const after = await post(deal.id, { as_of: '2025-01-31' });
    expect(after.body.content).toMatchObject({ due: [], not_yet_due_principal: [], total_due: '0.00', grand_total: '0.00', credit: '200.00' });
    const before = await post(deal.id, { as_of: '2025-01-19' });
    expect(before.body.content).toMatchObject({ due: [], total_due: '0.00', total_not_yet_due_principal: '1000.00', grand_total: '1000.00', credit: '0.00' });
    expect(before.body.content.not_yet_due_principal[0]).toMatchObject({ claim_id: principal, remaining: '1000.00' });
  });
});

describe('penalty interest as of the date (the close of business\'s formula, nothing written)', () => {
  // 10 000 due 10 Feb 2025; the delay began in H1 2025: repo rate 4.00 % (since 8 Nov 2024)
  // + 8 pp = 12 % p.a. As of 12 Mar: days 11 Feb – 12 Mar = 30; 10 000 × 0.12 × 30 / 365 =
  // 98.630… → 98.63. With 4 000 paid on 1 Mar: 19 days (11 Feb – 1 Mar) on 10 000 and 11 days
  // (2 – 12 Mar) on 6 000: (190 000 + 66 000) × 0.12 / 365 = 84.164… → 84.16.
  it('accrues through the date a penalty claim the close has not booked yet, and writes nothing', async () => {
    const p = ctx.deps.prisma;
    const deal = await createDeal(p);
    const claim = await addClaim(p, deal, { type: 'PRINCIPAL', due: '2025-02-10', amount: '10000.00' });
    const res = await post(deal.id, { as_of: '2025-03-12' });
    expect(res.status).toBe(201);
    expect(res.body.allocation_profile).toBe('LOAN_ALLOCATION_PROFILE_V1');
    expect(brief(res.body.content.due)).toEqual([
      [null, '98.63', '0.00', '98.63', 'LOAN_ALLOCATION_PROFILE_V1:PENALTY_INTEREST_DUE'],
      [claim, '10000.00', '0.00', '10000.00', 'LOAN_ALLOCATION_PROFILE_V1:PRINCIPAL_DUE'],
    ]);
    expect(res.body.content.due[0]).toMatchObject({ type: 'PENALTY_INTEREST', source_claim_id: claim, due_date: '2025-02-11' });
    expect(res.body.content.total_due).toBe('10098.63');
    expect(await p.claim.count({ where: { dealId: deal.id } })).toBe(1);
    expect((await p.deal.findUniqueOrThrow({ where: { id: deal.id } })).daysPastDue).toBe(0);
  });

  it('takes a partial payment into account, and a date before what the close already accrued does not move the booked claim', async () => {
    const p = ctx.deps.prisma;
    const deal = await createDeal(p);
    const claim = await addClaim(p, deal, { type: 'PRINCIPAL', due: '2025-02-10', amount: '10000.00' });
    await pay(p, deal.id, '2025-03-01', [{ claimId: claim, amount: '4000.00' }]);
    // The close booked penalty interest through 11 Apr (60 days: 19 on 10 000, 41 on 6 000 →
    // (190 000 + 246 000) × 0.12 / 365 = 143.342… → 143.34).
    await ctx.deps.prisma.$transaction((tx) => recomputeDelinquency(tx, deal.id, '2025-04-11'));
    const booked = await p.claim.findFirstOrThrow({ where: { sourceClaimId: claim } });
    expect(booked.amount.toFixed(2)).toBe('143.34');
    const res = await post(deal.id, { as_of: '2025-03-12' });
    expect(brief(res.body.content.due)).toEqual([
      [booked.id, '84.16', '0.00', '84.16', 'LOAN_ALLOCATION_PROFILE_V1:PENALTY_INTEREST_DUE'],
      [claim, '10000.00', '4000.00', '6000.00', 'LOAN_ALLOCATION_PROFILE_V1:PRINCIPAL_DUE'],
    ]);
    expect(res.body.content.total_due).toBe('6084.16');
    const after = await p.claim.findUniqueOrThrow({ where: { id: booked.id } });
    expect([after.amount.toFixed(2), after.accruedThrough!.toISOString().slice(0, 10)]).toEqual(['143.34', '2025-04-11']);
  });
});

describe('validation, 404 and access', () => {
  it('answers 400 with Czech messages by field', async () => {
    const deal = await loan();
    expect((await post(deal.id, {})).body).toEqual({ as_of: ['Pole je povinné'] });
    const bad = await post(deal.id, { as_of: '2025-02-30', allocation_profile: 'NO_SUCH' });
    expect(bad.status).toBe(400);
    expect(bad.body.as_of).toEqual(['Neplatné datum.']);
    expect(bad.body.allocation_profile).toEqual([expect.stringMatching(/^Neplatn/)]);
    const created = await post(deal.id, { as_of: '2025-02-25' });
    const patched = await ctx.http().patch(base(deal.id, `${created.body.id}/`)).set(bearer(staff)).send({ as_of: '25.2.2025' });
    expect(patched.body).toEqual({ as_of: ['Zadejte datum ve tvaru RRRR-MM-DD.'] });
    expect((await get(base(deal.id, `${created.body.id}/export/?format=doc`))).body).toEqual({ format: ['Zvolte formát pdf nebo xlsx.'] });
    expect((await get(base(deal.id, '?state=HOTOVO'))).status).toBe(400);
  });

  it('answers 404 for an unknown deal, an unknown statement and a statement of another deal', async () => {
    const deal = await loan();
    const other = await loan();
    const created = await post(deal.id, { as_of: '2025-02-25' });
    expect((await post(2_000_000_000, { as_of: '2025-02-25' })).status).toBe(404);
    expect((await get(base(2_000_000_000))).status).toBe(404);
    expect((await get(base(deal.id, '999999/'))).body).toEqual({ detail: 'Vyčíslení nebylo nalezeno.' });
    expect((await get(base(other.id, `${created.body.id}/`))).status).toBe(404);
    expect((await ctx.http().delete(base(other.id, `${created.body.id}/`)).set(bearer(staff))).status).toBe(404);
    expect((await ctx.http().post(base(other.id, `${created.body.id}/save/`)).set(bearer(staff))).status).toBe(404);
    expect((await get(base(other.id, `${created.body.id}/export/`))).status).toBe(404);
  });

  it('lets VIEWER read and download but not write', async () => {
    const deal = await loan();
    const created = await post(deal.id, { as_of: '2025-02-25' });
    expect((await get(base(deal.id), viewer)).status).toBe(200);
    expect((await get(base(deal.id, `${created.body.id}/export/`), viewer)).status).toBe(200);
    expect((await post(deal.id, { as_of: '2025-02-25' }, viewer)).status).toBe(403);
    expect((await ctx.http().post(base(deal.id, `${created.body.id}/save/`)).set(bearer(viewer))).status).toBe(403);
    expect((await ctx.http().delete(base(deal.id, `${created.body.id}/`)).set(bearer(viewer))).status).toBe(403);
  });
});

describe('list', () => {
  it('filters by state, orders and pages', async () => {
    const deal = await loan();
    const a = (await post(deal.id, { as_of: '2025-02-25' })).body;
    const b = (await post(deal.id, { as_of: '2025-01-31' })).body;
    const c = (await post(deal.id, { as_of: '2025-03-05' })).body;
    await ctx.http().post(base(deal.id, `${b.id}/save/`)).set(bearer(staff)).expect(200);
    const all = await get(base(deal.id));
    expect(all.body.count).toBe(3);
    expect(all.body.results.map((s: { id: number }) => s.id)).toEqual([c.id, b.id, a.id]);
    expect((await get(base(deal.id, '?ordering=as_of'))).body.results.map((s: { id: number }) => s.id)).toEqual([b.id, a.id, c.id]);
    const saved = await get(base(deal.id, '?state=SAVED'));
    expect(saved.body.results.map((s: { id: number; state: string }) => [s.id, s.state])).toEqual([[b.id, 'SAVED']]);
    expect((await get(base(deal.id, '?state=DRAFT&ordering=-as_of'))).body.results.map((s: { id: number }) => s.id)).toEqual([c.id, a.id]);
    const page = await get(base(deal.id, '?page_size=2&page=2'));
    expect(page.body).toMatchObject({ count: 3, next: null, results: [{ id: a.id }] });
    expect(page.body.previous).toEqual(expect.stringContaining('page_size=2'));
  });
});

describe('states', () => {
  it('saves a DRAFT (saved_by, saved_at); a SAVED one is neither edited, saved again nor deleted (409 in Czech)', async () => {
    const deal = await loan();
    const created = (await post(deal.id, { as_of: '2025-02-25' })).body;
    const saved = await ctx.http().post(base(deal.id, `${created.id}/save/`)).set(bearer(staff));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ state: 'SAVED', state_label: 'Uložený', saved_by: { id: expect.any(Number), email: expect.stringContaining('collections') } });
    expect(saved.body.saved_at).toEqual(expect.any(String));
    expect(saved.body.content).toEqual(created.content);
    const again = await ctx.http().post(base(deal.id, `${created.id}/save/`)).set(bearer(staff));
    expect([again.status, again.body]).toEqual([409, { detail: 'Vyčíslení už je uložené.' }]);
    const put = await ctx.http().put(base(deal.id, `${created.id}/`)).set(bearer(staff)).send({ as_of: '2025-03-01' });
    expect([put.status, put.body]).toEqual([409, { detail: 'Uložené vyčíslení je vydaný doklad, nelze ho měnit. Vytvořte nové vyčíslení.' }]);
    const del = await ctx.http().delete(base(deal.id, `${created.id}/`)).set(bearer(staff));
    expect([del.status, del.body]).toEqual([409, { detail: 'Uložené vyčíslení je vydaný doklad, nelze ho smazat.' }]);
  });

  it('PUT and PATCH recompute a DRAFT; PUT without a profile takes the deal\'s again; DELETE removes a DRAFT', async () => {
    const deal = await loan();
    const created = (await post(deal.id, { as_of: '2025-02-25', allocation_profile: 'CL_PE_ALLOCATION_PROFILE_V1' })).body;
    const patched = await ctx.http().patch(base(deal.id, `${created.id}/`)).set(bearer(staff)).send({ as_of: '2025-03-05' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ state: 'DRAFT', as_of: '2025-03-05', allocation_profile: 'CL_PE_ALLOCATION_PROFILE_V1', content: { total_due: '1500.00' } });
    const put = await ctx.http().put(base(deal.id, `${created.id}/`)).set(bearer(staff)).send({ as_of: '2025-02-25' });
    expect(put.body).toMatchObject({ state: 'DRAFT', as_of: '2025-02-25', allocation_profile: 'LOAN_ALLOCATION_PROFILE_V1', content: { total_due: '2500.00' } });
    expect((await ctx.http().delete(base(deal.id, `${created.id}/`)).set(bearer(staff))).status).toBe(204);
    expect((await get(base(deal.id, `${created.id}/`))).status).toBe(404);
  });

  it('IN_PROGRESS: while another transaction computes it (row locked) writes answer 409; left over from a crash, PATCH computes it again', async () => {
    const deal = await loan();
    const created = (await post(deal.id, { as_of: '2025-02-25' })).body;
    await ctx.deps.prisma.claimsStatement.update({ where: { id: created.id }, data: { state: 'IN_PROGRESS', data: undefined } });
    const client = await ctx.deps.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT id FROM claims_statements WHERE id = $1 FOR UPDATE', [created.id]);
      const busy = { detail: 'Vyčíslení se právě počítá; zkuste to za chvíli znovu.' };
      const save = await ctx.http().post(base(deal.id, `${created.id}/save/`)).set(bearer(staff));
      expect([save.status, save.body]).toEqual([409, busy]);
      const patch = await ctx.http().patch(base(deal.id, `${created.id}/`)).set(bearer(staff)).send({});
      expect([patch.status, patch.body]).toEqual([409, busy]);
      expect((await ctx.http().delete(base(deal.id, `${created.id}/`)).set(bearer(staff))).status).toBe(409);
      expect((await get(base(deal.id, `${created.id}/export/`))).status).toBe(409);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
    // Nobody computes it any more: save still refuses, a recompute finishes it.
    expect((await ctx.http().post(base(deal.id, `${created.id}/save/`)).set(bearer(staff))).body).toEqual({ detail: 'Vyčíslení se právě počítá; zkuste to za chvíli znovu.' });
    const again = await ctx.http().patch(base(deal.id, `${created.id}/`)).set(bearer(staff)).send({});
    expect(again.body).toMatchObject({ state: 'DRAFT', content: { total_due: '2500.00' } });
  });
});

describe('NOT_VALID when the deal\'s payments change', () => {
  it('a payment booked on or before the date invalidates DRAFTs as of it or later; a SAVED one stays SAVED, marked; PATCH recomputes', async () => {
    const deal = await loan();
    const draft = (await post(deal.id, { as_of: '2025-02-25' })).body;
    const saved = (await post(deal.id, { as_of: '2025-02-25' })).body;
    await ctx.http().post(base(deal.id, `${saved.id}/save/`)).set(bearer(staff)).expect(200);
    const earlier = (await post(deal.id, { as_of: '2025-01-31' })).body;

    await bookPayment(deal.variableSymbol, '2025-02-21', '500.00');

    const nowDraft = (await get(base(deal.id, `${draft.id}/`))).body;
    expect(nowDraft).toMatchObject({ state: 'NOT_VALID', state_label: 'Neplatný', invalidated_at: expect.any(String) });
    const nowSaved = (await get(base(deal.id, `${saved.id}/`))).body;
    expect(nowSaved).toMatchObject({ state: 'SAVED', invalidated_at: expect.any(String), content: saved.content });
    expect((await get(base(deal.id, `${earlier.id}/`))).body).toMatchObject({ state: 'DRAFT', invalidated_at: null });

    const refusal = { detail: 'Platby obchodu se od výpočtu změnily; vyčíslení nejdřív přepočítejte.' };
    expect((await ctx.http().post(base(deal.id, `${draft.id}/save/`)).set(bearer(staff))).body).toEqual(refusal);
    expect((await get(base(deal.id, `${draft.id}/export/`))).body).toEqual(refusal);
    expect((await get(base(deal.id, '?state=NOT_VALID'))).body.results.map((s: { id: number }) => s.id)).toEqual([draft.id]);

    // Recomputed: the 500 of 21 Feb paid I2 (450) and 50 of P2.
    const recomputed = await ctx.http().patch(base(deal.id, `${draft.id}/`)).set(bearer(staff)).send({});
    expect(recomputed.body).toMatchObject({ state: 'DRAFT', invalidated_at: null, content: { total_due: '2000.00', grand_total: '4100.00' } });
    expect(brief(recomputed.body.content.due)).toEqual([[deal.claims.P2, '2050.00', '50.00', '2000.00', 'LOAN_ALLOCATION_PROFILE_V1:PRINCIPAL_DUE']]);
  });

  it('a reversal of a payment dated on or before the date invalidates; the recomputed statement no longer counts it', async () => {
    const deal = await loan();
    const statement = (await post(deal.id, { as_of: '2025-03-05' })).body;
    // The 1 000 of 1 Mar is taken back by the bank (a storno of the same amount and account).
    const original = await ctx.deps.prisma.payment.findFirstOrThrow({ where: { dealId: deal.id, date: new Date('2025-03-01T00:00:00Z') } });
    await ctx.deps.prisma.payment.update({ where: { id: original.id }, data: { counterAccount: '19-2000145399/0800' } });
    const storno = await bookMovement(
      ctx.deps,
      {
        bankReference: `cs-storno:${deal.id}`,
        date: '2025-03-03',
        amount: '1000.00',
        direction: 'OUTGOING_PAYMENT',
        reversal: true,
        variableSymbol: deal.variableSymbol,
        specificSymbol: null,
        constantSymbol: null,
        counterAccount: '19-2000145399/0800',
        counterAccountName: null,
        message: null,
      },
      { businessDate: '2025-03-05' },
    );
    expect(storno).toMatchObject({ outcome: 'CREATED', dealId: deal.id, reversalOf: original.id });
    expect((await get(base(deal.id, `${statement.id}/`))).body.state).toBe('NOT_VALID');
    // Without the 1 000: I2 450 and P2 2050 due again, as on 25 Feb.
    const recomputed = await ctx.http().patch(base(deal.id, `${statement.id}/`)).set(bearer(staff)).send({});
    expect(recomputed.body).toMatchObject({ state: 'DRAFT', content: { total_due: '2500.00', grand_total: '4600.00' } });
  });

  it('a payment booked while statements are being computed never leaves a DRAFT with stale figures', async () => {
    for (let round = 0; round < 3; round++) {
      const deal = await loan();
      const [created] = await Promise.all([post(deal.id, { as_of: '2025-02-25' }), post(deal.id, { as_of: '2025-02-25' }), bookPayment(deal.variableSymbol, '2025-02-21', '500.00')]);
      expect(created.status).toBe(201);
      const all = (await get(base(deal.id))).body.results as { state: string; content: { total_due: string } }[];
      expect(all).toHaveLength(2);
      // Computed after the payment (it counts: 2 000 left) or before it (then marked NOT_VALID).
      for (const s of all) expect(s.state === 'NOT_VALID' || (s.state === 'DRAFT' && s.content.total_due === '2000.00'), JSON.stringify(s)).toBe(true);
    }
  });

  it('a payment moved to another deal invalidates the statements of both deals', async () => {
    const a = await loan();
    const b = await loan();
    const onA = (await post(a.id, { as_of: '2025-03-05' })).body;
    const onB = (await post(b.id, { as_of: '2025-03-05' })).body;
    const payment = (await ctx.deps.prisma.payment.findFirstOrThrow({ where: { dealId: a.id, date: new Date('2025-03-01T00:00:00Z') } })).id;
    const moved = await ctx.http().patch(`/api/v1/payments/${payment}/`).set(bearer(accountant)).send({ deal: b.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await get(base(a.id, `${onA.id}/`))).body.state).toBe('NOT_VALID');
    expect((await get(base(b.id, `${onB.id}/`))).body.state).toBe('NOT_VALID');
  });
});

describe('GET {id}/export/', () => {
  it('answers the PDF for the debtor: Czech text, letterhead, the amounts, contract number, VS and account', async () => {
    const deal = await loan();
    const created = (await post(deal.id, { as_of: '2025-02-25' })).body;
    const person = await ctx.deps.prisma.person.create({ data: { firstName: 'Jiří', lastName: 'Čermák' } });
    await ctx.deps.prisma.dealParticipant.create({ data: { dealId: deal.id, personId: person.id, role: 'BORROWER' } });
    // The lender's address (which the test configuration leaves out) and an account of its
    // own, in a configuration of this test's own (an app on the same database), not written
    // into the context's shared one.
    const config = { ...ctx.deps.config, LENDER_ADDRESS: 'Příkladná 12, 110 00 Praha 1', LENDER_ACCOUNT: '19-2000145399/0800', LENDER_IBAN: 'CZ6508000000192000145399', LENDER_BIC: 'GIBACZPX' };
    const app = createApp({ ...ctx.deps, config });
    const res = await request(app).get(base(deal.id, `${created.id}/export/`)).set(bearer(staff)).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`vycisleni-SML-${deal.variableSymbol}-2025-02-25.pdf`);
    const body = res.body as Buffer;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfTextLines(body)).join('\n').replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('Vyčíslení pohledávky ke dni 25. 2. 2025');
    expect(text).toContain(ctx.deps.config.LENDER_NAME);
    expect(text).toContain('Příkladná 12, 110 00 Praha 1');
    expect(text).toContain(`SML-${deal.variableSymbol}`);
    expect(text).toMatch(/Dlužník\s+Jiří Čermák/);
    expect(text).toContain(deal.variableSymbol);
    expect(text).toMatch(/Úrok\s+20\. 2\. 2025\s+450 Kč\s+0 Kč\s+450 Kč/);
    expect(text).toMatch(/Jistina\s+20\. 2\. 2025\s+2 050 Kč\s+0 Kč\s+2 050 Kč/);
    expect(text).toMatch(/Splatné celkem\s+2 500 Kč/);
    expect(text).toMatch(/Celkem k úhradě při splacení všeho\s+4 600 Kč/);
    expect(text).toContain('19-2000145399/0800');
  });

  it('answers the XLSX for staff, and allocation_profile reorders the lines', async () => {
    const deal = await loan();
    const created = (await post(deal.id, { as_of: '2025-02-25' })).body;
    const res = await download(base(deal.id, `${created.id}/export/?format=xlsx&allocation_profile=CL_PE_ALLOCATION_PROFILE_V1`));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Uint8Array.from(res.body as Buffer).buffer);
    const sheet = workbook.getWorksheet('Vyčíslení')!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]![0]).toBe(`Vyčíslení pohledávky č. ${created.id} ke dni 25. 2. 2025`);
    const lines = rows.filter((r) => r[0] === 'Splatné' || r[0] === 'Nesplatná jistina').map((r) => [r[0], r[1], r[4], r[5], r[6], r[7]]);
    expect(lines).toEqual([
      ['Splatné', deal.claims.P2, 2050, 0, 2050, 'CL_PE_ALLOCATION_PROFILE_V1:PRINCIPAL_DUE'],
      ['Splatné', deal.claims.I2, 450, 0, 450, 'CL_PE_ALLOCATION_PROFILE_V1:INTEREST_DUE'],
      ['Nesplatná jistina', deal.claims.P3, 2100, 0, 2100, 'CL_PE_ALLOCATION_PROFILE_V1:NEXT_INSTALLMENTS'],
    ]);
    expect(rows.find((r) => r[0] === 'Celkem')![6]).toBe(4600);
    // The stored statement keeps its own order.
    expect((await get(base(deal.id, `${created.id}/`))).body.content.due[0].claim_id).toBe(deal.claims.I2);
  });
});
