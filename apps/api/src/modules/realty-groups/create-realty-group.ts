import type { RealtyGroup, RealtyGroupRequest } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { checkCollateral, setRealties } from './collateral.ts';
import { groupInclude, requireDeal, sent, toRealtyGroup, type Actor } from './realty-group-view.ts';

/** POST /deals/{dealId}/realty-groups/: realties of the deal's collateral that secure it together. */
export async function createRealtyGroup(deps: Pick<Deps, 'prisma'>, actor: Actor, dealId: number, input: RealtyGroupRequest): Promise<RealtyGroup> {
  return deps.prisma.$transaction(async (tx) => {
    await requireDeal(tx, dealId);
    await checkCollateral(tx, dealId, input.realties);
    const group = await tx.realtyGroup.create({ data: { dealId, name: input.name, mortgage: input.mortgage, note: input.note ?? null } });
    await setRealties(tx, group.id, input.realties);
    await recordStaffAudit(tx, actor, { action: 'deal.realty_group.create', entity: 'RealtyGroup', entityId: group.id, changes: { deal_id: dealId, ...sent(input) } });
    return toRealtyGroup(await tx.realtyGroup.findUniqueOrThrow({ where: { id: group.id }, include: groupInclude }));
  });
}
