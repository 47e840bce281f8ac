import type { Prisma } from '../../generated/prisma/client.ts';
import { REFUND_PURPOSES, replayDealsAllocations } from './replay-deal-allocations.ts';
import { SERVICED_STATES } from './delinquency.ts';

/**
 * The close of business's share of "credit is used as claims fall due" (docs/decisions/0033):
 * every serviced deal that owes a claim due on or before `day` while it holds credit is replayed
 * from the oldest such claim's due date (usually `day` itself; after missed closes the day the
 * claim fell due), whose engine run pays the due claims from the credit on their due dates, as
 * a payment's replay would have. So a deal with credit does not turn overdue. Runs in the close's transaction (which holds
 * the close's lock exclusively; the replay's shared take of it is the same transaction's).
 * Deals are few (those with something due and unpaid), and the credit sum is looked at only for
 * them.
 */
export async function applyDealCredit(tx: Prisma.TransactionClient, day: string): Promise<number> {
  const deals = await tx.$queryRaw<{ id: number; first_due: Date }[]>`
    SELECT d.id, o.first_due FROM deals d
      JOIN LATERAL (SELECT min(c.due_date) AS first_due FROM claims c
                     WHERE c.deal_id = d.id AND c.cancelled_at IS NULL AND c.paid_amount < c.amount AND c.due_date <= ${day}::date) o ON o.first_due IS NOT NULL
     WHERE d.state::text = ANY(${[...SERVICED_STATES]}::text[])
       AND coalesce((SELECT sum(p.amount - coalesce((SELECT sum(a.amount) FROM payment_allocations a WHERE a.payment_id = p.id), 0))
                       FROM payments p
                      WHERE p.deal_id = d.id AND p.direction = 'INCOMING_PAYMENT' AND p.reversal_of_id IS NULL
                        AND NOT EXISTS (SELECT 1 FROM payments r WHERE r.reversal_of_id = p.id)), 0)
         > coalesce((SELECT sum(p.amount) FROM payments p
                      WHERE p.deal_id = d.id AND p.direction = 'OUTGOING_PAYMENT' AND p.purpose_type::text = ANY(${[...REFUND_PURPOSES]}::text[])
                        AND p.reversal_of_id IS NULL AND NOT EXISTS (SELECT 1 FROM payments r WHERE r.reversal_of_id = p.id)), 0)
     ORDER BY d.id`;
  await replayDealsAllocations(
    tx,
    deals.map((d) => ({ dealId: d.id, fromDate: d.first_due.toISOString().slice(0, 10) })),
    day,
  );
  return deals.length;
}
