import type { BulkCreatePaymentsRequest, Payment } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { today } from '../../domain/dates.ts';
import type { Deps } from '../../deps.ts';
import { bookPayments } from './book-payment.ts';
import { loadPayments } from './payment-view.ts';

/**
 * POST /payments/bulk_create_payments/: books the movements as a statement import does
 * (bookPayments: in chunks, each deal replayed once per chunk) and answers the payments in the
 * request's order. A bank reference booked before is not booked again: a retry of the same
 * request creates nothing and answers the same payments.
 */
export async function bulkCreatePayments(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { batch: BulkCreatePaymentsRequest }): Promise<Payment[]> {
  const bookings = await bookPayments(
    deps,
    input.batch.payments.map((item) => ({
      bankReference: item.bank_reference,
      date: item.date,
      amount: item.amount,
      direction: item.direction,
      reversal: item.reversal,
      variableSymbol: item.variable_symbol?.replace(/^0+(?=\d)/, '') ?? null,
      specificSymbol: item.specific_symbol?.replace(/^0+(?=\d)/, '') ?? null,
      constantSymbol: item.constant_symbol ?? null,
      counterAccount: item.counter_account ?? null,
      counterAccountName: item.counter_account_name ?? null,
      message: item.message ?? null,
      category: item.category,
      paymentType: item.payment_type,
    })),
    { businessDate: today(deps), actor },
  );
  return loadPayments(deps.prisma, bookings.map((b) => b.paymentId));
}
