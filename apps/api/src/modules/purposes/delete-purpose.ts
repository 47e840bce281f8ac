import type { Deps } from '../../deps.ts';
import { conflict } from '../../http/errors.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { lockPurpose, type Actor } from './purpose-view.ts';

export const deletePurposeMessages = {
  hasDrawings: 'Účel má čerpání, nelze ho smazat. Nejdřív smažte jeho čerpání (odeslaná nebo vyplacená čerpání smazat nelze).',
};

/** DELETE /deals/{dealId}/purposes/{id}/: only a purpose nothing was drawn from. */
export async function deletePurpose(deps: Pick<Deps, 'prisma'>, actor: Actor, dealId: number, id: number): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    const purpose = await lockPurpose(tx, dealId, id);
    if (purpose.drawings.length > 0) throw conflict(deletePurposeMessages.hasDrawings);
    await tx.purpose.delete({ where: { id } });
    await recordStaffAudit(tx, actor, { action: 'deal.purpose.delete', entity: 'Purpose', entityId: id, changes: { deal_id: dealId, type: purpose.type, amount: purpose.amount.toFixed(2) } });
  });
}
