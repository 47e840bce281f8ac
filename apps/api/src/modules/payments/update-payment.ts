import { paymentMessages, type Payment, type PaymentPatchRequest, type PaymentUpdateRequest } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { today } from '../../domain/dates.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { keptSymbol } from './book-payment.ts';
import { lockPayments, moveToDeal, requireDealExists, settleOutgoing } from './payment-moves.ts';
import { loadPayment } from './payment-view.ts';

export type UpdatePaymentInput = { id: number } & ({ partial: false; changes: PaymentUpdateRequest } | { partial: true; changes: PaymentPatchRequest });

/**
 * PUT (`partial: false`: fields left out are cleared, the deal too) and PATCH of /payments/{id}/:
 * its category, purpose type and note, and above all its deal. A new deal replays the old and the
 * new deal from the payment's date in the same transaction (payment-moves.ts). PATCH also corrects
 * the symbols (docs/decisions/0047): recorded as typed, the payment is not paired again by them.
 */
export async function updatePayment(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: UpdatePaymentInput): Promise<Payment> {
  const { id, changes, partial } = input;
  const value = <T>(v: T | undefined): T | null | undefined => (v === undefined ? (partial ? undefined : null) : v);
  const businessDate = today(deps);
  return deps.prisma.$transaction(
    async (tx) => {
      const [current] = await lockPayments(tx, [id]);
      if (!current) throw notFound(paymentMessages.notFound);
      const dealId = value(changes.deal);
      if (dealId !== undefined && dealId !== current.deal_id) {
        if (current.reversal_of_id !== null) throw conflict(paymentMessages.reversalEntry);
        await requireDealExists(tx, dealId);
        await moveToDeal(tx, [current], dealId, businessDate);
      }
      const symbols = partial ? { variableSymbol: keptSymbol(input.changes.variable_symbol), specificSymbol: keptSymbol(input.changes.specific_symbol) } : {};
      // What the symbols were, for the audit log, when they change.
      const changesSymbols = symbols.variableSymbol !== undefined || symbols.specificSymbol !== undefined;
      const before = changesSymbols ? await tx.payment.findUniqueOrThrow({ where: { id }, select: { variableSymbol: true, specificSymbol: true } }) : null;
      const updated = await tx.payment.update({
        where: { id },
        data: { category: changes.category, purposeType: value(changes.purpose_type), note: value(changes.note), ...symbols },
        select: { direction: true, dealId: true, purposeType: true, date: true, amount: true },
      });
      if (updated.direction === 'OUTGOING_PAYMENT') await settleOutgoing(tx, id, updated, businessDate);
      await recordAudit(tx, actor, {
        action: 'payment.update',
        entity: 'Payment',
        entityId: id,
        changes: {
          ...changes,
          ...(dealId !== undefined ? { deal: dealId, previous_deal: current.deal_id } : {}),
          ...(before ? { previous_variable_symbol: before.variableSymbol, previous_specific_symbol: before.specificSymbol } : {}),
        },
      });
      return loadPayment(tx, id);
    },
    { timeout: 30_000, maxWait: 30_000 },
  );
}
