import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addClaim, createDeal, payClaim } from '../../../test/fixtures/deals.ts';
import { addCostsOfRecovery } from './costs-of-recovery.ts';

// Costs of recovery (NV 351/2013 Sb. § 2; docs/decisions/0048): 1 200 Kč per overdue claim of a
// business loan, once per claim, lowered (never raised) by the deal's setting; none for consumers.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
const p = () => ctx.deps.prisma;
const add = (dealId: number, day = '2026-04-10') => p().$transaction((tx) => addCostsOfRecovery(tx, dealId, day));

async function dealWithOverdue(input: Parameters<typeof createDeal>[1] = {}) {
  const deal = await createDeal(p(), input);
  const first = await addClaim(p(), deal, { due: '2026-03-01', amount: '3000.00' });
  const second = await addClaim(p(), deal, { due: '2026-04-01', amount: '3000.00' });
  await addClaim(p(), deal, { due: '2026-05-01', amount: '3000.00' }); // not due on 10 April
  return { deal, first, second };
}

describe('costs of recovery', () => {
  it('charge 1 200 Kč for each overdue claim of a business loan, once per claim ever', async () => {
    const { deal, first, second } = await dealWithOverdue();
    expect((await add(deal.id)).map((c) => c.amount)).toEqual(['1200.00', '1200.00']);
    const claims = await p().claim.findMany({ where: { dealId: deal.id, type: 'COST_OF_RECOVERY' }, orderBy: { id: 'asc' } });
    expect(claims.map((c) => [c.sourceClaimId, c.dueDate.toISOString().slice(0, 10)])).toEqual([
      [first, '2026-04-10'],
      [second, '2026-04-10'],
    ]);
    // A later reminder of the same delay charges nothing again.
    expect(await add(deal.id, '2026-04-20')).toEqual([]);
  });

  it('skip claims paid in full and consumer loans', async () => {
    const { deal, first } = await dealWithOverdue();
    await payClaim(p(), first, '3000.00', '2026-03-05');
    expect((await add(deal.id)).length).toBe(1);
    const { deal: consumer } = await dealWithOverdue({ type: 'CONSUMER_LOAN' });
    expect(await add(consumer.id)).toEqual([]);
  });

  it("follow the deal's setting: off charges nothing, a lower amount lowers it, a higher one never raises it", async () => {
    const off = (await dealWithOverdue()).deal;
    await p().claimsSetting.create({ data: { dealId: off.id, type: 'COST_OF_RECOVERY', isEnabled: false } });
    expect(await add(off.id)).toEqual([]);
    const lower = (await dealWithOverdue()).deal;
    await p().claimsSetting.create({ data: { dealId: lower.id, type: 'COST_OF_RECOVERY', amount: '500.00' } });
    expect((await add(lower.id)).map((c) => c.amount)).toEqual(['500.00', '500.00']);
    const higher = (await dealWithOverdue()).deal;
    await p().claimsSetting.create({ data: { dealId: higher.id, type: 'COST_OF_RECOVERY', amount: '5000.00' } });
    expect((await add(higher.id)).map((c) => c.amount)).toEqual(['1200.00', '1200.00']);
  });
});
