import type { StaffActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { checkNotSent, lockDrawing } from './drawing-rules.ts';

/** DELETE /deals/purpose/purpose-drawing/{id}/: a drawing not yet sent to the bank nor paid. */
export async function deleteDrawing(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { id: number }): Promise<void> {
  const { id } = input;
  await deps.prisma.$transaction(async (tx) => {
    const { drawing, purpose } = await lockDrawing(tx, id);
    checkNotSent(drawing);
    await tx.purposeDrawing.delete({ where: { id } });
    await recordAudit(tx, actor, { action: 'deal.purpose.drawing.delete', entity: 'PurposeDrawing', entityId: id, changes: { deal_id: purpose.dealId, purpose_id: purpose.id, amount: drawing.amount.toFixed(2) } });
  });
}
