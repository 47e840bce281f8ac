import type { AllocationProfile, BreachType } from '@lending/contracts';
import { Prisma } from '../../generated/prisma/client.ts';
import { CONSUMER_CAP_AFTER_DAYS } from '../close-of-business/delinquency.ts';
import { holdDelinquencyLock, recomputeDelinquency } from '../close-of-business/recompute-delinquency.ts';
import { invalidateClaimsStatements } from '../claims-statements/invalidate-claims-statements.ts';
import { allocate } from './allocate.ts';

// Writes a deal's allocations from a date as the engine answers them (docs/decisions/0033).
// Allocation rows are the one place money meets claims: claims.paid_amount follows them by
// trigger (ADR 0021), so deleting and rewriting rows from a date is how a back-dated,
// reassigned or reversed payment is taken into account. Payments themselves are never deleted.

/** The § 1932 baseline, for a deal whose terms name no profile. */
const DEFAULT_PROFILE: AllocationProfile = 'LOAN_ALLOCATION_PROFILE_V1';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
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
  await holdDelinquencyLock(tx);
  await tx.$queryRaw`SELECT id FROM deals WHERE id = ${dealId} FOR NO KEY UPDATE`;
}

/** Outgoing purposes that give a deal's credit back to the debtor (SERVICING.md §5). */
export const REFUND_PURPOSES = ['OVERPAID_RENT', 'APPLICANT_BANK_ACCOUNT_REFUND'] as const;

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
  await lockDealForAllocation(tx, dealId);
  const [deal] = await tx.$queryRaw<{ profile: AllocationProfile | null }[]>`
    SELECT coalesce(
             (SELECT m.allocation_profile FROM deal_models m WHERE m.deal_id = d.id AND m.state = 'ACTIVE'),
             d.allocation_profile)::text AS profile
      FROM deals d WHERE d.id = ${dealId}`;
  if (!deal) throw new Error(`deal ${dealId} does not exist`);
  const profile = deal.profile ?? DEFAULT_PROFILE;

  const deleted = await tx.$executeRaw`
    DELETE FROM payment_allocations a USING payments p, claims c
     WHERE a.payment_id = p.id AND a.claim_id = c.id AND c.deal_id = ${dealId} AND coalesce(a.allocated_on, p.date) >= ${fromDate}::date`;

  // After the delete, paid_amount is what the kept (earlier) allocations paid.
  const [claims, payments, carried, refunds, penalties, history] = await Promise.all([
    tx.claim.findMany({ where: { dealId, cancelledAt: null }, select: { id: true, type: true, dueDate: true, amount: true, paidAmount: true } }),
    tx.payment.findMany({
      where: { dealId, direction: 'INCOMING_PAYMENT', date: { gte: day(fromDate) }, reversalOfId: null, reversedBy: { is: null } },
      select: { id: true, date: true, amount: true },
    }),
    tx.$queryRaw<{ id: number; date: Date; left: string }[]>`
      SELECT p.id, p.date, (p.amount - coalesce((SELECT sum(a.amount) FROM payment_allocations a WHERE a.payment_id = p.id), 0))::text AS left
        FROM payments p
       WHERE p.deal_id = ${dealId} AND p.direction = 'INCOMING_PAYMENT' AND p.date < ${fromDate}::date AND p.reversal_of_id IS NULL
         AND NOT EXISTS (SELECT 1 FROM payments r WHERE r.reversal_of_id = p.id)`,
    tx.payment.findMany({
      where: { dealId, direction: 'OUTGOING_PAYMENT', purposeType: { in: [...REFUND_PURPOSES] }, reversalOfId: null, reversedBy: { is: null } },
      select: { id: true, date: true, amount: true },
    }),
    // What the close of business's penalty formula needs per penalty claim (delinquency.ts).
    tx.$queryRaw<{ id: number; source_id: number; start_day: Date; capped_from: Date | null; rate: string; capped_rate: string }[]>`
      SELECT e.id, c.id AS source_id, c.due_date + coalesce(s.grace_days, 0) + 1 AS start_day,
             CASE WHEN d.type = 'CONSUMER_LOAN' THEN c.due_date + ${CONSUMER_CAP_AFTER_DAYS + 1}::int END AS capped_from,
             e.rate::text AS rate,
             (CASE WHEN d.type = 'CONSUMER_LOAN' AND coalesce(m.annual_interest_rate, am.annual_interest_rate) < e.rate
                   THEN coalesce(m.annual_interest_rate, am.annual_interest_rate) ELSE e.rate END)::text AS capped_rate
        FROM claims e
        JOIN claims c ON c.id = e.source_claim_id AND c.cancelled_at IS NULL
        JOIN deals d ON d.id = e.deal_id
        LEFT JOIN claims_settings s ON s.deal_id = e.deal_id AND s.type = 'PENALTY_INTEREST'
        LEFT JOIN claims_groups g ON g.id = c.claims_group_id
        LEFT JOIN deal_models m ON m.id = g.deal_model_id
        LEFT JOIN deal_models am ON am.deal_id = e.deal_id AND am.state = 'ACTIVE'
       WHERE e.deal_id = ${dealId} AND e.type = 'PENALTY_INTEREST' AND e.cancelled_at IS NULL AND e.rate IS NOT NULL`,
    // When the kept rows on the sources of penalty interest were placed.
    tx.$queryRaw<{ claim_id: number; paid_on: Date; amount: string }[]>`
      SELECT a.claim_id, coalesce(a.allocated_on, p.date) AS paid_on, a.amount::text AS amount
        FROM payment_allocations a JOIN payments p ON p.id = a.payment_id
       WHERE a.claim_id IN (SELECT source_claim_id FROM claims WHERE deal_id = ${dealId} AND type = 'PENALTY_INTEREST' AND source_claim_id IS NOT NULL)`,
  ]);
  const penaltyOf = new Map(penalties.map((p) => [p.id, p]));
  const historyOf = new Map<number, { date: string; amount: string }[]>();
  for (const h of history) historyOf.set(h.claim_id, [...(historyOf.get(h.claim_id) ?? []), { date: iso(h.paid_on), amount: h.amount }]);
  const result = allocate({
    profile,
    claims: claims.map((c) => {
      const p = penaltyOf.get(c.id);
      return {
        id: c.id,
        type: c.type,
        dueDate: iso(c.dueDate),
        amount: c.amount.toFixed(2),
        paid: c.paidAmount.toFixed(2),
        paidHistory: historyOf.get(c.id),
        penalty: p && { sourceClaimId: p.source_id, startDay: iso(p.start_day), cappedFrom: p.capped_from && iso(p.capped_from), rate: p.rate, cappedRate: p.capped_rate },
      };
    }),
    payments: payments.map((p) => ({ id: p.id, date: iso(p.date), amount: p.amount.toFixed(2) })),
    carried: carried.filter((c) => new Prisma.Decimal(c.left).gt(0)).map((c) => ({ paymentId: c.id, date: iso(c.date), amount: new Prisma.Decimal(c.left).toFixed(2) })),
    refunds: refunds.map((r) => ({ id: r.id, date: iso(r.date), amount: r.amount.toFixed(2) })),
    from: fromDate,
    through: businessDate,
  });
  if (result.allocations.length) {
    const raised = new Map<number, Prisma.Decimal>();
    for (const a of result.allocations) if (penaltyOf.has(a.claimId)) raised.set(a.claimId, (raised.get(a.claimId) ?? new Prisma.Decimal(0)).plus(a.amount));
    for (const [claimId, paidNow] of raised) {
      await tx.$executeRaw`UPDATE claims SET amount = paid_amount + ${paidNow.toFixed(2)}::numeric, updated_at = now() WHERE id = ${claimId} AND amount < paid_amount + ${paidNow.toFixed(2)}::numeric`;
    }
    const dateOf = new Map(payments.map((p) => [p.id, iso(p.date)]));
    await tx.paymentAllocation.createMany({
      data: result.allocations.map((a) => ({
        paymentId: a.paymentId,
        claimId: a.claimId,
        amount: a.amount,
        rule: a.rule,
        allocatedOn: dateOf.get(a.paymentId) === a.date ? null : day(a.date),
      })),
    });
  }
  await invalidateClaimsStatements(tx, dealId, fromDate);
  const delinquency = await recomputeDelinquency(tx, dealId, businessDate);
  return {
    profile,
    deleted,
    created: result.allocations.length,
    credit: await dealCredit(tx, dealId),
    refunded_beyond_credit: result.refundedBeyondCredit,
    ...delinquency,
  };
}

