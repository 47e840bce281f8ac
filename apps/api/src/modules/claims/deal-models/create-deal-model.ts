import { dealModelMessages, type DealModelRequest, type DealModelView } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { conflict } from '../../../domain/errors.ts';
import type { StaffActor } from '../../../domain/actor.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { lockDeal, TX_OPTIONS } from '../deal-records.ts';
import { dealModelViewOf } from './model-record.ts';
import { modelsOpen, resolveModel } from './model-terms.ts';

/**
 * POST /deals/{dealId}/deal-model/: a new version, DRAFT. Before activation it is the terms being
 * prepared; on an ACTIVE deal it is a restructuring from `valid_from`, applied by its activate
 * action. Numbered under the deal's lock, so two at once get consecutive versions.
 */
export async function createDealModel(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { dealId: number; model: DealModelRequest }): Promise<DealModelView> {
  const { dealId, model: body } = input;
  return deps.prisma.$transaction(async (tx) => {
    const deal = await lockDeal(tx, dealId);
    if (!modelsOpen(deal)) throw conflict(dealModelMessages.modelFrozen);
    const { data } = await resolveModel(tx, deal, body, null, true);
    const last = await tx.dealModel.aggregate({ where: { dealId }, _max: { version: true } });
    const model = await tx.dealModel.create({ data: { ...data, dealId, version: (last._max.version ?? 0) + 1, state: 'DRAFT', createdById: actor.staffId } });
    await recordAudit(tx, actor, {
      action: 'deal_model.create',
      entity: 'DealModel',
      entityId: model.id,
      changes: { deal_id: dealId, version: model.version, ...body } as Prisma.InputJsonValue,
    });
    return dealModelViewOf(model, deal.type);
  }, TX_OPTIONS);
}
