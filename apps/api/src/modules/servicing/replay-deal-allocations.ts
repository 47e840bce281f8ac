import type { AllocationProfile, BreachType, ClaimType } from '@lending/contracts';
import { Prisma } from '../../generated/prisma/client.ts';
import { bringDealsToDate, holdDelinquencyLock, PENALTY_TERMS } from './delinquency.ts';
import { invalidateClaimsStatements } from './invalidate-claims-statements.ts';
import { allocate, type AllocationResult, type AllocationRow } from './allocate.ts';

// Writes a deal's allocations from a date as the engine answers them (docs/decisions/0033).
// Allocation rows are the one place money meets claims: claims.paid_amount follows them by
// trigger (ADR 0021), so deleting and rewriting rows from a date is how a back-dated,
// reassigned or reversed payment is taken into account. Payments themselves are never deleted.

/** The § 1932 baseline, for a deal whose terms name no profile. */
const DEFAULT_PROFILE: AllocationProfile = 'LOAN_ALLOCATION_PROFILE_V1';

const iso = (date: Date) => date.toISOString().slice(0, 10);

export interface ReplayResult {
  profile: AllocationProfile;
  deleted: number;
  created: number;
  /** The deal's credit after the replay: what its counting payments brought beyond their allocations. */
  credit: string;
  /** Refunds that took more than the credit there was on their day (booked anyway): which, and by how much. */
  refunded_beyond_credit: { refundId: number; amount: string }[];
  days_past_due: number;
  breach_types: BreachType[];
}

/**
 * The locks of a deal's allocation, for the rest of the transaction: the close of business's
 * shared lock, then the deal row. Call it before the transaction's first write (booking the
 * payment); replayDealAllocations takes it again, harmlessly. The row lock is FOR NO KEY
 * UPDATE: it queues allocations of one deal behind each other but not behind a transaction
 * that merely inserted a payment of the deal (whose foreign key holds KEY SHARE on the row),
 * which FOR UPDATE would turn into a deadlock between two such transactions.
 */
export async function lockDealForAllocation(tx: Pick<Prisma.TransactionClient, '$queryRaw' | '$executeRaw'>, dealId: number): Promise<void> {
  await lockDealsForAllocation(tx, [dealId]);
}

/** lockDealForAllocation for many deals at once, in id order (as every multi-deal writer locks, so two never deadlock). */
export async function lockDealsForAllocation(tx: Pick<Prisma.TransactionClient, '$queryRaw' | '$executeRaw'>, dealIds: readonly number[]): Promise<void> {
  await holdDelinquencyLock(tx);
  if (dealIds.length) await tx.$queryRaw`SELECT id FROM deals WHERE id = ANY(${[...dealIds]}::int[]) ORDER BY id FOR NO KEY UPDATE`;
}

/** Outgoing purposes that give a deal's credit back to the debtor (SERVICING.md §5). */
export const REFUND_PURPOSES = ['OVERPAID_RENT', 'APPLICANT_BANK_ACCOUNT_REFUND'] as const;

/** A deal to replay and the day its replay starts (see replayDealAllocations). */
export interface ReplayTarget {
  dealId: number;
  /** YYYY-MM-DD */
  fromDate: string;
}

/**
 * Re-runs the allocation of deal `dealId` from `fromDate` (YYYY-MM-DD) inside the caller's
 * transaction: removes the allocations on the deal's claims placed on or after it (a payment's
 * own rows on its date, credit used on a later day on that day), allocates again every payment
 * of the deal from that date that still counts (incoming, not a reversal, not reversed) on top
 * of the credit earlier payments still carry, uses credit on the claims falling due up to
 * `businessDate`, takes refunds out of the credit, then brings DPD, penalty interest and
 * breaches to `businessDate`.
 *
 * `fromDate` must be on or before the date of every payment that changed: a new or back-dated
 * payment's date, for a reassigned one the earlier of its old and new date, for a reversal the
 * reversed payment's date. Allocations before it stay as they were, which equals allocating
 * everything in one pass because the engine walks the days in order and never revisits one.
 *
 * Penalty interest is owed on a day only as accrued through it (docs/decisions/0033): a
 * penalty claim's stored amount is the last close's accrual, so before the rows are written a
 * claim the run paid beyond it is raised to what was paid (the recompute below then sets it to
 * the accrual through the business date, never below that).
 *
 * Concurrent replays of one deal queue on the deal's row lock (lockDealForAllocation).
 */
