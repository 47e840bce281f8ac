import { czechDay, formatCzk, ManualPaymentMethod, type ApprovalAction } from '@lending/contracts';
import type { AnyFourEyesAction, FourEyesAction } from '../approvals/four-eyes.ts';
import { keptSymbol } from './book-payment.ts';
import { bookManualPayment, manualPaymentInput, type ManualPaymentInput } from './manual/book-manual-payment.ts';
import { pairPayment } from './pairing.ts';

// The four-eyes actions of payments (ROLES.md §2, docs/decisions/0045, 0047): what each request
// is about, and the use case that executes it. The approvals module decides; these know the rules.


/**
 * A payment entered by hand (POST /payments/): from the setting's threshold (500 Kč as shipped)
 * it waits for a second user holding `payments.book`. The deal it names, or the one the rule would
 * pair it to now, is the request's deal (its history shows the request). A payment already booked
 * under the same reference (a retry) is not four-eyes: it is answered as it is.
 */
export const manualPayment: FourEyesAction<ManualPaymentInput, Awaited<ReturnType<typeof bookManualPayment>>> = {
  action: 'MANUAL_PAYMENT',
  input: manualPaymentInput,
  async describe(tx, input) {
    if (await tx.payment.findUnique({ where: { bankReference: input.reference }, select: { id: true } })) return null;
    const vs = keptSymbol(input.variable_symbol ?? null);
    const ss = keptSymbol(input.specific_symbol ?? null);
    const paired = input.deal ? null : await pairPayment(tx, { variableSymbol: vs, specificSymbol: ss, counterAccount: input.counter_account ?? null });
    const dealId = input.deal ?? paired?.pairing?.dealId ?? null;
    const details = [
      vs && `VS ${vs}`,
      ss && `SS ${ss}`,
      input.counter_account_name && `plátce ${input.counter_account_name}`,
    ].filter(Boolean);
    const target = dealId !== null ? `obchod #${dealId}` : paired?.suggestion ? `nespárovaná (návrh: obchod #${paired.suggestion})` : 'nespárovaná';
    return {
      dealId,
      amount: input.amount,
      summary: `Ruční zadání platby (${ManualPaymentMethod.labels[input.method]}): ${formatCzk(input.amount)} ze dne ${czechDay(input.date)}${details.length ? `, ${details.join(', ')}` : ''} — ${target}`,
    };
  },
  execute: (deps, actor, input) => bookManualPayment(deps, actor, input),
  resultOf: (result) => ({ payment_id: result.payment.id }),
};

export const paymentsFourEyesActions: { [A in ApprovalAction]?: AnyFourEyesAction } = { MANUAL_PAYMENT: manualPayment };
