import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { addClaim, createDeal, pay } from '../../../test/fixtures/deals.ts';

// GET /deals/{id}/history/: the deal's audit entries with who made them by name, its payments and
// its breaches, merged newest first — readable by every staff role (the audit log is ADMIN's).

let ctx: TestContext;
let underwriter: { access: string; email: string };
let viewer: string;
beforeAll(async () => {
  ctx = await createTestContext();
  underwriter = await ctx.login('UNDERWRITER');
  await ctx.deps.prisma.staffUser.update({ where: { email: underwriter.email }, data: { firstName: 'Jana', lastName: 'Dvořáková' } });
  viewer = (await ctx.login('VIEWER')).access;
});
afterAll(() => ctx.close());

describe('GET /api/v1/deals/{id}/history/', () => {
  it('merges what staff did (by name), the payments booked and the breaches, newest first', async () => {
    const p = ctx.deps.prisma;
    const deal = await createDeal(p, { state: 'NEW_APPLICATION', contractNumber: null });
    const patched = await ctx.http().patch(`/api/v1/deals/${deal.id}/`).set(bearer(underwriter.access)).send({ note: 'Klient doložil příjmy' });
    expect(patched.status, patched.text).toBe(200);
    await p.auditLog.updateMany({ where: { action: 'deal.update', entityId: String(deal.id) }, data: { createdAt: new Date('2026-03-01T09:00:00Z') } });
    const claimId = await addClaim(p, deal, { type: 'FEE', due: '2026-03-10', amount: '500.00' });
    const paymentId = await pay(p, deal.id, '2026-03-15', [{ claimId, amount: '500.00' }]);
    await p.payment.update({ where: { id: paymentId }, data: { createdAt: new Date('2026-03-15T10:00:00Z'), variableSymbol: '1234567890' } });
    const breach = await p.breach.create({ data: { dealId: deal.id, type: 'NON_PAYING', startedOn: new Date('2026-03-05T00:00:00Z'), endedOn: new Date('2026-03-16T00:00:00Z') } });

    const res = await ctx.http().get(`/api/v1/deals/${deal.id}/history/`).set(bearer(viewer));
    expect(res.status, res.text).toBe(200);
    expect(res.body.count).toBe(4);
    expect(res.body.results.map((e: { key: string; action: string; at: string; actor: unknown }) => [e.key, e.action, e.at, e.actor])).toEqual([
      // 16 March 00:00 in Prague is 15 March 23:00 UTC.
      [`BREACH_END:${breach.id}`, 'breach.end', '2026-03-15T23:00:00.000Z', null],
      [`PAYMENT:${paymentId}`, 'payment.booked', '2026-03-15T10:00:00.000Z', null],
      [`BREACH_START:${breach.id}`, 'breach.start', '2026-03-04T23:00:00.000Z', null],
      [expect.stringMatching(/^AUDIT:\d+$/), 'deal.update', '2026-03-01T09:00:00.000Z', { id: expect.any(Number), name: 'Jana Dvořáková' }],
    ]);
    expect(res.body.results[1].details).toMatchObject({ payment_id: paymentId, direction: 'INCOMING_PAYMENT', amount: '500.00', date: '2026-03-15', variable_symbol: '1234567890' });
    expect(res.body.results[3]).toMatchObject({ entity: 'Deal', entity_id: String(deal.id) });
    expect(res.body.results[0].details).toEqual({ type: 'NON_PAYING', started_on: '2026-03-05', ended_on: '2026-03-16' });

    const second = await ctx.http().get(`/api/v1/deals/${deal.id}/history/?page=2&page_size=3`).set(bearer(viewer));
    expect(second.body.results.map((e: { action: string }) => e.action)).toEqual(['deal.update']);
  });

  it('404 for a deal that does not exist; 400 for a bad page size', async () => {
    expect((await ctx.http().get('/api/v1/deals/2000000000/history/').set(bearer(viewer))).status).toBe(404);
    expect((await ctx.http().get('/api/v1/deals/1/history/?page_size=1000').set(bearer(viewer))).status).toBe(400);
  });
});
