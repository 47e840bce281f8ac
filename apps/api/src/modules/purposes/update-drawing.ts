import type { PurposeDrawing, PurposeDrawingPatchRequest } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { holdDelinquencyLock } from '../servicing/index.ts';
import { businessDateOf } from '../../domain/dates.ts';
import { checkFitsPurpose, checkNotSent, lockDrawing } from './drawing-rules.ts';
import { checkPayout, lockDealOfDrawing, lockPaymentForPayout, setPayout } from './payout.ts';
import { dateOf, drawingInclude, sent, toDrawing, type Actor } from './purpose-view.ts';

/**
 * PATCH /deals/purpose/purpose-drawing/{id}/. A drawing the bank already has (exported or paid)
 * keeps its amount and day; its note may still change. `payment` pairs it with the outgoing
 * payment that paid it out (payout.ts), null undoes a wrong pairing.
 */
export async function updateDrawing(deps: Pick<Deps, 'prisma' | 'now'>, actor: Actor, id: number, input: PurposeDrawingPatchRequest): Promise<PurposeDrawing> {
  return deps.prisma.$transaction(async (tx) => {
    // A payout names a payment: the payout's locks come first (payout.ts gives their order).
    let payment: Awaited<ReturnType<typeof lockPaymentForPayout>> = null;
    if (input.payment != null) {
      await holdDelinquencyLock(tx);
      payment = await lockPaymentForPayout(tx, input.payment);
      await lockDealOfDrawing(tx, id);
    }
    const { drawing, purpose } = await lockDrawing(tx, id);
    if (input.amount !== undefined || input.drawn_at !== undefined) checkNotSent(drawing);
    if (input.amount !== undefined) checkFitsPurpose(purpose, input.amount, drawing);
    if (input.payment !== undefined && input.payment !== drawing.paymentId) {
      if (input.payment === null) await tx.purposeDrawing.update({ where: { id }, data: { paymentId: null } });
      else await setPayout(tx, drawing, purpose, await checkPayout(tx, drawing, purpose, payment), businessDateOf(deps.now()));
    }
    const updated = await tx.purposeDrawing.update({
      where: { id },
      data: {
        amount: input.amount,
        drawnAt: input.drawn_at === undefined ? undefined : input.drawn_at === null ? null : dateOf(input.drawn_at),
        note: input.note,
      },
      include: drawingInclude,
    });
    await recordStaffAudit(tx, actor, { action: 'deal.purpose.drawing.update', entity: 'PurposeDrawing', entityId: id, changes: { deal_id: purpose.dealId, purpose_id: purpose.id, ...sent(input) } });
    return toDrawing(updated, purpose.dealId);
  });
}
