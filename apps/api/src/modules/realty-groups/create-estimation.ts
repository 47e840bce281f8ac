import type { RealtyEstimation, RealtyEstimationRequest } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { dbDate } from '../../domain/dates.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { lockGroup, sent, toEstimation } from './realty-group-view.ts';

/** POST /deals/{dealId}/realty-groups/{id}/estimations/ and /realty-group/{id}/estimations/ (no dealId): a valuation of the group's realties together. */
export async function createEstimation(
  deps: Pick<Deps, 'prisma'>,
  actor: StaffActor,
  input: { dealId?: number; groupId: number; estimation: RealtyEstimationRequest },
): Promise<RealtyEstimation> {
  const { groupId, estimation } = input;
  return deps.prisma.$transaction(async (tx) => {
    const { dealId } = await lockGroup(tx, input.dealId, groupId);
    const created = await tx.realtyEstimation.create({
      data: { realtyGroupId: groupId, value: estimation.value, estimatedAt: dbDate(estimation.estimated_at), estimator: estimation.estimator ?? null, note: estimation.note ?? null },
    });
    await recordAudit(tx, actor, { action: 'deal.realty_group.estimation.create', entity: 'RealtyEstimation', entityId: created.id, changes: { deal_id: dealId, realty_group_id: groupId, ...sent(estimation) } });
    return toEstimation(created);
  });
}
