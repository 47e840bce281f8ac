import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { addClaim, createDeal, dayFromToday, payClaim } from '../../../test/fixtures/deals.ts';

// GET /deals/?ordering=outstanding|overdue (issue 22 §3: "Dluží" and "Po splatnosti" could not be
// sorted). Known answers worked out from the claims below.

let ctx: TestContext;
let token: string;
const ids: Record<'a' | 'b' | 'c', number> = { a: 0, b: 0, c: 0 };
beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.login('VIEWER')).access;
  const p = ctx.deps.prisma;
  const external = `sort-${Date.now()}`;
  const yesterday = dayFromToday(-1);
  const nextMonth = dayFromToday(30);
  // a: owes 1 000 (all overdue); b: owes 5 000 (none overdue); c: owes 3 000 (2 000 overdue after 500 paid of 2 500).
  const a = await createDeal(p, { externalId: `${external}-a` });
  await addClaim(p, a, { type: 'FEE', due: yesterday, amount: '1000.00' });
  const b = await createDeal(p, { externalId: `${external}-b` });
  await addClaim(p, b, { type: 'FEE', due: nextMonth, amount: '5000.00' });
  const c = await createDeal(p, { externalId: `${external}-c` });
  const paidPart = await addClaim(p, c, { type: 'FEE', due: yesterday, amount: '2500.00' });
  await payClaim(p, paidPart, '500.00');
  await addClaim(p, c, { type: 'FEE', due: nextMonth, amount: '1000.00' });
  // A cancelled claim counts for nothing.
  await addClaim(p, c, { type: 'FEE', due: yesterday, amount: '99999.00', cancelled: true });
  Object.assign(ids, { a: a.id, b: b.id, c: c.id });
});
afterAll(() => ctx.close());

const order = async (ordering: string) => {
  const res = await ctx.http().get(`/api/v1/deals/?ordering=${ordering}&page_size=100`).set(bearer(token));
  expect(res.status, res.text).toBe(200);
  const mine = new Set(Object.values(ids));
  return (res.body.results as { id: number; outstanding: string; overdue: string }[]).filter((d) => mine.has(d.id)).map((d) => [d.id, d.outstanding, d.overdue]);
};

describe('sorting the deals by what they owe', () => {
  it('by outstanding, either way', async () => {
    expect(await order('-outstanding')).toEqual([
      [ids.b, '5000.00', '0.00'],
      [ids.c, '3000.00', '2000.00'],
      [ids.a, '1000.00', '1000.00'],
    ]);
    expect((await order('outstanding')).map((r) => r[0])).toEqual([ids.a, ids.c, ids.b]);
  });

  it('by overdue, ties broken by the id', async () => {
    expect((await order('-overdue')).map((r) => r[0])).toEqual([ids.c, ids.a, ids.b]);
    expect((await order('overdue,-id')).map((r) => r[0])).toEqual([ids.b, ids.a, ids.c]);
  });
});
