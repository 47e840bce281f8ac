import type { BreachType } from '@lending/contracts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { bringDealsToDate, holdDelinquencyLock } from './delinquency.ts';

/**
 * Brings one deal to `businessDate` at once, as the close of business would: its penalty
 * interest, days past due, NON_PAYING and UNDELIVERED_* breaches and `breach_types`. For the
 * payments work, after allocating (or reversing) payments of the deal: call it in the same
 * transaction, with today's business date (`businessDateOf(deps.now())`), and call
 * `holdDelinquencyLock(tx)` before the transaction's first write — it waits while a close of
 * business runs (the close then sees the allocations committed, or they see its results), where
 * taking the lock only here, after writing claims, could deadlock with the close.
 */
export async function recomputeDelinquency(
  tx: Prisma.TransactionClient,
  dealId: number,
  businessDate: string,
): Promise<{ days_past_due: number; breach_types: BreachType[] }> {
  await holdDelinquencyLock(tx);
  await bringDealsToDate(tx, businessDate, { dealIds: [dealId] });
  const deal = await tx.deal.findUniqueOrThrow({ where: { id: dealId }, select: { daysPastDue: true, breachTypes: true } });
  return { days_past_due: deal.daysPastDue, breach_types: deal.breachTypes };
}
