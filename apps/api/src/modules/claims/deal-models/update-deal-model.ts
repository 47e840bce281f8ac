import { dealModelMessages, type DealModelPatch, type DealModelView } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { conflict } from '../../../http/errors.ts';
import { recordStaffAudit, type StaffActor } from '../../audit/record-staff-audit.ts';
import { lockDeal, TX_OPTIONS } from '../deal-records.ts';
import { dealModelViewOf, findModel } from './model-record.ts';
import { modelsOpen, resolveModel } from './model-terms.ts';

/** PUT (`replace`) / PATCH /deals/{dealId}/deal-model/{id}/: only a DRAFT changes (409 otherwise). */
export async function updateDealModel(
  deps: Pick<Deps, 'prisma'>,
  ids: { dealId: number; id: number },
  body: DealModelPatch,
  actor: StaffActor,
  options: { replace: boolean },
): Promise<DealModelView> {
  return deps.prisma.$transaction(async (tx) => {
    const deal = await lockDeal(tx, ids.dealId);
    const existing = await findModel(tx, ids.dealId, ids.id);
    if (existing.state !== 'DRAFT') throw conflict(dealModelMessages.notDraft);
    if (!modelsOpen(deal)) throw conflict(dealModelMessages.modelFrozen);
    const { data } = await resolveModel(tx, deal, body, existing, options.replace);
    const model = await tx.dealModel.update({ where: { id: existing.id }, data });
    await recordStaffAudit(tx, actor, {
      action: 'deal_model.update',
      entity: 'DealModel',
      entityId: model.id,
      changes: { deal_id: ids.dealId, replace: options.replace, ...body } as Prisma.InputJsonValue,
    });
    return dealModelViewOf(model, deal.type);
  }, TX_OPTIONS);
}
