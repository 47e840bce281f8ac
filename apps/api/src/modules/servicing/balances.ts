import { Decimal } from 'decimal.js';
import type { ClaimType } from '@lending/contracts';
import { Prisma } from '../../generated/prisma/client.ts';
import { dayNumber, dbDate } from '../../domain/dates.ts';

type Db = Pick<Prisma.TransactionClient, '$queryRaw'>;

// What other modules read of a deal's claims (the deals list, the close of business, claims
// statements, payments): one place that says what "owed" and "overdue" mean. Live claims only:
// a cancelled claim is owed no more. A claim due on a day is overdue from the next day.

export interface DealBalance {
  dealId: number;
  /** Everything still owed on live claims, due or not. */
  outstanding: Decimal;
  /** Owed on live claims due before `asOf`. */
  overdue: Decimal;
  /** The oldest due date with something unpaid before `asOf`, `YYYY-MM-DD`, or null. */
  oldestOverdueDueDate: string | null;
  /** Days from that due date to `asOf` (0 when nothing is overdue). */
  daysPastDue: number;
}

/**
 * Outstanding, overdue and days past due of deals on `asOf` (a Prague calendar day), in one
 * statement for any number of deals (`dealIds` null: every deal with a claim). Deals without a
 * live claim are absent from the map. Reads claims.paid_amount, which the allocation trigger keeps.
 */
export async function dealBalances(db: Db, dealIds: readonly number[] | null, asOf: string): Promise<Map<number, DealBalance>> {
  const day = dbDate(asOf);
  const rows = await db.$queryRaw<{ deal_id: number; outstanding: string; overdue: string | null; oldest: Date | null }[]>`
    SELECT deal_id,
           sum(amount - paid_amount)::text AS outstanding,
           sum(amount - paid_amount) FILTER (WHERE due_date < ${day}::date)::text AS overdue,
           min(due_date) FILTER (WHERE due_date < ${day}::date AND paid_amount < amount) AS oldest
    FROM claims
    WHERE cancelled_at IS NULL ${dealIds ? Prisma.sql`AND deal_id = ANY(${[...dealIds]}::int[])` : Prisma.empty}
    GROUP BY deal_id`;
  const today = dayNumber(asOf);
  return new Map(
    rows.map((r) => {
      const oldest = r.oldest ? r.oldest.toISOString().slice(0, 10) : null;
      return [
        r.deal_id,
        { dealId: r.deal_id, outstanding: new Decimal(r.outstanding), overdue: new Decimal(r.overdue ?? 0), oldestOverdueDueDate: oldest, daysPastDue: oldest ? today - dayNumber(oldest) : 0 },
      ];
    }),
  );
}

export interface ClaimAsOf {
  id: number;
  claimsGroupId: number | null;
  type: ClaimType;
  dueDate: string;
  amount: Decimal;
  /** Paid by payments dated on or before `asOf`. */
  paidAsOf: Decimal;
  outstandingAsOf: Decimal;
  sourceClaimId: number | null;
}

/**
 * The deal's claims as of the end of `asOf` (Prague): not cancelled by then (a restructuring or
 * a cancellation after the day leaves the claim in), due on or before `asOf` unless
 * `includeNotDue`, paid by the allocations of payments dated on or before it. A claim generated
 * later for an earlier due date (a back-dated activation) is in: the contract owed it then.
 * Ordered by due date: what a claims statement as of a day lists.
 */
export async function dealClaimsAsOf(db: Db, dealId: number, asOf: string, options: { includeNotDue?: boolean } = {}): Promise<ClaimAsOf[]> {
  const day = dbDate(asOf);
  const rows = await db.$queryRaw<
    { id: number; claims_group_id: number | null; type: ClaimType; due_date: Date; amount: string; paid: string; source_claim_id: number | null }[]
  >`
    WITH day_end AS (SELECT ((${day}::date + 1)::timestamp AT TIME ZONE 'Europe/Prague') AS at)
    SELECT c.id, c.claims_group_id, c.type, c.due_date, c.amount::text AS amount, c.source_claim_id,
           COALESCE((SELECT sum(a.amount) FROM payment_allocations a JOIN payments p ON p.id = a.payment_id
                     WHERE a.claim_id = c.id AND coalesce(a.allocated_on, p.date) <= ${day}::date), 0)::text AS paid
    FROM claims c, day_end
    WHERE c.deal_id = ${dealId} AND (c.cancelled_at IS NULL OR c.cancelled_at >= day_end.at)
      ${options.includeNotDue ? Prisma.empty : Prisma.sql`AND c.due_date <= ${day}::date`}
    ORDER BY c.due_date, c.id`;
  return rows.map((r) => {
    const amount = new Decimal(r.amount);
    const paid = new Decimal(r.paid);
    return {
      id: r.id,
      claimsGroupId: r.claims_group_id,
      type: r.type,
      dueDate: r.due_date.toISOString().slice(0, 10),
      amount,
      paidAsOf: paid,
      outstandingAsOf: amount.minus(paid),
      sourceClaimId: r.source_claim_id,
    };
  });
}
