import type { RealtyEstimation, RealtyEstimationPatchRequest, RealtyEstimationRequest } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { dbDate } from '../../domain/dates.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { lockGroup, sent, toEstimation } from './realty-group-view.ts';

export type UpdateEstimationInput =
  | { dealId?: number; groupId: number; id: number; partial: false; changes: RealtyEstimationRequest }
  | { dealId?: number; groupId: number; id: number; partial: true; changes: RealtyEstimationPatchRequest };

/**
 * PUT (estimator and note left out are cleared) and PATCH of /realty-group/{groupId}/estimations/{id}/:
 * a correction of an estimation. Evaluations made from it keep the value they read (their own
 * `estimate`), so an LTV decision on record does not change with it.
 */
export async function updateEstimation(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: UpdateEstimationInput): Promise<RealtyEstimation> {
  const { groupId, id, changes, partial } = input;
  return deps.prisma.$transaction(async (tx) => {
    const { dealId } = await lockGroup(tx, input.dealId, groupId);
    const existing = await tx.realtyEstimation.findFirst({ where: { id, realtyGroupId: groupId } });
    if (!existing) throw notFound();
    const clear = partial ? undefined : null;
    const updated = await tx.realtyEstimation.update({
      where: { id },
      data: {
        value: changes.value,
        estimatedAt: changes.estimated_at === undefined ? undefined : dbDate(changes.estimated_at),
        estimator: changes.estimator === undefined ? clear : changes.estimator,
        note: changes.note === undefined ? clear : changes.note,
      },
    });
    await recordAudit(tx, actor, {
      action: 'deal.realty_group.estimation.update',
      entity: 'RealtyEstimation',
      entityId: id,
      changes: { deal_id: dealId, realty_group_id: groupId, before: { value: existing.value.toFixed(2), estimated_at: existing.estimatedAt.toISOString().slice(0, 10) }, ...sent(changes) },
    });
    return toEstimation(updated);
  });
}
