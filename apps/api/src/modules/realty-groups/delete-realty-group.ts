import type { StaffActor } from '../../domain/actor.ts';
import { conflict } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { lockGroup } from './realty-group-view.ts';

export const deleteRealtyGroupMessages = {
  evaluated: 'Skupina už byla vyhodnocena (LTV); záznam o vyhodnocení musí zůstat, skupinu proto nelze smazat.',
};

/** DELETE /deals/{dealId}/realty-groups/{id}/: with its estimations, unless it was evaluated. */
export async function deleteRealtyGroup(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { dealId: number; id: number }): Promise<void> {
  const { dealId, id } = input;
  await deps.prisma.$transaction(async (tx) => {
    const group = await lockGroup(tx, dealId, id);
    if (await tx.realtyGroupEvaluation.count({ where: { realtyGroupId: id } })) throw conflict(deleteRealtyGroupMessages.evaluated);
    await tx.realtyGroup.delete({ where: { id } });
    await recordAudit(tx, actor, { action: 'deal.realty_group.delete', entity: 'RealtyGroup', entityId: id, changes: { deal_id: dealId, name: group.name, realties: group.realties.map((r) => r.realtyId) } });
  });
}