export async function replayDealAllocations(tx: Prisma.TransactionClient, dealId: number, fromDate: string, businessDate: string): Promise<ReplayResult> {
  return (await replayDealsAllocations(tx, [{ dealId, fromDate }], businessDate)).get(dealId)!;
}

/**
 * replayDealAllocations for many deals in one go (docs/decisions/0038): the same rows and
 * figures as replaying them one by one — a deal's replay reads and writes only its own claims,
 * payments and breaches — in a fixed number of statements whatever the number of deals (one
 * delete, one read of each kind, the engine per deal in memory, one insert, one recompute of
 * DPD, penalty interest and breaches for the set). A deal listed twice is replayed once, from
 * the earlier date. Locks the deals in id order first.
 */
export async function replayDealsAllocations(tx: Prisma.TransactionClient, targets: readonly ReplayTarget[], businessDate: string): Promise<Map<number, ReplayResult>> {
  const fromOf = new Map<number, string>();
  for (const t of targets) {
    const known = fromOf.get(t.dealId);
    if (known === undefined || t.fromDate < known) fromOf.set(t.dealId, t.fromDate);
  }
  const dealIds = [...fromOf.keys()].sort((a, b) => a - b);
  const results = new Map<number, ReplayResult>();
  if (!dealIds.length) return results;
  const froms = dealIds.map((id) => fromOf.get(id)!);
  const scope = Prisma.sql`unnest(${dealIds}::int[], ${froms}::date[]) AS t(deal_id, from_date)`;

  await lockDealsForAllocation(tx, dealIds);
  const profileRows = await tx.$queryRaw<{ id: number; profile: AllocationProfile | null }[]>`
    SELECT d.id, coalesce(
             (SELECT m.allocation_profile FROM deal_models m WHERE m.deal_id = d.id AND m.state = 'ACTIVE'),
             d.allocation_profile)::text AS profile
      FROM deals d WHERE d.id = ANY(${dealIds}::int[])`;
  const profileOf = new Map(profileRows.map((r) => [r.id, r.profile ?? DEFAULT_PROFILE]));
  const missing = dealIds.find((id) => !profileOf.has(id));
  if (missing !== undefined) throw new Error(`deal ${missing} does not exist`);

  const deletedRows = await tx.$queryRaw<{ deal_id: number; n: number }[]>`
    WITH deleted AS (
      DELETE FROM payment_allocations a USING payments p, claims c, ${scope}
       WHERE a.payment_id = p.id AND a.claim_id = c.id AND c.deal_id = t.deal_id AND coalesce(a.allocated_on, p.date) >= t.from_date
      RETURNING c.deal_id)
    SELECT deal_id, count(*)::int AS n FROM deleted GROUP BY deal_id`;

  // After the delete, paid_amount is what the kept (earlier) allocations paid.
  const claims = await tx.$queryRaw<{ id: number; deal_id: number; type: ClaimType; due_date: Date; amount: string; paid: string }[]>`
    SELECT id, deal_id, type::text AS type, due_date, amount::text AS amount, paid_amount::text AS paid
      FROM claims WHERE deal_id = ANY(${dealIds}::int[]) AND cancelled_at IS NULL ORDER BY id`;
  // Incoming payments that count: from the replay's day (to allocate), before it (the credit they still carry).
  const payments = await tx.$queryRaw<{ id: number; deal_id: number; date: Date; amount: string; later: boolean }[]>`
    SELECT p.id, p.deal_id, p.date, p.date >= t.from_date AS later,
           (CASE WHEN p.date >= t.from_date THEN p.amount
                 ELSE p.amount - coalesce((SELECT sum(a.amount) FROM payment_allocations a WHERE a.payment_id = p.id), 0) END)::text AS amount
      FROM payments p JOIN ${scope} ON p.deal_id = t.deal_id
     WHERE p.direction = 'INCOMING_PAYMENT' AND p.reversal_of_id IS NULL
       AND NOT EXISTS (SELECT 1 FROM payments r WHERE r.reversal_of_id = p.id)
     ORDER BY p.id`;
  const refunds = await tx.$queryRaw<{ id: number; deal_id: number; date: Date; amount: string }[]>`
    SELECT p.id, p.deal_id, p.date, p.amount::text AS amount
      FROM payments p
     WHERE p.deal_id = ANY(${dealIds}::int[]) AND p.direction = 'OUTGOING_PAYMENT' AND p.purpose_type::text = ANY(${[...REFUND_PURPOSES]}::text[])
       AND p.reversal_of_id IS NULL AND NOT EXISTS (SELECT 1 FROM payments r WHERE r.reversal_of_id = p.id)
     ORDER BY p.id`;
  // The terms of each penalty claim's accrual: the close of business's own (PENALTY_TERMS).
  const penalties = await penaltyTermsOf(tx, dealIds);
  // When the kept rows on the sources of penalty interest were placed.
  const history = await tx.$queryRaw<{ claim_id: number; paid_on: Date; amount: string }[]>`
    SELECT a.claim_id, coalesce(a.allocated_on, p.date) AS paid_on, a.amount::text AS amount
      FROM payment_allocations a JOIN payments p ON p.id = a.payment_id
     WHERE a.claim_id IN (SELECT source_claim_id FROM claims
                           WHERE deal_id = ANY(${dealIds}::int[]) AND type = 'PENALTY_INTEREST' AND source_claim_id IS NOT NULL)
     ORDER BY a.id`;

  const penaltyOf = new Map(penalties.map((p) => [p.id, p]));
  const historyOf = groupBy(history, (h) => h.claim_id);
  const claimsOf = groupBy(claims, (c) => c.deal_id);
  const paymentsOf = groupBy(payments, (p) => p.deal_id);
  const refundsOf = groupBy(refunds, (r) => r.deal_id);
  const dateOf = new Map(payments.map((p) => [p.id, iso(p.date)]));
  const rows: (AllocationRow & { allocatedOn: string | null })[] = [];
  const raised = new Map<number, Prisma.Decimal>();
  const engine = new Map<number, AllocationResult>();
  for (const dealId of dealIds) {
    const own = paymentsOf.get(dealId) ?? [];
    const result = allocate({
      profile: profileOf.get(dealId)!,
      claims: (claimsOf.get(dealId) ?? []).map((c) => {
        const p = penaltyOf.get(c.id);
        return {
          id: c.id,
          type: c.type,
          dueDate: iso(c.due_date),
          amount: c.amount,
          paid: c.paid,
          paidHistory: historyOf.get(c.id)?.map((h) => ({ date: iso(h.paid_on), amount: h.amount })),
          penalty: p && { sourceClaimId: p.source_id, startDay: iso(p.start_day), cappedFrom: p.capped_from && iso(p.capped_from), rate: p.rate, cappedRate: p.capped_rate },
        };
      }),
      payments: own.filter((p) => p.later).map((p) => ({ id: p.id, date: iso(p.date), amount: p.amount })),
      carried: own.filter((p) => !p.later && new Prisma.Decimal(p.amount).gt(0)).map((p) => ({ paymentId: p.id, date: iso(p.date), amount: p.amount })),
      refunds: (refundsOf.get(dealId) ?? []).map((r) => ({ id: r.id, date: iso(r.date), amount: r.amount })),
      from: fromOf.get(dealId)!,
      through: businessDate,
    });
    engine.set(dealId, result);
    for (const a of result.allocations) {
      rows.push({ ...a, allocatedOn: dateOf.get(a.paymentId) === a.date ? null : a.date });
      if (penaltyOf.has(a.claimId)) raised.set(a.claimId, (raised.get(a.claimId) ?? new Prisma.Decimal(0)).plus(a.amount));
    }
  }
  if (raised.size) {
    await tx.$executeRaw`
      UPDATE claims c SET amount = c.paid_amount + r.paid_now, updated_at = now()
        FROM unnest(${[...raised.keys()]}::int[], ${[...raised.values()].map((v) => v.toFixed(2))}::numeric[]) AS r(id, paid_now)
       WHERE c.id = r.id AND c.amount < c.paid_amount + r.paid_now`;
  }
  if (rows.length) {
    await tx.$executeRaw`
      INSERT INTO payment_allocations (payment_id, claim_id, amount, rule, allocated_on, updated_at)
      SELECT *, now() FROM unnest(${rows.map((r) => r.paymentId)}::int[], ${rows.map((r) => r.claimId)}::int[], ${rows.map((r) => r.amount)}::numeric[],
                           ${rows.map((r) => r.rule)}::text[], ${rows.map((r) => r.allocatedOn)}::date[])`;
  }
  await invalidateClaimsStatements(tx, [...fromOf].map(([id, from]) => ({ dealId: id, fromDate: from })));
  await bringDealsToDate(tx, businessDate, { dealIds });
  const [after, credits] = await Promise.all([
    tx.$queryRaw<{ id: number; days_past_due: number; breach_types: BreachType[] }[]>`
      SELECT id, days_past_due, breach_types::text[] AS breach_types FROM deals WHERE id = ANY(${dealIds}::int[]) ORDER BY id`,
    dealCredits(tx, dealIds),
  ]);
  const deletedOf = new Map(deletedRows.map((r) => [r.deal_id, r.n]));
  for (const d of after) {
    const result = engine.get(d.id)!;
    results.set(d.id, {
      profile: profileOf.get(d.id)!,
      deleted: deletedOf.get(d.id) ?? 0,
      created: result.allocations.length,
      credit: credits.get(d.id)!,
      refunded_beyond_credit: result.refundedBeyondCredit,
      days_past_due: d.days_past_due,
      breach_types: d.breach_types,
    });
  }
  return results;
}

