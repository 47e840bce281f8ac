import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { createPerson } from '../../../test/fixtures/screenings.ts';

let ctx: TestContext;
let token: string;
const ids: Record<string, number> = {};
let personId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.login('VIEWER')).access;
  const person = await createPerson(ctx.deps);
  const other = await createPerson(ctx.deps, { firstName: 'Božena', lastName: 'Říhová' });
  personId = person.id;
  const isir = (data: Parameters<typeof ctx.deps.prisma.isirCase.create>[0]['data']) => ctx.deps.prisma.isirCase.create({ data });
  ids.praha = (
    await isir({
      fileMark: 'KSPH 38 INS 12345/2024',
      state: 'DEBT_RELIEF',
      personId: person.id,
      court: 'Krajský soud v Praze',
      debtorName: 'Řehoř Šťastný',
      startedAt: new Date('2024-05-02T00:00:00Z'),
      data: { administrator: 'Mgr. Jana Dvořáková, insolvenční správkyně', events: [{ date: '2024-05-02', description: 'Insolvenční návrh' }] },
      lastCheckedAt: new Date('2026-03-01T08:00:00Z'),
    })
  ).id;
  // The same proceeding as the court writes it elsewhere, concerning a co-debtor.
  ids.prahaSpouse = (await isir({ fileMark: 'ksph 38  ins 12345 / 2024', state: 'PENDING', personId: other.id, debtorName: 'Božena Říhová', startedAt: new Date('2024-04-28T00:00:00Z') })).id;
  ids.brno = (await isir({ fileMark: 'KSBR 27 INS 1234/2025', state: 'BANKRUPTCY_DECLARED', personId: person.id, startedAt: new Date('2025-01-10T00:00:00Z') })).id;
  ids.prahaOther = (await isir({ fileMark: 'KSPH 38 INS 1234/2024', state: 'FINAL', startedAt: new Date('2024-01-01T00:00:00Z') })).id;
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.http().get(url).set(bearer(token));
const search = async (fileMark: string, extra = '') => {
  const res = await get(`/api/v1/isir/?file_mark=${encodeURIComponent(fileMark)}${extra}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { count: number; next: string | null; results: { id: number }[] };
};

describe('GET /isir/', () => {
  it('requires file_mark', async () => {
    for (const query of ['', '?file_mark=', '?file_mark=%20%20', '?ordering=id']) {
      const res = await get(`/api/v1/isir/${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ file_mark: ['Pole je povinné'] });
    }
  });

  it('finds the proceedings of a file mark whatever its case and spacing, and nothing else', async () => {
    const found = await search('KSPH 38 INS 12345/2024');
    expect(found.count).toBe(2);
    expect(found.results.map((r) => r.id)).toEqual([ids.praha, ids.prahaSpouse]);
    expect((await search('ksph38ins 12345/2024')).count).toBe(2);
    expect((await search('  KSPH 38 INS 12345 /2024 ')).count).toBe(2);
    expect((await search('KSBR 27 INS 1234/2025')).results.map((r) => r.id)).toEqual([ids.brno]);
    expect((await search('KSPH 38 INS 1234/2024')).results.map((r) => r.id)).toEqual([ids.prahaOther]);
    expect((await search('KSPH 38 INS 99999/2024')).count).toBe(0);
    expect((await search('KSPH 38 INS')).count).toBe(0);
  });

  it('orders by started_at (newest first by default), file_mark, state, created_at and id', async () => {
    const order = async (ordering: string) => (await search('KSPH 38 INS 12345/2024', `&ordering=${ordering}`)).results.map((r) => r.id);
    expect(await order('started_at')).toEqual([ids.prahaSpouse, ids.praha]);
    expect(await order('-started_at')).toEqual([ids.praha, ids.prahaSpouse]);
    expect(await order('id')).toEqual([ids.praha, ids.prahaSpouse]);
    expect(await order('-id')).toEqual([ids.prahaSpouse, ids.praha]);
    expect(await order('created_at')).toEqual([ids.praha, ids.prahaSpouse]);
    expect(await order('-created_at')).toEqual([ids.prahaSpouse, ids.praha]);
    // Enum order: PENDING before DEBT_RELIEF.
    expect(await order('state')).toEqual([ids.prahaSpouse, ids.praha]);
    expect(await order('-state')).toEqual([ids.praha, ids.prahaSpouse]);
    // The two spellings of one mark sort by the database's collation: one way, then the other.
    const byMark = await order('file_mark');
    expect([...byMark].sort()).toEqual([ids.praha, ids.prahaSpouse].sort());
    expect(await order('-file_mark')).toEqual([...byMark].reverse());
    const bad = await get('/api/v1/isir/?file_mark=KSPH&ordering=court');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(['ordering']);
  });

  it('pages the answer', async () => {
    const first = await search('KSPH 38 INS 12345/2024', '&page_size=1');
    expect(first.results).toHaveLength(1);
    expect(first.next).toContain('page=2');
    expect((await search('KSPH 38 INS 12345/2024', '&page_size=1&page=2')).results).toHaveLength(1);
    expect((await get('/api/v1/isir/?file_mark=KSPH&page=2')).status).toBe(404);
  });

  it('answers 401 without a token', async () => {
    expect((await ctx.http().get('/api/v1/isir/?file_mark=KSPH')).status).toBe(401);
    expect((await ctx.http().get(`/api/v1/isir/${ids.praha}/`)).status).toBe(401);
  });
});

describe('GET /isir/{id}/', () => {
  it('answers the proceeding', async () => {
    const res = await get(`/api/v1/isir/${ids.praha}/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ids.praha,
      file_mark: 'KSPH 38 INS 12345/2024',
      state: 'DEBT_RELIEF',
      state_label: 'Oddlužení',
      person_id: personId,
      court: 'Krajský soud v Praze',
      debtor_name: 'Řehoř Šťastný',
      started_at: '2024-05-02',
      data: { administrator: 'Mgr. Jana Dvořáková, insolvenční správkyně', events: [{ date: '2024-05-02', description: 'Insolvenční návrh' }] },
      last_checked_at: '2026-03-01T08:00:00.000Z',
    });
    expect((await get(`/api/v1/isir/${ids.prahaOther}/`)).body).toMatchObject({ person_id: null, court: null, data: null });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await get('/api/v1/isir/999999/')).body).toEqual({ detail: 'Insolvenční řízení nebylo nalezeno.' });
    expect((await get('/api/v1/isir/abc/')).status).toBe(404);
    expect((await get('/api/v1/isir/0/')).status).toBe(404);
  });
});
