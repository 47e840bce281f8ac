import type { Prisma } from '../../generated/prisma/client.ts';

/**
 * Called by the deal's allocation replay (replay-deal-allocations.ts) in its transaction, under
 * the deal's lock: the replay rewrote the allocations of payments dated `fromDate` or later, so
 * every statement as of that day or later may show stale figures. Not yet SAVED ones turn
 * NOT_VALID (staff compute them again); a SAVED one was issued to the debtor and stays SAVED,
 * marked with invalidated_at so staff see it no longer matches the books (docs/decisions/0036).
 * One indexed UPDATE; nothing when the deal has no statement.
 */
export async function invalidateClaimsStatements(tx: Pick<Prisma.TransactionClient, '$executeRaw'>, dealId: number, fromDate: string): Promise<number> {
  return tx.$executeRaw`
    UPDATE claims_statements
       SET state = CASE WHEN state = 'SAVED' THEN state ELSE 'NOT_VALID'::"ClaimsStatementState" END, invalidated_at = now(), updated_at = now()
     WHERE deal_id = ${dealId} AND as_of >= ${fromDate}::date AND invalidated_at IS NULL`;
}
