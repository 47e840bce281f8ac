import type { ManualPaymentRequest } from '@lending/contracts';
import type { StaffActor } from '../../../domain/actor.ts';
import { today } from '../../../domain/dates.ts';
import type { Deps } from '../../../deps.ts';
import { requestOrExecute, type FourEyesOutcome } from '../../approvals/four-eyes.ts';
import { manualPayment } from '../four-eyes-actions.ts';
import { manualPaymentReference, type bookManualPayment } from './book-manual-payment.ts';

/**
 * POST /payments/: a payment entered by hand, under the reference of its key or of its fields and
 * the business day (a retry books nothing twice). From the four-eyes threshold it becomes an
 * approval request; below it, it is booked at once.
 */
export async function enterManualPayment(deps: Deps, actor: StaffActor, input: { payment: ManualPaymentRequest }): Promise<FourEyesOutcome<Awaited<ReturnType<typeof bookManualPayment>>>> {
  const reference = manualPaymentReference(input.payment, today(deps));
  return requestOrExecute(deps, actor, manualPayment, { ...input.payment, reference });
}
