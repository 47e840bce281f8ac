import type { RealtyEstimation, RealtyEstimationRequest } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { recordStaffAudit } from '../audit/record-staff-audit.ts';
import { lockGroup, sent, toEstimation, type Actor } from './realty-group-view.ts';

/** POST /deals/{dealId}/realty-groups/{id}/estimations/: a valuation of the group's realties together. */
export async function createEstimation(deps: Pick<Deps, 'prisma'>, actor: Actor, dealId: number, groupId: number, input: RealtyEstimationRequest): Promise<RealtyEstimation> {
  return deps.prisma.$transaction(async (tx) => {
    await lockGroup(tx, dealId, groupId);
    const estimation = await tx.realtyEstimation.create({
      data: { realtyGroupId: groupId, value: input.value, estimatedAt: new Date(`${input.estimated_at}T00:00:00Z`), estimator: input.estimator ?? null, note: input.note ?? null },
    });
    await recordStaffAudit(tx, actor, { action: 'deal.realty_group.estimation.create', entity: 'RealtyEstimation', entityId: estimation.id, changes: { deal_id: dealId, realty_group_id: groupId, ...sent(input) } });
    return toEstimation(estimation);
  });
}
