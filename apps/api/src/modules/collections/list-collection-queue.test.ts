import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderingKey } from '@lending/contracts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createStaffActor } from '../../../test/fixtures/actors.ts';
import { addClaim, createDeal } from '../../../test/fixtures/deals.ts';
import type { StaffActor } from '../../domain/actor.ts';
import { today } from '../../domain/dates.ts';
import { listCollectionQueue, orderSql, queueSql, type QueueField, type QueueRow } from './list-collection-queue.ts';

// The queue's page is cut on cheap keys and the overdue amount is summed for the page's deals
// only (list-collection-queue.ts). Differential: every page of every size and ordering equals the
// same page cut from the whole queue sorted in one query (the rule as written before), on a book
// full of ties — equal DPD, equal amounts, broken promises — where a wrong window would show.

let ctx: TestContext;
let actor: StaffActor;

beforeAll(async () => {
  ctx = await createTestContext();
  const p = ctx.deps.prisma;
  actor = await createStaffActor(p, 'COLLECTIONS');
  const dpds = [5, 5, 5, 12, 12, 40, 40, 40, 40, 95, 95, 3, 3, 3, 3, 3, 60, 61, 0];
  for (const [i, dpd] of dpds.entries()) {
    const deal = await createDeal(p, { daysPastDue: dpd, breachTypes: dpd === 0 ? ['UNDELIVERED_PLEDGE_RIGHT'] : dpd > 30 ? ['NON_PAYING'] : [] });
    // Amounts with ties too: 1 000, 2 000 or 3 000 overdue, in two claims.
    await addClaim(p, deal, { due: '2026-01-15', amount: `${(i % 3) * 500 + 500}.00` });
    await addClaim(p, deal, { due: '2026-02-15', amount: `${(i % 3) * 500 + 500}.00` });
    if (i % 4 === 1) {
      await p.promiseToPay.create({
        data: { dealId: deal.id, madeOn: new Date('2026-02-01T00:00:00Z'), promisedOn: new Date('2026-02-08T00:00:00Z'), amount: '500.00', state: 'BROKEN', resolvedOn: new Date('2026-02-08T00:00:00Z'), createdById: actor.staffId },
      });
    }
  }
}, 60_000);
afterAll(() => ctx.close());

async function naive(ordering: OrderingKey<QueueField>[]): Promise<number[]> {
  const rows = await ctx.deps.prisma.$queryRaw<QueueRow[]>`SELECT * FROM (${queueSql(actor, {}, today(ctx.deps))}) q ORDER BY ${orderSql(ordering)}`;
  return rows.map((r) => r.deal);
}

describe('the collections queue pages', () => {
  const orderings: [string, OrderingKey<QueueField>[]][] = [
    ['priority', [{ field: 'priority', direction: 'desc' }]],
    ['-days_past_due', [{ field: 'days_past_due', direction: 'desc' }]],
    ['days_past_due', [{ field: 'days_past_due', direction: 'asc' }]],
    ['-overdue_amount', [{ field: 'overdue_amount', direction: 'desc' }]],
    ['last_contact', [{ field: 'last_contact', direction: 'asc' }]],
    ['-deal', [{ field: 'deal', direction: 'desc' }]],
  ];
  for (const [name, ordering] of orderings) {
    it(`ordered by ${name}: every page of sizes 1 to 7 is the page of the whole queue sorted at once`, async () => {
      const all = await naive(ordering);
      expect(all).toHaveLength(19);
      for (let size = 1; size <= 7; size++) {
        for (let page = 1; (page - 1) * size < all.length; page++) {
          const got = await listCollectionQueue(ctx.deps, actor, { page, page_size: size, ordering });
          expect(got.count).toBe(all.length);
          expect(got.results.map((r) => r.deal), `size ${size}, page ${page}`).toEqual(all.slice((page - 1) * size, page * size));
        }
      }
    });
  }

  it('puts the broken promises first, then the most days past due, then the largest amount', async () => {
    const first = await listCollectionQueue(ctx.deps, actor, { page: 1, page_size: 100, ordering: [{ field: 'priority', direction: 'desc' }] });
    const broken = first.results.filter((r) => r.promise?.state === 'BROKEN').length;
    expect(broken).toBeGreaterThan(0);
    expect(first.results.slice(0, broken).every((r) => r.promise?.state === 'BROKEN')).toBe(true);
    const rest = first.results.slice(broken);
    for (let i = 1; i < rest.length; i++) {
      const [a, b] = [rest[i - 1]!, rest[i]!];
      expect(a.days_past_due > b.days_past_due || (a.days_past_due === b.days_past_due && Number(a.overdue_amount) >= Number(b.overdue_amount))).toBe(true);
    }
  });
});
