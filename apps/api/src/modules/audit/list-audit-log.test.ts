import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.login('ADMIN')).access;
  await ctx.deps.prisma.auditLog.deleteMany();
  await ctx.deps.prisma.auditLog.createMany({
    data: Array.from({ length: 45 }, (_, i) => ({
      actorType: 'STAFF',
      actorId: String(i % 3),
      action: i % 2 ? 'deal.update' : 'person.create',
      entity: i % 2 ? 'Deal' : 'Person',
      entityId: String(i),
      createdAt: new Date(Date.UTC(2026, 9, 1 + (i % 30), 12)),
    })),
  });
});
afterAll(() => ctx.close());

const get = (query: string) => ctx.http().get(`/api/v1/audit-log/${query}`).set(bearer(admin));

describe('GET /api/v1/audit-log/ (pagination, ordering, filters)', () => {
  it('records the request id and address of a login', async () => {
    const { email } = await ctx.login('UNDERWRITER');
    const res = await ctx.http().post('/api/v1/auth/token/').set('X-Request-Id', 'login-trace-1').send({ email, password: 'Testovaci-heslo-1' });
    expect(res.status).toBe(200);
    const entry = await ctx.deps.prisma.auditLog.findFirstOrThrow({ where: { requestId: 'login-trace-1' } });
    expect(entry).toMatchObject({ action: 'auth.login', actorType: 'STAFF', entity: 'StaffUser' });
    expect(entry.ip).toMatch(/127\.0\.0\.1|::1/);
    await ctx.deps.prisma.auditLog.deleteMany({ where: { action: 'auth.login' } });
  });

  it('pages with count, next and previous', async () => {
    const first = await get('?page_size=20');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(45);
    expect(first.body.results).toHaveLength(20);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toMatch(/\/api\/v1\/audit-log\/\?page_size=20&page=2$/);

    const last = await get('?page_size=20&page=3');
    expect(last.body.results).toHaveLength(5);
    expect(last.body.next).toBeNull();
    expect(last.body.previous).toMatch(/page=2/);

    const second = await get('?page_size=20&page=2');
    expect(second.body.previous).not.toMatch(/page=/);
  });

  it('defaults to 20 per page and caps page_size at 100', async () => {
    expect((await get('')).body.results).toHaveLength(20);
    const tooBig = await get('?page_size=101');
    expect(tooBig.status).toBe(400);
    expect(Object.keys(tooBig.body)).toEqual(['page_size']);
    expect((await get('?page_size=0')).status).toBe(400);
    expect((await get('?page=abc')).status).toBe(400);
  });

  it('answers 404 past the last page', async () => {
    const res = await get('?page=99');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Neplatná stránka.' });
  });

  it('orders by allowed fields and rejects others', async () => {
    const asc = await get('?ordering=created_at&page_size=100');
    const dates = asc.body.results.map((r: { created_at: string }) => r.created_at);
    expect([...dates].sort()).toEqual(dates);
    const desc = await get('?ordering=-created_at&page_size=100');
    expect(desc.body.results[0].created_at >= desc.body.results.at(-1).created_at).toBe(true);
    const bad = await get('?ordering=password_hash');
    expect(bad.status).toBe(400);
    expect(bad.body.ordering[0]).toContain('password_hash');
  });

  it('filters by entity and by date range (YYYY-MM-DD, inclusive)', async () => {
    const deals = await get('?entity=Deal&page_size=100');
    expect(deals.body.count).toBe(22);
    const range = await get('?date_from=2026-10-01&date_to=2026-10-02&page_size=100');
    expect(range.body.results.every((r: { created_at: string }) => r.created_at < '2026-10-03')).toBe(true);
    expect(range.body.count).toBe(4);
    const bad = await get('?date_from=2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.date_from).toEqual(['Neplatné datum.']);
  });
});

describe('GET /api/v1/audit-log/?deal= (a deal\'s history)', () => {
  it('lists the deal\'s own entries and those of its parts, not other deals\'', async () => {
    await ctx.deps.prisma.auditLog.createMany({
      data: [
        { actorType: 'STAFF', actorId: '1', action: 'deal.update', entity: 'Deal', entityId: '9001' },
        { actorType: 'STAFF', actorId: '1', action: 'deal.participant.create', entity: 'DealParticipant', entityId: '77', changes: { deal_id: 9001, role: 'DEBTOR' } },
        { actorType: 'STAFF', actorId: '1', action: 'claim.cancel', entity: 'Claim', entityId: '78', changes: { deal_id: 9001 } },
        { actorType: 'STAFF', actorId: '1', action: 'deal.update', entity: 'Deal', entityId: '9002' },
        { actorType: 'STAFF', actorId: '1', action: 'claim.cancel', entity: 'Claim', entityId: '9001', changes: { deal_id: 9002 } },
      ],
    });
    const res = await get('?deal=9001&ordering=id');
    expect(res.status).toBe(200);
    expect(res.body.results.map((e: { action: string; entity_id: string }) => `${e.action} ${e.entity_id}`)).toEqual(['deal.update 9001', 'deal.participant.create 77', 'claim.cancel 78']);
    expect((await get('?deal=9001&action=claim.cancel')).body.count).toBe(1);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const refused = await get(`?deal=${bad}`);
      expect(refused.status, bad).toBe(400);
      expect(refused.body.deal).toEqual(['Zadejte číslo obchodu.']);
    }
  });
});
