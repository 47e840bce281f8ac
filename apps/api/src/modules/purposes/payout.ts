import { formatCzechAccount, formatCzk, resolveBankAccount } from '@lending/contracts';
import type { PaymentPurposeType, Prisma, PurposeDrawing } from '../../generated/prisma/client.ts';
import { fromDbDate } from '../../domain/dates.ts';
import { conflict, invalid } from '../../domain/errors.ts';
import { REFUND_PURPOSES, lockDealForAllocation, replayDealAllocations } from '../servicing/index.ts';
import type { PurposeRow, Tx } from './purpose-view.ts';

// A drawing is paid out when the outgoing payment that carried it is known (SERVICING.md §5,
// docs/decisions/0033): staff name it (PATCH of the drawing, or the purpose type of the
// payment), or the import recognises a debit as the payment order made for the drawing (same
// variable symbol, amount and recipient account). Locks, in the order every path takes them:
// the close of business's shared lock, the payment row, the deal, the purpose, the drawing.

export const payoutMessages = {
  paymentNotFound: 'Platba neexistuje.',
  notOutgoing: 'Čerpání lze spárovat jen s odchozí platbou.',
  reversal: 'Stornovanou platbu ani storno nelze spárovat s čerpáním.',
  amount: (payment: string, drawing: string) => `Částka platby (${formatCzk(payment)}) se liší od čerpání (${formatCzk(drawing)}).`,
  otherDeal: 'Platba patří k jinému obchodu.',
  taken: (drawingId: number) => `Platba už vyplatila čerpání č. ${drawingId}.`,
};

const isRefund = (type: PaymentPurposeType | null) => type !== null && (REFUND_PURPOSES as readonly string[]).includes(type);

interface PaymentRow {
  id: number;
  direction: string;
  date: Date;
  amount: Prisma.Decimal;
  deal_id: number | null;
  purpose_type: PaymentPurposeType | null;
  reversal_of_id: number | null;
  reversed: boolean;
}

/** The payment row, locked (FOR NO KEY UPDATE: allocation rows hold KEY SHARE on it). */
export async function lockPaymentForPayout(tx: Tx, paymentId: number): Promise<PaymentRow | null> {
  const [row] = await tx.$queryRaw<PaymentRow[]>`
    SELECT p.id, p.direction::text, p.date, p.amount, p.deal_id, p.purpose_type::text AS purpose_type, p.reversal_of_id,
           EXISTS (SELECT 1 FROM payments r WHERE r.reversal_of_id = p.id) AS reversed
      FROM payments p WHERE p.id = ${paymentId} FOR NO KEY UPDATE`;
  return row ?? null;
}

/**
 * Links `drawing` to `payment` (both locked by the caller, the deal too when the purpose is a
 * refund): the payment joins the deal and takes the purpose's type unless it has one. A refund
 * purpose makes the payout a refund of credit: the deal is replayed from its date.
 */
export async function setPayout(tx: Tx, drawing: Pick<PurposeDrawing, 'id'>, purpose: Pick<PurposeRow, 'dealId' | 'type'>, payment: PaymentRow, businessDate: string): Promise<void> {
  await tx.purposeDrawing.update({ where: { id: drawing.id }, data: { paymentId: payment.id } });
  const purposeType = payment.purpose_type ?? purpose.type;
  await tx.payment.update({ where: { id: payment.id }, data: { dealId: purpose.dealId, purposeType } });
  if (isRefund(purposeType)) await replayDealAllocations(tx, purpose.dealId, fromDbDate(payment.date), businessDate);
}

/** Staff pair a drawing with an outgoing payment (PATCH of the drawing); invalid or a conflict says why not. */
export async function checkPayout(tx: Tx, drawing: PurposeDrawing, purpose: PurposeRow, payment: PaymentRow | null): Promise<PaymentRow> {
  if (!payment) throw invalid({ payment: [payoutMessages.paymentNotFound] });
  if (payment.direction !== 'OUTGOING_PAYMENT') throw invalid({ payment: [payoutMessages.notOutgoing] });
  if (payment.reversal_of_id !== null || payment.reversed) throw conflict(payoutMessages.reversal);
  if (!payment.amount.eq(drawing.amount)) throw invalid({ payment: [payoutMessages.amount(payment.amount.toFixed(2), drawing.amount.toFixed(2))] });
  if (payment.deal_id !== null && payment.deal_id !== purpose.dealId) throw conflict(payoutMessages.otherDeal);
  const other = await tx.purposeDrawing.findFirst({ where: { paymentId: payment.id, id: { not: drawing.id } }, select: { id: true } });
  if (other) throw conflict(payoutMessages.taken(other.id));
  return payment;
}

