import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purpose, purposeDrawing, purposeMessages } from '@lending/contracts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import type { Deal } from '../../generated/prisma/client.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { createDeal } from '../../../test/fixtures/deals.ts';

let ctx: TestContext;
let staff: string;
let viewer: string;
/** Orders payouts (payouts.order); purposes and drawings are the underwriter's (docs/decisions/0044). */
let accountant: string;
let deal: Deal;
let otherDeal: Deal;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = (await ctx.login('UNDERWRITER')).access;
  viewer = (await ctx.login('VIEWER')).access;
  accountant = (await ctx.login('ACCOUNTANT')).access;
  deal = await createDeal(ctx.deps.prisma);
  otherDeal = await createDeal(ctx.deps.prisma);
});
afterAll(() => ctx.close());

const get = (path: string, token = staff) => ctx.http().get(`/api/v1/deals/${path}`).set(bearer(token));
const send = (method: 'post' | 'put' | 'patch' | 'delete', path: string, body?: object, token = staff) => ctx.http()[method](`/api/v1/deals/${path}`).set(bearer(token)).send(body);
const audit = (action: string, entityId: number) => ctx.deps.prisma.auditLog.findFirst({ where: { action, entityId: String(entityId) } });

const purposeBody = {
  type: 'APPLICANT_BANK_ACCOUNT',
  amount: '250000',
  bank_account: '000019-2000145399/0800',
  variable_symbol: '1234567890',
  recipient_name: 'Jiří Čermák',
  message: 'Výplata úvěru',
};
async function newPurpose(body: object = purposeBody, dealId = deal.id): Promise<number> {
  const res = await send('post', `${dealId}/purposes/`, body);
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}
async function newDrawing(purposeId: number, amount: string, dealId = deal.id): Promise<number> {
  const res = await send('post', `${dealId}/purposes/${purposeId}/drawings/`, { amount });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

describe('purposes', () => {
  it('POST creates a purpose with the account normalised and its IBAN; audit-logged', async () => {
    const res = await send('post', `${deal.id}/purposes/`, purposeBody);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      deal_id: deal.id,
      type: 'APPLICANT_BANK_ACCOUNT',
      amount: '250000.00',
      drawn_amount: '0.00',
      remaining_amount: '250000.00',
      bank_account: '19-2000145399/0800',
      // The IBAN of 19-2000145399/0800 as the ČS documentation gives it.
      iban: 'CZ6508000000192000145399',
      variable_symbol: '1234567890',
      specific_symbol: null,
      recipient_name: 'Jiří Čermák',
      message: 'Výplata úvěru',
      drawings: [],
    });
    expect(purpose.parse(res.body)).toEqual(res.body);
    expect(await audit('deal.purpose.create', res.body.id)).toBeTruthy();
  });

  it('validates with Czech messages: type, amount, account checksum, IBAN, symbols, bank text', async () => {
    const res = await send('post', `${deal.id}/purposes/`, { type: 'PAYOUT', amount: '-5', bank_account: '2001234562/0100', variable_symbol: '12345678901', message: 'Zpráva <b>' });
    expect(res.status).toBe(400);
    expect(res.body.amount).toEqual(['Částka nesmí být záporná.']);
    expect(res.body.bank_account).toEqual([purposeMessages.bankAccountChecksum]);
    expect(res.body.variable_symbol).toEqual([purposeMessages.symbol]);
    expect(res.body.message).toEqual([purposeMessages.bankText]);
    expect(res.body.type).toHaveLength(1);
    const iban = await send('post', `${deal.id}/purposes/`, { type: 'COMMISSION', amount: '100', bank_account: 'CZ66 0800 0000 1920 0014 5399' });
    expect(iban.body).toEqual({ bank_account: [purposeMessages.ibanChecksum] });
    const missing = await send('post', `${deal.id}/purposes/`, {});
    expect(missing.body).toEqual({ type: ['Pole je povinné'], amount: [expect.any(String)] });
  });

  it('answers 404 for a deal or purpose that does not exist, or a purpose of another deal', async () => {
    const id = await newPurpose();
    expect((await get('999999/purposes/')).status).toBe(404);
    expect((await send('post', '999999/purposes/', purposeBody)).status).toBe(404);
    expect((await get(`${otherDeal.id}/purposes/${id}/`)).status).toBe(404);
    expect((await send('patch', `${otherDeal.id}/purposes/${id}/`, { note: 'x' })).status).toBe(404);
    expect((await get(`${deal.id}/purposes/abc/`)).status).toBe(404);
  });

  it('lists the deal’s purposes paged, filtered by type and ordered', async () => {
    const d = await createDeal(ctx.deps.prisma);
    await newPurpose({ ...purposeBody, amount: '300' }, d.id);
    await newPurpose({ type: 'COMMISSION', amount: '100' }, d.id);
    await newPurpose({ type: 'COMMISSION', amount: '200' }, d.id);
    const all = await get(`${d.id}/purposes/?ordering=-amount`);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(3);
    expect(all.body.results.map((p: { amount: string }) => p.amount)).toEqual(['300.00', '200.00', '100.00']);
    const commissions = await get(`${d.id}/purposes/?type=COMMISSION&ordering=amount&page_size=1&page=2`);
    expect(commissions.body).toMatchObject({ count: 2, results: [{ type: 'COMMISSION', amount: '200.00' }] });
    expect(commissions.body.previous).toContain('page_size=1');
    expect((await get(`${d.id}/purposes/?type=NOPE`)).status).toBe(400);
    const badOrdering = await get(`${d.id}/purposes/?ordering=recipient_name`);
    expect(badOrdering.status).toBe(400);
    expect(badOrdering.body.ordering[0]).toContain('Nelze řadit podle „recipient_name“');
  });

  it('PUT replaces (clears what is left out), PATCH changes only what is sent; both audit-logged', async () => {
    const id = await newPurpose();
    const put = await send('put', `${deal.id}/purposes/${id}/`, { type: 'DEAL_REFINANCING', amount: 1000.5, bank_account: 'CZ02 0300 0000 3576 5432 1008' });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ type: 'DEAL_REFINANCING', amount: '1000.50', bank_account: 'CZ0203000000357654321008', iban: 'CZ0203000000357654321008', variable_symbol: null, recipient_name: null, message: null });
    const patch = await send('patch', `${deal.id}/purposes/${id}/`, { specific_symbol: 42, note: 'Doplněno' });
    expect(patch.body).toMatchObject({ type: 'DEAL_REFINANCING', amount: '1000.50', specific_symbol: '42', note: 'Doplněno', bank_account: 'CZ0203000000357654321008' });
    expect(await audit('deal.purpose.update', id)).toBeTruthy();
  });

  it('keeps the amount at or above what is drawn', async () => {
    const id = await newPurpose({ type: 'COMMISSION', amount: '1000' });
    await newDrawing(id, '600.25');
    const res = await send('patch', `${deal.id}/purposes/${id}/`, { amount: '600.24' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ amount: ['Částka nesmí být nižší než už čerpaná částka 600,25\u00a0Kč.'] });
    expect((await send('patch', `${deal.id}/purposes/${id}/`, { amount: '600.25' })).body.remaining_amount).toBe('0.00');
  });

  it('DELETE removes a purpose without drawings (204), refuses one with drawings (409)', async () => {
    const empty = await newPurpose();
    expect((await send('delete', `${deal.id}/purposes/${empty}/`)).status).toBe(204);
    expect((await get(`${deal.id}/purposes/${empty}/`)).status).toBe(404);
    expect(await audit('deal.purpose.delete', empty)).toBeTruthy();
    const drawn = await newPurpose();
    await newDrawing(drawn, '1');
    const refused = await send('delete', `${deal.id}/purposes/${drawn}/`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('Účel má čerpání');
  });
});

