import type { PurposeDrawing, PurposeDrawingRequest } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { checkFitsPurpose } from './drawing-rules.ts';
import { dateOf, drawingInclude, lockPurpose, sent, toDrawing, type Actor } from './purpose-view.ts';

/** POST /deals/{dealId}/purposes/{id}/drawings/: one payout of the purpose, within what it has left. */
export async function createDrawing(deps: Pick<Deps, 'prisma'>, actor: Actor, dealId: number, purposeId: number, input: PurposeDrawingRequest): Promise<PurposeDrawing> {
  return deps.prisma.$transaction(async (tx) => {
    const purpose = await lockPurpose(tx, dealId, purposeId);
    checkFitsPurpose(purpose, input.amount);
    const drawing = await tx.purposeDrawing.create({
      data: { purposeId, amount: input.amount, drawnAt: input.drawn_at ? dateOf(input.drawn_at) : null, note: input.note ?? null },
      include: drawingInclude,
    });
    await recordStaffAudit(tx, actor, { action: 'deal.purpose.drawing.create', entity: 'PurposeDrawing', entityId: drawing.id, changes: { deal_id: dealId, purpose_id: purposeId, ...sent(input) } });
    return toDrawing(drawing, dealId);
  });
}