/** The deal lock a payout of a refund purpose needs, taken before the purpose and drawing rows. */
export async function lockDealOfDrawing(tx: Tx, drawingId: number): Promise<void> {
  const found = await tx.purposeDrawing.findUnique({ where: { id: drawingId }, select: { purpose: { select: { dealId: true } } } });
  if (found) await lockDealForAllocation(tx, found.purpose.dealId);
}

/** Accounts a recipient's stored account may appear as on a statement (Czech notation or IBAN). */
function accountForms(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const resolved = resolveBankAccount(stored);
    return 'foreignIban' in resolved ? [resolved.foreignIban] : [formatCzechAccount(resolved.domestic), resolved.iban];
  } catch {
    return [stored];
  }
}

const digits = (symbol: string | null) => (symbol ?? '').replace(/^0+/, '');

/**
 * A debit of a bank statement (booked by the import) that is the payment order made for a
 * drawing: exported, not yet paid out, the same amount, variable symbol (bank zeros ignored) and
 * recipient account. The oldest such drawing is taken. Returns the drawing's id, or null.
 */
export async function matchDrawingPayout(
  tx: Tx,
  payment: { id: number; date: string; amount: string; variableSymbol: string | null; counterAccount: string | null },
  businessDate: string,
): Promise<number | null> {
  if (!payment.counterAccount) return null;
  const candidates = await tx.$queryRaw<{ id: number; deal_id: number; type: PaymentPurposeType; bank_account: string | null; variable_symbol: string | null }[]>`
    SELECT d.id, p.deal_id, p.type::text AS type, p.bank_account, p.variable_symbol
      FROM purpose_drawings d JOIN purposes p ON p.id = d.purpose_id JOIN payment_order_batches b ON b.id = d.payment_order_batch_id
     WHERE d.payment_id IS NULL AND d.amount = ${payment.amount}::numeric
       AND ltrim(coalesce(p.variable_symbol, ''), '0') = ${digits(payment.variableSymbol)}
     ORDER BY b.execution_date, d.id`;
  const match = candidates.find((c) => accountForms(c.bank_account).includes(payment.counterAccount!));
  if (!match) return null;
  if (isRefund(match.type)) await lockDealForAllocation(tx, match.deal_id);
  const [locked] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM purpose_drawings WHERE id = ${match.id} AND payment_id IS NULL FOR UPDATE`;
  // Taken by another debit meanwhile: this one stays unmatched for staff.
  if (!locked) return null;
  const row = await lockPaymentForPayout(tx, payment.id);
  await setPayout(tx, { id: match.id }, { dealId: match.deal_id, type: match.type }, row!, businessDate);
  return match.id;
}

/**
 * Staff gave an outgoing payment of a deal a purpose type (PUT/PATCH /payments/{id}/): the
 * deal's oldest drawing of a purpose of that type not yet paid out, of the payment's amount,
 * is paid out by it (exported ones first). Nothing when none fits.
 */
export async function payOutByPurposeType(tx: Tx, paymentId: number): Promise<number | null> {
  const payment = await lockPaymentForPayout(tx, paymentId);
  if (!payment || payment.direction !== 'OUTGOING_PAYMENT' || payment.deal_id === null || payment.purpose_type === null || isRefund(payment.purpose_type)) return null;
  if (payment.reversal_of_id !== null || payment.reversed) return null;
  if (await tx.purposeDrawing.findFirst({ where: { paymentId }, select: { id: true } })) return null;
  const [drawing] = await tx.$queryRaw<{ id: number }[]>`
    SELECT d.id FROM purpose_drawings d JOIN purposes p ON p.id = d.purpose_id
     WHERE p.deal_id = ${payment.deal_id} AND p.type::text = ${payment.purpose_type} AND d.payment_id IS NULL AND d.amount = ${payment.amount}
     ORDER BY d.payment_order_batch_id IS NULL, d.id LIMIT 1
       FOR UPDATE OF d`;
  if (!drawing) return null;
  await tx.purposeDrawing.update({ where: { id: drawing.id }, data: { paymentId } });
  return drawing.id;
}
