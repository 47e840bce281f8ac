import type { Prisma } from '../../generated/prisma/client.ts';

type Tx = Pick<Prisma.TransactionClient, '$queryRaw'>;

/**
 * The close of business's verdict on promises to pay (SERVICING.md §6) as of business date `day`:
 * an OPEN promise is KEPT as soon as the deal's incoming payments dated from the day it was made
 * through its date (and by `day`) reach its amount, BROKEN once its date has passed (closed) with
 * less. A payment reversed since counts for nothing, as everywhere else. What was paid is kept on
 * the promise, so the desk shows why.
 */
export async function settlePromisesToPay(tx: Tx, day: string): Promise<{ promises_kept: number; promises_broken: number }> {
  const [r] = await tx.$queryRaw<{ kept: number; broken: number }[]>`
    WITH paid AS (
      SELECT pr.id, pr.amount, pr.promised_on,
             coalesce(sum(p.amount) FILTER (WHERE p.id IS NOT NULL), 0) AS paid
        FROM promises_to_pay pr
        LEFT JOIN payments p ON p.deal_id = pr.deal_id AND p.direction = 'INCOMING_PAYMENT'
             AND p.date BETWEEN pr.made_on AND least(pr.promised_on, ${day}::date)
             AND p.reversal_of_id IS NULL
             AND NOT EXISTS (SELECT 1 FROM payments r WHERE r.reversal_of_id = p.id)
       WHERE pr.state = 'OPEN' AND pr.made_on <= ${day}::date
       GROUP BY pr.id
    ),
    settled AS (
      UPDATE promises_to_pay pr
         SET state = CASE WHEN x.paid >= x.amount THEN 'KEPT' ELSE 'BROKEN' END,
             paid_amount = x.paid, resolved_on = ${day}::date, updated_at = now()
        FROM paid x
       WHERE pr.id = x.id AND (x.paid >= x.amount OR x.promised_on <= ${day}::date)
      RETURNING pr.state
    )
    SELECT count(*) FILTER (WHERE state = 'KEPT')::int AS kept, count(*) FILTER (WHERE state = 'BROKEN')::int AS broken FROM settled`;
  return { promises_kept: r!.kept, promises_broken: r!.broken };
}
