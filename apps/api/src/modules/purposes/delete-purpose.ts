import type { StaffActor } from '../../domain/actor.ts';
import { conflict } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { lockPurpose } from './purpose-view.ts';

export const deletePurposeMessages = {
  hasDrawings: 'Účel má čerpání, nelze ho smazat. Nejdřív smažte jeho čerpání (odeslaná nebo vyplacená čerpání smazat nelze).',
};

/** DELETE /deals/{dealId}/purposes/{id}/: only a purpose nothing was drawn from. */
export async function deletePurpose(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { dealId: number; id: number }): Promise<void> {
  const { dealId, id } = input;
  await deps.prisma.$transaction(async (tx) => {
    const purpose = await lockPurpose(tx, dealId, id);
    if (purpose.drawings.length > 0) throw conflict(deletePurposeMessages.hasDrawings);
    await tx.purpose.delete({ where: { id } });
    await recordAudit(tx, actor, { action: 'deal.purpose.delete', entity: 'Purpose', entityId: id, changes: { deal_id: dealId, type: purpose.type, amount: purpose.amount.toFixed(2) } });
  });
}
