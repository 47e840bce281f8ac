import { dealModelMessages } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import { conflict } from '../../../domain/errors.ts';
import type { StaffActor } from '../../../domain/actor.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { lockDeal, TX_OPTIONS } from '../deal-records.ts';
import { findModel } from './model-record.ts';

/**
 * DELETE /deals/{dealId}/deal-model/{id}/: a DRAFT is deleted (nothing was generated from it;
 * debts and evaluations that named it keep their rows without it). Active and superseded
 * versions are history of money: a conflict.
 */
export async function deleteDealModel(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { dealId: number; id: number }): Promise<void> {
  const { dealId, id } = input;
  await deps.prisma.$transaction(async (tx) => {
    await lockDeal(tx, dealId);
    const model = await findModel(tx, dealId, id);
    if (model.state !== 'DRAFT') throw conflict(dealModelMessages.notDraft);
    await tx.dealModel.delete({ where: { id: model.id } });
    await recordAudit(tx, actor, { action: 'deal_model.delete', entity: 'DealModel', entityId: model.id, changes: { deal_id: dealId, version: model.version } });
  }, TX_OPTIONS);
}
