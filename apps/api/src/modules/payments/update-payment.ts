import { outgoingPaymentMessages, paymentMessages, type BulkAssignDealsRequest, type Payment, type PaymentPatchRequest, type PaymentUpdateRequest } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { PaymentPurposeType, Prisma } from '../../generated/prisma/client.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { holdDelinquencyLock } from '../servicing/index.ts';
import { businessDateOf } from '../../domain/dates.ts';
import { loadPayment, loadPayments, type Actor } from './payment-view.ts';
import { payOutByPurposeType } from '../purposes/payout.ts';
import { REFUND_PURPOSES, lockDealsForAllocation, replayDealAllocations, replayDealsAllocations } from '../servicing/index.ts';

// Staff changes of a payment: its category, purpose type and note, and above all its deal.
// Moving a payment between deals replays both deals from the payment's date in the same
// transaction. Locks, always in this order so two such writes cannot deadlock: the close of
// business's shared lock, the payment rows (by id), then the deals (by id).

type Tx = Prisma.TransactionClient;
interface LockedPayment {
  id: number;
  deal_id: number | null;
  date: Date;
  reversal_of_id: number | null;
}
const iso = (d: Date) => d.toISOString().slice(0, 10);

async function lockPayments(tx: Tx, ids: readonly number[]): Promise<LockedPayment[]> {
  await holdDelinquencyLock(tx);
  return tx.$queryRaw<LockedPayment[]>`
    SELECT id, deal_id, date, reversal_of_id FROM payments WHERE id = ANY(${[...ids]}::int[]) ORDER BY id FOR NO KEY UPDATE`;
}

async function requireDealExists(tx: Tx, dealId: number | null): Promise<void> {
  if (dealId !== null && !(await tx.deal.findUnique({ where: { id: dealId }, select: { id: true } }))) throw badRequest({ deal: [paymentMessages.dealNotFound] });
}

/**
 * Re-pairs `moved` payments to `dealId`: locks every deal touched in id order, moves the
 * payments (and their reversal entries, which follow the payment they take back), then replays
 * each deal from the earliest date of a payment that left or joined it. Refused (409, the
 * caller's transaction rolls back) when a refund would then exceed its deal's credit.
 */
async function moveToDeal(tx: Tx, moved: readonly LockedPayment[], dealId: number | null, businessDate: string): Promise<void> {
  if (!moved.length) return;
  const from = new Map<number, string>();
  for (const p of moved) {
    for (const d of [p.deal_id, dealId]) {
      if (d === null) continue;
      const date = iso(p.date);
      const known = from.get(d);
      if (!known || date < known) from.set(d, date);
    }
  }
  await lockDealsForAllocation(tx, [...from.keys()]);
  const ids = moved.map((p) => p.id);
  await tx.payment.updateMany({ where: { OR: [{ id: { in: ids } }, { reversalOfId: { in: ids } }] }, data: { dealId } });
  const results = await replayDealsAllocations(
    tx,
    [...from].map(([d, fromDate]) => ({ dealId: d, fromDate })),
    businessDate,
  );
  // A refund must not take more than the credit there was on its day (as settleOutgoing): not a
  // refund moved to a deal, nor one left behind on a deal whose payment moved away.
  const movedIds = new Set(moved.map((p) => p.id));
  const left = new Set(moved.flatMap((p) => (p.deal_id === null ? [] : [p.deal_id])));
  for (const [d, result] of results) {
    const beyond = result.refunded_beyond_credit.find((b) => movedIds.has(b.refundId) || left.has(d));
    if (!beyond) continue;
    const refund = await tx.payment.findUniqueOrThrow({ where: { id: beyond.refundId }, select: { amount: true } });
    throw conflict(outgoingPaymentMessages.refundBeyondCredit(refund.amount.minus(beyond.amount).toFixed(2)));
  }
}

const isRefund = (type: PaymentPurposeType | null) => type !== null && (REFUND_PURPOSES as readonly string[]).includes(type);

