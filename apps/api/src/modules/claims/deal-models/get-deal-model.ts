import type { DealModelView } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import { findDeal } from '../deal-records.ts';
import { dealModelViewOf, findModel } from './model-record.ts';

/** GET /deals/{dealId}/deal-model/{id}/: the version with its schedule and RPSN. */
export async function getDealModel(deps: Pick<Deps, 'prisma'>, ids: { dealId: number; id: number }): Promise<DealModelView> {
  const deal = await findDeal(deps.prisma, ids.dealId);
  return dealModelViewOf(await findModel(deps.prisma, ids.dealId, ids.id), deal.type);
}
