import type { PurposeDrawing, PurposeDrawingRequest } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { dbDate } from '../../domain/dates.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { checkFitsPurpose } from './drawing-rules.ts';
import { drawingInclude, lockPurpose, sent, toDrawing } from './purpose-view.ts';

/** POST /deals/{dealId}/purposes/{id}/drawings/: one payout of the purpose, within what it has left. */
export async function createDrawing(
  deps: Pick<Deps, 'prisma'>,
  actor: StaffActor,
  input: { dealId: number; purposeId: number; drawing: PurposeDrawingRequest },
): Promise<PurposeDrawing> {
  const { dealId, purposeId, drawing } = input;
  return deps.prisma.$transaction(async (tx) => {
    const purpose = await lockPurpose(tx, dealId, purposeId);
    checkFitsPurpose(purpose, drawing.amount);
    const created = await tx.purposeDrawing.create({
      data: { purposeId, amount: drawing.amount, drawnAt: drawing.drawn_at ? dbDate(drawing.drawn_at) : null, note: drawing.note ?? null },
      include: drawingInclude,
    });
    await recordAudit(tx, actor, { action: 'deal.purpose.drawing.create', entity: 'PurposeDrawing', entityId: created.id, changes: { deal_id: dealId, purpose_id: purposeId, ...sent(drawing) } });
    return toDrawing(created, dealId);
  });
}