/** A penalty-interest claim of the deals and the terms of its accrual (delinquency.ts PENALTY_TERMS). */
export interface PenaltyTermsRow {
  id: number;
  source_id: number;
  start_day: Date;
  capped_from: Date | null;
  rate: string;
  capped_rate: string;
}

/** The live penalty-interest claims of `dealIds` whose terms are known (a repo rate exists), with those terms. */
export async function penaltyTermsOf(tx: Pick<Prisma.TransactionClient, '$queryRaw'>, dealIds: readonly number[]): Promise<PenaltyTermsRow[]> {
  return tx.$queryRaw<PenaltyTermsRow[]>`
    SELECT e.id, t.source_id, t.start_day, t.capped_from, t.rate::text AS rate, t.capped_rate::text AS capped_rate
      FROM claims e
      JOIN LATERAL (
        SELECT c.id AS source_id, ${PENALTY_TERMS.columns}
          FROM claims c JOIN deals d ON d.id = c.deal_id
          ${PENALTY_TERMS.joins}
         WHERE c.id = e.source_claim_id AND c.cancelled_at IS NULL) t ON true
     WHERE e.deal_id = ANY(${[...dealIds]}::int[]) AND e.type = 'PENALTY_INTEREST' AND e.cancelled_at IS NULL AND t.rate IS NOT NULL`;
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * A deal's credit (overpayment): its incoming payments that count, less what was allocated of
 * them and the refunds of credit paid out (outgoing OVERPAID_RENT / APPLICANT_BANK_ACCOUNT_REFUND
 * payments of the deal that count). Derived, never stored, so it cannot disagree with the
 * allocations. Never below zero: a refund beyond the credit (possible only when the payment
 * that made the credit was reversed or moved afterwards) is the replay's `refunded_beyond_credit`.
 */
export async function dealCredit(tx: Pick<Prisma.TransactionClient, '$queryRaw'>, dealId: number, asOf: string = '9999-12-31'): Promise<string> {
  return (await dealCredits(tx, [dealId], asOf)).get(dealId)!;
}

/** dealCredit of many deals in one statement: deal id → credit (decimal string, two places). */
export async function dealCredits(tx: Pick<Prisma.TransactionClient, '$queryRaw'>, dealIds: readonly number[], asOf: string = '9999-12-31'): Promise<Map<number, string>> {
  // As of a day: payments and refunds dated by then, less what was placed by then (a credit row
  // is placed on its allocated_on day, any other row on its payment's day).
  const rows = await tx.$queryRaw<{ id: number; credit: string }[]>`
    SELECT t.id, greatest(0,
             coalesce((SELECT sum(p.amount - coalesce((SELECT sum(a.amount) FROM payment_allocations a
                                                        WHERE a.payment_id = p.id AND coalesce(a.allocated_on, p.date) <= ${asOf}::date), 0))
                         FROM payments p
                        WHERE p.deal_id = t.id AND p.direction = 'INCOMING_PAYMENT' AND p.reversal_of_id IS NULL AND p.date <= ${asOf}::date
                          AND NOT EXISTS (SELECT 1 FROM payments r WHERE r.reversal_of_id = p.id)), 0)
           - coalesce((SELECT sum(p.amount) FROM payments p
                        WHERE p.deal_id = t.id AND p.direction = 'OUTGOING_PAYMENT' AND p.purpose_type::text = ANY(${[...REFUND_PURPOSES]}::text[])
                          AND p.date <= ${asOf}::date
                          AND p.reversal_of_id IS NULL AND NOT EXISTS (SELECT 1 FROM payments r WHERE r.reversal_of_id = p.id)), 0))::text AS credit
      FROM unnest(${[...dealIds]}::int[]) AS t(id)`;
  return new Map(rows.map((r) => [r.id, new Prisma.Decimal(r.credit).toFixed(2)]));
}
