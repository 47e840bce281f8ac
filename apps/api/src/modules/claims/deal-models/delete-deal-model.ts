import { dealModelMessages } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import { conflict } from '../../../http/errors.ts';
import { recordStaffAudit, type StaffActor } from '../../audit/record-staff-audit.ts';
import { lockDeal, TX_OPTIONS } from '../deal-records.ts';
import { findModel } from './model-record.ts';

/**
 * DELETE /deals/{dealId}/deal-model/{id}/: a DRAFT is deleted (nothing was generated from it;
 * debts and evaluations that named it keep their rows without it). Active and superseded
 * versions are history of money: 409.
 */
export async function deleteDealModel(deps: Pick<Deps, 'prisma'>, ids: { dealId: number; id: number }, actor: StaffActor): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    await lockDeal(tx, ids.dealId);
    const model = await findModel(tx, ids.dealId, ids.id);
    if (model.state !== 'DRAFT') throw conflict(dealModelMessages.notDraft);
    await tx.dealModel.delete({ where: { id: model.id } });
    await recordStaffAudit(tx, actor, { action: 'deal_model.delete', entity: 'DealModel', entityId: model.id, changes: { deal_id: ids.dealId, version: model.version } });
  }, TX_OPTIONS);
}
