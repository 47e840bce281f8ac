import type { DealModelView } from '@lending/contracts';
import type { Actor } from '../../../domain/actor.ts';
import type { Deps } from '../../../deps.ts';
import { findDeal } from '../deal-records.ts';
import { dealModelViewOf, findModel } from './model-record.ts';

/** GET /deals/{dealId}/deal-model/{id}/: the version with its schedule and RPSN. */
export async function getDealModel(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { dealId: number; id: number }): Promise<DealModelView> {
  const deal = await findDeal(deps.prisma, input.dealId);
  return dealModelViewOf(await findModel(deps.prisma, input.dealId, input.id), deal.type);
}
