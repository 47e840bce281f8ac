import { dealModelMessages, type DealModelPatch, type DealModelRequest, type DealModelView } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { conflict } from '../../../domain/errors.ts';
import type { StaffActor } from '../../../domain/actor.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { lockDeal, TX_OPTIONS } from '../deal-records.ts';
import { dealModelViewOf, findModel } from './model-record.ts';
import { modelsOpen, resolveModel } from './model-terms.ts';

export type UpdateDealModelInput =
  | { dealId: number; id: number; partial: false; changes: DealModelRequest }
  | { dealId: number; id: number; partial: true; changes: DealModelPatch };

/** PUT (fields left out take their defaults) / PATCH (`partial`) /deals/{dealId}/deal-model/{id}/: only a DRAFT changes (a conflict otherwise). */
export async function updateDealModel(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: UpdateDealModelInput): Promise<DealModelView> {
  const { dealId, id, partial } = input;
  const body: DealModelPatch = input.changes;
  return deps.prisma.$transaction(async (tx) => {
    const deal = await lockDeal(tx, dealId);
    const existing = await findModel(tx, dealId, id);
    if (existing.state !== 'DRAFT') throw conflict(dealModelMessages.notDraft);
    if (!modelsOpen(deal)) throw conflict(dealModelMessages.modelFrozen);
    const { data } = await resolveModel(tx, deal, body, existing, !partial);
    const model = await tx.dealModel.update({ where: { id: existing.id }, data });
    await recordAudit(tx, actor, {
      action: 'deal_model.update',
      entity: 'DealModel',
      entityId: model.id,
      changes: { deal_id: dealId, replace: !partial, ...body } as Prisma.InputJsonValue,
    });
    return dealModelViewOf(model, deal.type);
  }, TX_OPTIONS);
}