describe('purpose drawings', () => {
  it('POST creates drawings up to what the purpose has left, then refuses with the amount left', async () => {
    const id = await newPurpose({ type: 'COMMISSION', amount: '1000.00' });
    const first = await send('post', `${deal.id}/purposes/${id}/drawings/`, { amount: '700.10', drawn_at: '2026-12-01', note: 'První část' });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ purpose_id: id, deal_id: deal.id, amount: '700.10', drawn_at: '2026-12-01', note: 'První část', payment_id: null, payment_order: null });
    expect(purposeDrawing.parse(first.body)).toEqual(first.body);
    expect(await audit('deal.purpose.drawing.create', first.body.id)).toBeTruthy();
    const tooMuch = await send('post', `${deal.id}/purposes/${id}/drawings/`, { amount: '299.91' });
    expect(tooMuch.status).toBe(400);
    // 1000.00 − 700.10 = 299.90
    expect(tooMuch.body).toEqual({ amount: ['Čerpání přesahuje, co z účelu zbývá (299,90\u00a0Kč).'] });
    expect((await send('post', `${deal.id}/purposes/${id}/drawings/`, { amount: '299.90' })).status).toBe(201);
    const purpose = await get(`${deal.id}/purposes/${id}/`);
    expect(purpose.body).toMatchObject({ drawn_amount: '1000.00', remaining_amount: '0.00' });
    expect(purpose.body.drawings.map((d: { amount: string }) => d.amount)).toEqual(['700.10', '299.90']);
  });

  it('validates the drawing body and answers 404 for a purpose of another deal', async () => {
    const id = await newPurpose();
    const bad = await send('post', `${deal.id}/purposes/${id}/drawings/`, { amount: '0', drawn_at: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ amount: ['Částka musí být větší než nula.'], drawn_at: ['Neplatné datum.'] });
    expect((await send('post', `${otherDeal.id}/purposes/${id}/drawings/`, { amount: '1' })).status).toBe(404);
  });

  it('PATCH /deals/purpose/purpose-drawing/{id}/ changes amount within the purpose, day and note', async () => {
    const id = await newPurpose({ type: 'COMMISSION', amount: '500' });
    const a = await newDrawing(id, '200');
    await newDrawing(id, '250');
    // The drawing's own 200 does not count against it: 500 − 250 = 250 is its limit.
    expect((await send('patch', `purpose/purpose-drawing/${a}/`, { amount: '250.00' })).body.amount).toBe('250.00');
    const over = await send('patch', `purpose/purpose-drawing/${a}/`, { amount: '250.01' });
    expect(over.body).toEqual({ amount: ['Čerpání přesahuje, co z účelu zbývá (250\u00a0Kč).'] });
    const day = await send('patch', `purpose/purpose-drawing/${a}/`, { drawn_at: '2026-12-24', note: 'Před Vánoci' });
    expect(day.body).toMatchObject({ amount: '250.00', drawn_at: '2026-12-24', note: 'Před Vánoci' });
    expect((await get(`purpose/purpose-drawing/${a}/`)).body).toMatchObject({ id: a, purpose_id: id, deal_id: deal.id, drawn_at: '2026-12-24' });
    expect(await audit('deal.purpose.drawing.update', a)).toBeTruthy();
    expect((await send('patch', 'purpose/purpose-drawing/999999/', { note: 'x' })).status).toBe(404);
  });

  it('DELETE removes a drawing not yet sent; an exported or paid one is kept (409, Czech reason)', async () => {
    const id = await newPurpose();
    const plain = await newDrawing(id, '10');
    expect((await send('delete', `purpose/purpose-drawing/${plain}/`)).status).toBe(204);
    expect((await get(`purpose/purpose-drawing/${plain}/`)).status).toBe(404);
    expect(await audit('deal.purpose.drawing.delete', plain)).toBeTruthy();

    const paidId = await newDrawing(id, '20');
    const payment = await ctx.deps.prisma.payment.create({ data: { direction: 'OUTGOING_PAYMENT', category: 'PURPOSE', date: new Date('2026-12-02T00:00:00Z'), amount: '20.00', dealId: deal.id } });
    await ctx.deps.prisma.purposeDrawing.update({ where: { id: paidId }, data: { paymentId: payment.id } });
    const paid = await send('delete', `purpose/purpose-drawing/${paidId}/`);
    expect(paid.status).toBe(409);
    expect(paid.body.detail).toBe('Čerpání už bylo vyplaceno (je spárováno s odchozí platbou); nelze ho smazat ani změnit jeho částku či datum.');
    expect((await send('patch', `purpose/purpose-drawing/${paidId}/`, { amount: '19' })).status).toBe(409);

    const exportedId = await newDrawing(id, '30');
    const order = await send('post', `${deal.id}/purposes/payments/`, [exportedId], accountant);
    expect(order.status, order.text).toBe(200);
    const batchId = Number(order.headers['x-payment-order-id']);
    const refused = await send('delete', `purpose/purpose-drawing/${exportedId}/`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(`Čerpání už bylo odesláno v platebním příkazu č. ${batchId}; nelze ho smazat ani změnit jeho částku či datum.`);
    expect((await send('patch', `purpose/purpose-drawing/${exportedId}/`, { drawn_at: '2027-01-01' })).status).toBe(409);
    // Its note is ours, not the bank's: it may still change.
    const note = await send('patch', `purpose/purpose-drawing/${exportedId}/`, { note: 'Odesláno do KB' });
    expect(note.status).toBe(200);
    expect(note.body.payment_order).toMatchObject({ id: batchId, format: 'abo' });
    // The database holds the same line for writes that bypass the API.
    await expect(ctx.deps.prisma.purposeDrawing.delete({ where: { id: exportedId } })).rejects.toThrow(/cannot be deleted/);
    await expect(ctx.deps.prisma.purposeDrawing.update({ where: { id: exportedId }, data: { amount: '1.00' } })).rejects.toThrow(/fixed/);
  });

  it('two drawings at once that fit only one by one: one is created, the other refused', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await newPurpose({ type: 'COMMISSION', amount: '100' });
      const answers = await Promise.all([60, 70, 80].map((amount) => send('post', `${deal.id}/purposes/${id}/drawings/`, { amount })));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
      const drawn = await ctx.deps.prisma.purposeDrawing.aggregate({ where: { purposeId: id }, _sum: { amount: true } });
      expect(Number(drawn._sum.amount)).toBeLessThanOrEqual(100);
    }
  });
});

