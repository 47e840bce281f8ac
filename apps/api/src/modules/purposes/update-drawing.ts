import type { PurposeDrawing, PurposeDrawingPatchRequest } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { checkFitsPurpose, checkNotSent, lockDrawing } from './drawing-rules.ts';
import { dateOf, drawingInclude, sent, toDrawing, type Actor } from './purpose-view.ts';

/**
 * PATCH /deals/purpose/purpose-drawing/{id}/. A drawing the bank already has (exported or paid)
 * keeps its amount and day; its note may still change.
 */
export async function updateDrawing(deps: Pick<Deps, 'prisma'>, actor: Actor, id: number, input: PurposeDrawingPatchRequest): Promise<PurposeDrawing> {
  return deps.prisma.$transaction(async (tx) => {
    const { drawing, purpose } = await lockDrawing(tx, id);
    if (input.amount !== undefined || input.drawn_at !== undefined) checkNotSent(drawing);
    if (input.amount !== undefined) checkFitsPurpose(purpose, input.amount, drawing);
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
