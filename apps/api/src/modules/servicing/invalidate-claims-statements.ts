import type { Prisma } from '../../generated/prisma/client.ts';

/**
 * Called by the deal's allocation replay (replay-deal-allocations.ts) in its transaction, under
 * the deals' locks: the replay rewrote the allocations of payments dated `fromDate` or later, so
 * every statement as of that day or later may show stale figures. Not yet SAVED ones turn
 * NOT_VALID (staff compute them again); a SAVED one was issued to the debtor and stays SAVED,
 * marked with invalidated_at so staff see it no longer matches the books (docs/decisions/0036).
 * One indexed UPDATE for all the replayed deals; nothing when they have no statement.
 */
export async function invalidateClaimsStatements(tx: Pick<Prisma.TransactionClient, '$executeRaw'>, deals: readonly { dealId: number; fromDate: string }[]): Promise<number> {
  if (!deals.length) return 0;
  return tx.$executeRaw`
    UPDATE claims_statements s
       SET state = CASE WHEN s.state = 'SAVED' THEN s.state ELSE 'NOT_VALID'::"ClaimsStatementState" END, invalidated_at = now(), updated_at = now()
      FROM unnest(${deals.map((d) => d.dealId)}::int[], ${deals.map((d) => d.fromDate)}::date[]) AS t(deal_id, from_date)
     WHERE s.deal_id = t.deal_id AND s.as_of >= t.from_date AND s.invalidated_at IS NULL`;
}
