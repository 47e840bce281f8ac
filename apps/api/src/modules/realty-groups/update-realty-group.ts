import type { RealtyGroup, RealtyGroupPatchRequest, RealtyGroupRequest } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { checkCollateral, setRealties } from './collateral.ts';
import { groupInclude, lockGroup, sent, toRealtyGroup } from './realty-group-view.ts';

export type UpdateRealtyGroupInput =
  | { dealId?: number; id: number; partial: false; changes: RealtyGroupRequest }
  | { dealId?: number; id: number; partial: true; changes: RealtyGroupPatchRequest };

/**
 * PUT (fields left out are cleared, realties the whole set) and PATCH of
 * /deals/{dealId}/realty-groups/{id}/ and of /realty-group/{id}/ (no dealId: the group's own deal).
 */
export async function updateRealtyGroup(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: UpdateRealtyGroupInput): Promise<RealtyGroup> {
  const { id, changes, partial } = input;
  return deps.prisma.$transaction(async (tx) => {
    const { dealId } = await lockGroup(tx, input.dealId, id);
    if (changes.realties) await checkCollateral(tx, dealId, changes.realties);
    await tx.realtyGroup.update({
      where: { id },
      data: { name: changes.name, mortgage: changes.mortgage, note: changes.note === undefined ? (partial ? undefined : null) : changes.note },
    });
    if (changes.realties) await setRealties(tx, id, changes.realties);
    await recordAudit(tx, actor, { action: 'deal.realty_group.update', entity: 'RealtyGroup', entityId: id, changes: { deal_id: dealId, ...sent(changes) } });
    return toRealtyGroup(await tx.realtyGroup.findUniqueOrThrow({ where: { id }, include: groupInclude }));
  });
}
