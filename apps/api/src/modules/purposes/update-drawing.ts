import { drawingChangePermissions, roleHolds, type PurposeDrawing, type PurposeDrawingPatchRequest } from '@lending/contracts';
import { forbidden } from '../../domain/errors.ts';
import type { StaffActor } from '../../domain/actor.ts';
import { dbDate, today } from '../../domain/dates.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { holdDelinquencyLock } from '../servicing/index.ts';
import { checkFitsPurpose, checkNotSent, lockDrawing } from './drawing-rules.ts';
import { checkPayout, lockDealOfDrawing, lockPaymentForPayout, setPayout } from './payout.ts';
import { drawingInclude, sent, toDrawing } from './purpose-view.ts';

/**
 * PATCH /deals/purpose/purpose-drawing/{id}/. A drawing the bank already has (exported or paid)
 * keeps its amount and day; its note may still change. `payment` pairs it with the outgoing
 * payment that paid it out (payout.ts), null undoes a wrong pairing. Amount and day need
 * `deals.originate`, pairing `payments.book` (drawingChangePermissions, docs/decisions/0044).
 */
export async function updateDrawing(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { id: number; changes: PurposeDrawingPatchRequest }): Promise<PurposeDrawing> {
  const { id, changes } = input;
  if (!drawingChangePermissions(changes).every((permission) => roleHolds(actor.role, permission))) throw forbidden();
  return deps.prisma.$transaction(async (tx) => {
    // A payout names a payment: the payout's locks come first (payout.ts gives their order).
    let payment: Awaited<ReturnType<typeof lockPaymentForPayout>> = null;
    if (changes.payment != null) {
      await holdDelinquencyLock(tx);
      payment = await lockPaymentForPayout(tx, changes.payment);
      await lockDealOfDrawing(tx, id);
    }
    const { drawing, purpose } = await lockDrawing(tx, id);
    if (changes.amount !== undefined || changes.drawn_at !== undefined) checkNotSent(drawing);
    if (changes.amount !== undefined) checkFitsPurpose(purpose, changes.amount, drawing);
    if (changes.payment !== undefined && changes.payment !== drawing.paymentId) {
      if (changes.payment === null) await tx.purposeDrawing.update({ where: { id }, data: { paymentId: null } });
      else await setPayout(tx, drawing, purpose, await checkPayout(tx, drawing, purpose, payment), today(deps));
    }
    const updated = await tx.purposeDrawing.update({
      where: { id },
      data: {
        amount: changes.amount,
        drawnAt: changes.drawn_at === undefined ? undefined : changes.drawn_at === null ? null : dbDate(changes.drawn_at),
        note: changes.note,
      },
      include: drawingInclude,
    });
    await recordAudit(tx, actor, { action: 'deal.purpose.drawing.update', entity: 'PurposeDrawing', entityId: id, changes: { deal_id: purpose.dealId, purpose_id: purpose.id, ...sent(changes) } });
    return toDrawing(updated, purpose.dealId);
  });
}
