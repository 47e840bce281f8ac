import type { AllocationProfile, BreachType } from '@lending/contracts';
import { Prisma } from '../../generated/prisma/client.ts';
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

/**
 * Re-runs the allocation of deal `dealId` from `fromDate` (YYYY-MM-DD) inside the caller's
 * transaction: removes the allocations on the deal's claims of payments dated on or after it,
 * allocates again every payment of the deal from that date that still counts (incoming, not a
 * reversal, not reversed), then brings DPD, penalty interest and breaches to `businessDate`.
 *
 * `fromDate` must be on or before the date of every payment that changed: a new or back-dated
 * payment's date, for a reassigned one the earlier of its old and new date, for a reversal the
 * reversed payment's date. Allocations before it stay as they were, which equals allocating
 * everything in one pass because the engine takes payments in date order and never revisits one.
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
     WHERE a.payment_id = p.id AND a.claim_id = c.id AND c.deal_id = ${dealId} AND p.date >= ${fromDate}::date`;

  // After the delete, paid_amount is what the kept (earlier) allocations paid.
  const [claims, payments] = await Promise.all([
    tx.claim.findMany({ where: { dealId, cancelledAt: null }, select: { id: true, type: true, dueDate: true, amount: true, paidAmount: true } }),
    tx.payment.findMany({
      where: { dealId, direction: 'INCOMING_PAYMENT', date: { gte: day(fromDate) }, reversalOfId: null, reversedBy: { is: null } },
      select: { id: true, date: true, amount: true },
    }),
  ]);
  const result = allocate({
    profile,
    claims: claims.map((c) => ({ id: c.id, type: c.type, dueDate: iso(c.dueDate), amount: c.amount.toFixed(2), paid: c.paidAmount.toFixed(2) })),
    payments: payments.map((p) => ({ id: p.id, date: iso(p.date), amount: p.amount.toFixed(2) })),
  });
  if (result.allocations.length) {
    await tx.paymentAllocation.createMany({ data: result.allocations.map((a) => ({ paymentId: a.paymentId, claimId: a.claimId, amount: a.amount, rule: a.rule })) });
  }
  await invalidateClaimsStatements(tx, dealId, fromDate);
  const delinquency = await recomputeDelinquency(tx, dealId, businessDate);
  return { profile, deleted, created: result.allocations.length, credit: await dealCredit(tx, dealId), ...delinquency };
}

/**
 * A deal's credit (overpayment): its incoming payments that count, less what was allocated of
 * them. Derived, never stored, so it cannot disagree with the allocations. Refunds of credit
 * (outgoing OVERPAID_RENT / APPLICANT_BANK_ACCOUNT_REFUND payments) are the refund work's to subtract.
 */
export async function dealCredit(tx: Pick<Prisma.TransactionClient, '$queryRaw'>, dealId: number): Promise<string> {
  const [row] = await tx.$queryRaw<{ credit: string }[]>`
    SELECT coalesce(sum(p.amount - coalesce((SELECT sum(a.amount) FROM payment_allocations a WHERE a.payment_id = p.id), 0)), 0)::text AS credit
      FROM payments p
     WHERE p.deal_id = ${dealId} AND p.direction = 'INCOMING_PAYMENT' AND p.reversal_of_id IS NULL
       AND NOT EXISTS (SELECT 1 FROM payments r WHERE r.reversal_of_id = p.id)`;
  return new Prisma.Decimal(row!.credit).toFixed(2);
}