/**
 * An outgoing payment staff typed or moved (docs/decisions/0033): a refund of overpayment takes
 * its deal's credit on its date — the deal is replayed, and a refund beyond the credit there was
 * then is refused (409, the transaction rolls back); another purpose type pays out the deal's
 * matching drawing. Replaying a deal whose refunds did not change is harmless (same rows).
 */
async function settleOutgoing(tx: Tx, id: number, p: { dealId: number | null; purposeType: PaymentPurposeType | null; date: Date; amount: Prisma.Decimal }, businessDate: string) {
  if (p.dealId === null) return;
  if (!isRefund(p.purposeType)) {
    await replayDealAllocations(tx, p.dealId, iso(p.date), businessDate);
    await payOutByPurposeType(tx, id);
    return;
  }
  const result = await replayDealAllocations(tx, p.dealId, iso(p.date), businessDate);
  const beyond = result.refunded_beyond_credit.find((r) => r.refundId === id);
  if (beyond) throw conflict(outgoingPaymentMessages.refundBeyondCredit(p.amount.minus(beyond.amount).toFixed(2)));
}

/** PUT (`partial: false`: fields left out are cleared, the deal too) and PATCH of /payments/{id}/. */
export async function updatePayment(
  deps: Pick<Deps, 'prisma' | 'now'>,
  actor: Actor,
  id: number,
  input: PaymentUpdateRequest | PaymentPatchRequest,
  options: { partial: boolean },
): Promise<Payment> {
  const value = <T>(v: T | undefined): T | null | undefined => (v === undefined ? (options.partial ? undefined : null) : v);
  const businessDate = businessDateOf(deps.now());
  return deps.prisma.$transaction(
    async (tx) => {
      const [current] = await lockPayments(tx, [id]);
      if (!current) throw notFound(paymentMessages.notFound);
      const dealId = value(input.deal);
      if (dealId !== undefined && dealId !== current.deal_id) {
        if (current.reversal_of_id !== null) throw conflict(paymentMessages.reversalEntry);
        await requireDealExists(tx, dealId);
        await moveToDeal(tx, [current], dealId, businessDate);
      }
      const updated = await tx.payment.update({
        where: { id },
        data: { category: input.category, purposeType: value(input.purpose_type), note: value(input.note) },
        select: { direction: true, dealId: true, purposeType: true, date: true, amount: true },
      });
      if (updated.direction === 'OUTGOING_PAYMENT') await settleOutgoing(tx, id, updated, businessDate);
      await recordStaffAudit(tx, actor, {
        action: 'payment.update',
        entity: 'Payment',
        entityId: id,
        changes: { ...input, ...(dealId !== undefined ? { deal: dealId, previous_deal: current.deal_id } : {}) },
      });
      return loadPayment(tx, id);
    },
    { timeout: 30_000, maxWait: 30_000 },
  );
}

/** PATCH /payments/bulk_assign_deals/: the payments to one deal (or back to the unpaired queue), in one transaction. */
export async function bulkAssignDeals(deps: Pick<Deps, 'prisma' | 'now'>, actor: Actor, input: BulkAssignDealsRequest): Promise<Payment[]> {
  const ids = [...new Set(input.payments)];
  const businessDate = businessDateOf(deps.now());
  return deps.prisma.$transaction(
    async (tx) => {
      const locked = await lockPayments(tx, ids);
      const found = new Set(locked.map((p) => p.id));
      const missing = ids.filter((i) => !found.has(i));
      if (missing.length) throw badRequest({ payments: [paymentMessages.unknownPayments(missing)] });
      if (locked.some((p) => p.reversal_of_id !== null)) throw conflict(paymentMessages.reversalEntry);
      await requireDealExists(tx, input.deal);
      const moved = locked.filter((p) => p.deal_id !== input.deal);
      await moveToDeal(tx, moved, input.deal, businessDate);
      for (const p of moved) {
        await recordStaffAudit(tx, actor, { action: 'payment.assign_deal', entity: 'Payment', entityId: p.id, changes: { deal: input.deal, previous_deal: p.deal_id } });
      }
      return loadPayments(tx, ids);
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
}
