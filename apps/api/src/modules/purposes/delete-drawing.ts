import type { Deps } from '../../deps.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { checkNotSent, lockDrawing } from './drawing-rules.ts';
import type { Actor } from './purpose-view.ts';

/** DELETE /deals/purpose/purpose-drawing/{id}/: a drawing not yet sent to the bank nor paid. */
export async function deleteDrawing(deps: Pick<Deps, 'prisma'>, actor: Actor, id: number): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    const { drawing, purpose } = await lockDrawing(tx, id);
    checkNotSent(drawing);
    await tx.purposeDrawing.delete({ where: { id } });
    await recordStaffAudit(tx, actor, { action: 'deal.purpose.drawing.delete', entity: 'PurposeDrawing', entityId: id, changes: { deal_id: purpose.dealId, purpose_id: purpose.id, amount: drawing.amount.toFixed(2) } });
  });
}
