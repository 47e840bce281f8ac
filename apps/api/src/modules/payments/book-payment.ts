import type { PaymentCategory, PaymentDirection, PaymentType } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { recordStaffAudit, type StaffActor } from '../audit/record-staff-audit.ts';
import { holdDelinquencyLock } from '../close-of-business/recompute-delinquency.ts';
import { matchDrawingPayout } from '../purposes/payout.ts';
import { pairPayment, type PairedBy } from './pairing.ts';
import { lockDealForAllocation, replayDealAllocations } from './replay-deal-allocations.ts';

// Booking one bank movement (docs/decisions/0034): stored once per bank reference, paired,
// and when paired allocated at once by replaying its deal from the payment's date — all in one
// transaction, so a payment is never seen booked but unallocated. Debits are stored as outgoing
// payments and never allocated; a storno becomes the reversal entry of the payment it takes back.

export interface MovementInput {
  /** The bank's id of the movement; null only for a payment typed in by hand. */
  bankReference: string | null;
  /** YYYY-MM-DD, the day the bank booked it. */
  date: string;
  /** Positive decimal string. */
  amount: string;
  direction: PaymentDirection;
  reversal: boolean;
  variableSymbol: string | null;
  specificSymbol: string | null;
  constantSymbol: string | null;
  counterAccount: string | null;
  counterAccountName: string | null;
  message: string | null;
  category?: PaymentCategory;
  paymentType?: PaymentType;
}

export interface Booking {
  /** CREATED: stored now; DUPLICATE: a payment with this bank reference existed, nothing was written. */
  outcome: 'CREATED' | 'DUPLICATE';
  paymentId: number;
  dealId: number | null;
  pairedBy: PairedBy | null;
  /** The payment this storno took back. */
  reversalOf: number | null;
}

export const bookingMessages = {
  reversalNotFound: 'Storno: původní platbu se nepodařilo najít, uloženo jako samostatný pohyb.',
};

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);

type Tx = Prisma.TransactionClient;

/**
 * The payment a storno takes back: the other direction, the same amount and counter-account,
 * dated on or before it, not reversed yet — the latest such one. Locked (FOR NO KEY UPDATE, as
 * allocation rows referencing it hold KEY SHARE), and checked again once the lock is held: a
 * storno booked meanwhile may have taken it.
 */
async function lockReversedPayment(tx: Tx, m: MovementInput): Promise<{ id: number; dealId: number | null; date: Date } | null> {
  const original = m.direction === 'INCOMING_PAYMENT' ? 'OUTGOING_PAYMENT' : 'INCOMING_PAYMENT';
  for (let attempt = 0; attempt < 5; attempt++) {
    const [candidate] = await tx.$queryRaw<{ id: number }[]>`
      SELECT p.id FROM payments p
       WHERE p.direction = ${original}::"PaymentDirection" AND p.amount = ${m.amount}::numeric
         AND p.counter_account IS NOT DISTINCT FROM ${m.counterAccount} AND p.date <= ${m.date}::date
         AND p.reversal_of_id IS NULL AND NOT EXISTS (SELECT 1 FROM payments r WHERE r.reversal_of_id = p.id)
       ORDER BY p.date DESC, p.id DESC LIMIT 1`;
    if (!candidate) return null;
    const [locked] = await tx.$queryRaw<{ id: number; deal_id: number | null; date: Date; taken: boolean }[]>`
      SELECT p.id, p.deal_id, p.date, EXISTS (SELECT 1 FROM payments r WHERE r.reversal_of_id = p.id) AS taken
        FROM payments p WHERE p.id = ${candidate.id} FOR NO KEY UPDATE`;
    if (locked && !locked.taken) return { id: locked.id, dealId: locked.deal_id, date: locked.date };
  }
  return null;
}

async function bookInTransaction(tx: Tx, m: MovementInput, options: { businessDate: string; statementId?: number | null; actor?: StaffActor }): Promise<Booking> {
  if (m.bankReference !== null) {
    // Two imports of one movement at once: the second waits here for the first to commit, then finds it.
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`payment:${m.bankReference}`}, 0))::text`;
    const existing = await tx.payment.findUnique({ where: { bankReference: m.bankReference }, select: { id: true, dealId: true, reversalOfId: true } });
    if (existing) return { outcome: 'DUPLICATE', paymentId: existing.id, dealId: existing.dealId, pairedBy: null, reversalOf: existing.reversalOfId };
  }
  // The close of business's lock first, always: every path below takes it before any row lock.
  await holdDelinquencyLock(tx);

  let dealId: number | null = null;
  let pairedBy: PairedBy | null = null;
  let reversalOf: { id: number; date: Date } | null = null;
  let note: string | null = null;
  if (m.reversal) {
    const original = await lockReversedPayment(tx, m);
    if (original) {
      reversalOf = original;
      dealId = original.dealId;
    } else note = bookingMessages.reversalNotFound;
  } else if (m.direction === 'INCOMING_PAYMENT') {
    const pairing = await pairPayment(tx, m);
    if (pairing) ({ dealId, by: pairedBy } = pairing);
  }
  if (dealId !== null) await lockDealForAllocation(tx, dealId);

  const payment = await tx.payment.create({
    data: {
      direction: m.direction,
      category: m.category,
      paymentType: m.paymentType,
      date: day(m.date),
      amount: m.amount,
      variableSymbol: m.variableSymbol,
      specificSymbol: m.specificSymbol,
      constantSymbol: m.constantSymbol,
      counterAccount: m.counterAccount,
      counterAccountName: m.counterAccountName,
      message: m.message,
      note,
      bankReference: m.bankReference,
      dealId,
      reversalOfId: reversalOf?.id ?? null,
      statementId: options.statementId ?? null,
    },
    select: { id: true },
  });
  // A debit may be the payment order of a drawing: then it pays the drawing out (purposes/payout.ts).
  if (m.direction === 'OUTGOING_PAYMENT' && !m.reversal) await matchDrawingPayout(tx, { id: payment.id, ...m }, options.businessDate);
  // A payment counts from its own date; a storno undoes the original from the original's date.
  if (dealId !== null && (reversalOf || m.direction === 'INCOMING_PAYMENT')) {
    await replayDealAllocations(tx, dealId, reversalOf ? iso(reversalOf.date) : m.date, options.businessDate);
  }
  if (options.actor) {
    await recordStaffAudit(tx, options.actor, {
      action: 'payment.create',
      entity: 'Payment',
      entityId: payment.id,
      changes: { bank_reference: m.bankReference, amount: m.amount, direction: m.direction, date: m.date, deal: dealId, paired_by: pairedBy, reversal_of: reversalOf?.id ?? null },
    });
  }
  return { outcome: 'CREATED', paymentId: payment.id, dealId, pairedBy, reversalOf: reversalOf?.id ?? null };
}

/** Books one movement in a transaction of its own; a bank reference seen before is a DUPLICATE, nothing written. */
export function bookPayment(deps: Pick<Deps, 'prisma'>, movement: MovementInput, options: { businessDate: string; statementId?: number | null; actor?: StaffActor }): Promise<Booking> {
  return deps.prisma.$transaction((tx) => bookInTransaction(tx, movement, options), { timeout: 30_000, maxWait: 30_000 });
}
