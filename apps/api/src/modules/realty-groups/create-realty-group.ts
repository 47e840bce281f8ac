import type { RealtyGroup, RealtyGroupRequest } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { checkCollateral, setRealties } from './collateral.ts';
import { groupInclude, requireDeal, sent, toRealtyGroup } from './realty-group-view.ts';

/** POST /deals/{dealId}/realty-groups/: realties of the deal's collateral that secure it together. */
export async function createRealtyGroup(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { dealId: number; group: RealtyGroupRequest }): Promise<RealtyGroup> {
  const { dealId, group } = input;
  return deps.prisma.$transaction(async (tx) => {
    await requireDeal(tx, dealId);
    await checkCollateral(tx, dealId, group.realties);
    const created = await tx.realtyGroup.create({ data: { dealId, name: group.name, mortgage: group.mortgage, note: group.note ?? null } });
    await setRealties(tx, created.id, group.realties);
    await recordAudit(tx, actor, { action: 'deal.realty_group.create', entity: 'RealtyGroup', entityId: created.id, changes: { deal_id: dealId, ...sent(group) } });
    return toRealtyGroup(await tx.realtyGroup.findUniqueOrThrow({ where: { id: created.id }, include: groupInclude }));
  });
}