describe('roles', () => {
  it('VIEWER reads purposes and drawings but writes nothing (403)', async () => {
    const id = await newPurpose();
    const drawing = await newDrawing(id, '5');
    expect((await get(`${deal.id}/purposes/`, viewer)).status).toBe(200);
    expect((await get(`${deal.id}/purposes/${id}/`, viewer)).status).toBe(200);
    expect((await get(`purpose/purpose-drawing/${drawing}/`, viewer)).status).toBe(200);
    expect((await get(`${deal.id}/purposes/payments/`, viewer)).status).toBe(200);
    for (const [method, path, body] of [
      ['post', `${deal.id}/purposes/`, purposeBody],
      ['put', `${deal.id}/purposes/${id}/`, purposeBody],
      ['patch', `${deal.id}/purposes/${id}/`, { note: 'x' }],
      ['delete', `${deal.id}/purposes/${id}/`, undefined],
      ['post', `${deal.id}/purposes/${id}/drawings/`, { amount: '1' }],
      ['patch', `purpose/purpose-drawing/${drawing}/`, { note: 'x' }],
      ['delete', `purpose/purpose-drawing/${drawing}/`, undefined],
      ['post', `${deal.id}/purposes/payments/`, [drawing]],
    ] as const) {
      const res = await send(method, path, body, viewer);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await ctx.deps.prisma.purposeDrawing.findUniqueOrThrow({ where: { id: drawing } })).paymentOrderBatchId).toBeNull();
  });
});
