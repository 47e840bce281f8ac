import type { RealtyGroup, RealtyGroupPatchRequest, RealtyGroupRequest } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { checkCollateral, setRealties } from './collateral.ts';
import { groupInclude, lockGroup, sent, toRealtyGroup, type Actor } from './realty-group-view.ts';

/** PUT (fields left out are cleared, realties the whole set) and PATCH of /deals/{dealId}/realty-groups/{id}/. */
export async function updateRealtyGroup(
  deps: Pick<Deps, 'prisma'>,
  actor: Actor,
  dealId: number,
  id: number,
  input: RealtyGroupRequest | RealtyGroupPatchRequest,
  options: { partial: boolean },
): Promise<RealtyGroup> {
  return deps.prisma.$transaction(async (tx) => {
    await lockGroup(tx, dealId, id);
    if (input.realties) await checkCollateral(tx, dealId, input.realties);
    await tx.realtyGroup.update({
      where: { id },
      data: { name: input.name, mortgage: input.mortgage, note: input.note === undefined ? (options.partial ? undefined : null) : input.note },
    });
    if (input.realties) await setRealties(tx, id, input.realties);
    await recordStaffAudit(tx, actor, { action: 'deal.realty_group.update', entity: 'RealtyGroup', entityId: id, changes: { deal_id: dealId, ...sent(input) } });
    return toRealtyGroup(await tx.realtyGroup.findUniqueOrThrow({ where: { id }, include: groupInclude }));
  });
}
