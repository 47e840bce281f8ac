import { createHash } from 'node:crypto';
import { MANUAL_PAYMENT_TYPE, manualPaymentRequest, paymentMessages, type ManualPaymentRequest, type Payment } from '@lending/contracts';
import { z } from 'zod';
import type { StaffActor } from '../../../domain/actor.ts';
import { today } from '../../../domain/dates.ts';
import { conflict, invalid } from '../../../domain/errors.ts';
import type { Deps } from '../../../deps.ts';
import { bookPayment, keptSymbol, type MovementInput } from '../book-payment.ts';
import { loadPayment } from '../payment-view.ts';

// A payment entered by hand (POST /payments/, docs/decisions/0047): cash at the counter, a postal
// order, a transfer the statements left out. Booked by the booking of bank movements (bookPayment:
// stored once per reference, paired by the same rule unless its deal is given, allocated by
// replaying its deal, audited) — never by a booking of its own.

/** The input as the four-eyes request stores it: the body, and the reference the payment is stored under. */
export const manualPaymentInput = manualPaymentRequest.extend({ reference: z.string().min(1).max(200) });
export type ManualPaymentInput = z.output<typeof manualPaymentInput>;

/**
 * The bank reference of a payment entered by hand: the same key (`idempotency_key`, the
 * back-office sends one per opened form) or, without one, the same fields on the same business
 * day are the same payment — a retried request answers the payment the first one booked.
 * Prefixed so that it never meets a bank's id (statements prefix theirs with the format).
 */
export function manualPaymentReference(body: ManualPaymentRequest, businessDate: string): string {
  const basis = body.idempotency_key
    ? `key:${body.idempotency_key}`
    : `day:${businessDate}:${JSON.stringify([
        body.method,
        body.date,
        body.amount,
        keptSymbol(body.variable_symbol ?? null),
        keptSymbol(body.specific_symbol ?? null),
        body.counter_account ?? null,
        body.counter_account_name ?? null,
        body.message ?? null,
        body.note ?? null,
        body.deal ?? null,
      ])}`;
  return `manual:${createHash('sha256').update(basis).digest('hex').slice(0, 40)}`;
}

/** The payment stored under this reference, when it is this very payment; a key reused for another payment is refused. */
async function sameAsBooked(deps: Pick<Deps, 'prisma'>, input: ManualPaymentInput, id: number): Promise<Payment> {
  const booked = await loadPayment(deps.prisma, id);
  if (booked.amount !== input.amount || booked.date !== input.date || booked.entry_method !== input.method) throw conflict(paymentMessages.idempotencyKeyReused);
  return booked;
}

/**
 * Books one incoming payment entered by hand; `created` false: the reference was booked before
 * (a retry), and that payment is answered. Its date may not lie after the business date.
 */
export async function bookManualPayment(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: ManualPaymentInput): Promise<{ payment: Payment; created: boolean }> {
  const businessDate = today(deps);
  const earlier = await deps.prisma.payment.findUnique({ where: { bankReference: input.reference }, select: { id: true } });
  if (earlier) return { payment: await sameAsBooked(deps, input, earlier.id), created: false };
  if (input.date > businessDate) throw invalid({ date: [paymentMessages.manualDateFuture] });
  if (input.deal && !(await deps.prisma.deal.findUnique({ where: { id: input.deal }, select: { id: true } }))) throw invalid({ deal: [paymentMessages.dealNotFound] });
  const movement: MovementInput = {
    bankReference: input.reference,
    date: input.date,
    amount: input.amount,
    direction: 'INCOMING_PAYMENT',
    reversal: false,
    variableSymbol: keptSymbol(input.variable_symbol ?? null),
    specificSymbol: keptSymbol(input.specific_symbol ?? null),
    constantSymbol: null,
    counterAccount: input.counter_account ?? null,
    counterAccountName: input.counter_account_name ?? null,
    message: input.message ?? null,
    paymentType: MANUAL_PAYMENT_TYPE[input.method],
    dealId: input.deal ?? null,
    entryMethod: input.method,
    note: input.note ?? null,
  };
  const booking = await bookPayment(deps, movement, { businessDate, actor });
  // Booked by a request at the same time under the same reference: that one's payment.
  if (booking.outcome === 'DUPLICATE') return { payment: await sameAsBooked(deps, input, booking.paymentId), created: false };
  return { payment: await loadPayment(deps.prisma, booking.paymentId), created: true };
}
