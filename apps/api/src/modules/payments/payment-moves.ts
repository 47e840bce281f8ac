import { outgoingPaymentMessages, paymentMessages } from '@lending/contracts';
import { fromDbDate } from '../../domain/dates.ts';
import { conflict, invalid } from '../../domain/errors.ts';
import type { PaymentPurposeType, Prisma } from '../../generated/prisma/client.ts';
import { payOutByPurposeType } from '../purposes/payout.ts';
import { holdDelinquencyLock, lockDealsForAllocation, REFUND_PURPOSES, replayDealAllocations, replayDealsAllocations } from '../servicing/index.ts';

// Staff changes of a payment: its category, purpose type and note, and above all its deal.
// Moving a payment between deals replays both deals from the payment's date in the same
// transaction. Locks, always in this order so two such writes cannot deadlock: the close of
// business's shared lock, the payment rows (by id), then the deals (by id).

type Tx = Prisma.TransactionClient;
export interface LockedPayment {
  id: number;
  deal_id: number | null;
  date: Date;
  reversal_of_id: number | null;
}
/** The payments, locked in id order (after the close's shared lock). */
export async function lockPayments(tx: Tx, ids: readonly number[]): Promise<LockedPayment[]> {
  await holdDelinquencyLock(tx);
  return tx.$queryRaw<LockedPayment[]>`
    SELECT id, deal_id, date, reversal_of_id FROM payments WHERE id = ANY(${[...ids]}::int[]) ORDER BY id FOR NO KEY UPDATE`;
}

/** Invalid unless `dealId` (when not null) is a deal. */
export async function requireDealExists(tx: Tx, dealId: number | null): Promise<void> {
  if (dealId !== null && !(await tx.deal.findUnique({ where: { id: dealId }, select: { id: true } }))) throw invalid({ deal: [paymentMessages.dealNotFound] });
}

/**
 * Re-pairs `moved` payments to `dealId`: locks every deal touched in id order, moves the
 * payments (and their reversal entries, which follow the payment they take back), then replays
 * each deal from the earliest date of a payment that left or joined it. Refused (409, the
 * caller's transaction rolls back, a conflict) when a refund would then exceed its deal's credit.
 */
export async function moveToDeal(tx: Tx, moved: readonly LockedPayment[], dealId: number | null, businessDate: string): Promise<void> {
  if (!moved.length) return;
  const from = new Map<number, string>();
  for (const p of moved) {
    for (const d of [p.deal_id, dealId]) {
      if (d === null) continue;
      const date = fromDbDate(p.date);
      const known = from.get(d);
      if (!known || date < known) from.set(d, date);
    }
  }
  await lockDealsForAllocation(tx, [...from.keys()]);
  const ids = moved.map((p) => p.id);
  // Paired by staff now (docs/decisions/0047); a storno entry follows the payment it takes back; a suggestion is settled either way.
  await tx.payment.updateMany({ where: { id: { in: ids } }, data: { dealId, pairedBy: dealId === null ? null : 'STAFF', suggestedDealId: null } });
  await tx.payment.updateMany({ where: { reversalOfId: { in: ids } }, data: { dealId, pairedBy: dealId === null ? null : 'REVERSAL', suggestedDealId: null } });
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
 * then is refused (a conflict; the transaction rolls back); another purpose type pays out the deal's
 * matching drawing. Replaying a deal whose refunds did not change is harmless (same rows).
 */
export async function settleOutgoing(tx: Tx, id: number, p: { dealId: number | null; purposeType: PaymentPurposeType | null; date: Date; amount: Prisma.Decimal }, businessDate: string) {
  if (p.dealId === null) return;
  if (!isRefund(p.purposeType)) {
    await replayDealAllocations(tx, p.dealId, fromDbDate(p.date), businessDate);
    await payOutByPurposeType(tx, id);
    return;
  }
  const result = await replayDealAllocations(tx, p.dealId, fromDbDate(p.date), businessDate);
  const beyond = result.refunded_beyond_credit.find((r) => r.refundId === id);
  if (beyond) throw conflict(outgoingPaymentMessages.refundBeyondCredit(p.amount.minus(beyond.amount).toFixed(2)));
}