/**
 * A deal's credit (overpayment): its incoming payments that count, less what was allocated of
 * them and the refunds of credit paid out (outgoing OVERPAID_RENT / APPLICANT_BANK_ACCOUNT_REFUND
 * payments of the deal that count). Derived, never stored, so it cannot disagree with the
 * allocations. Never below zero: a refund beyond the credit (possible only when the payment
 * that made the credit was reversed or moved afterwards) is the replay's `refunded_beyond_credit`.
 */
export async function dealCredit(tx: Pick<Prisma.TransactionClient, '$queryRaw'>, dealId: number, asOf: string = '9999-12-31'): Promise<string> {
  // As of a day: payments and refunds dated by then, less what was placed by then (a credit row
  // is placed on its allocated_on day, any other row on its payment's day).
  const [row] = await tx.$queryRaw<{ credit: string }[]>`
    SELECT greatest(0,
             coalesce((SELECT sum(p.amount - coalesce((SELECT sum(a.amount) FROM payment_allocations a
                                                        WHERE a.payment_id = p.id AND coalesce(a.allocated_on, p.date) <= ${asOf}::date), 0))
                         FROM payments p
                        WHERE p.deal_id = ${dealId} AND p.direction = 'INCOMING_PAYMENT' AND p.reversal_of_id IS NULL AND p.date <= ${asOf}::date
                          AND NOT EXISTS (SELECT 1 FROM payments r WHERE r.reversal_of_id = p.id)), 0)
           - coalesce((SELECT sum(p.amount) FROM payments p
                        WHERE p.deal_id = ${dealId} AND p.direction = 'OUTGOING_PAYMENT' AND p.purpose_type::text = ANY(${[...REFUND_PURPOSES]}::text[])
                          AND p.date <= ${asOf}::date
                          AND p.reversal_of_id IS NULL AND NOT EXISTS (SELECT 1 FROM payments r WHERE r.reversal_of_id = p.id)), 0))::text AS credit`;
  return new Prisma.Decimal(row!.credit).toFixed(2);
}
