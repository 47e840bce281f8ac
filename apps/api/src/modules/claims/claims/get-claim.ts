import type { ClaimView } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import { findDeal } from '../deal-records.ts';
import { claimViewOf, findClaim } from './claim-record.ts';

/** GET /deals/{dealId}/claims/{id}/ */
export async function getClaim(deps: Pick<Deps, 'prisma'>, ids: { dealId: number; id: number }): Promise<ClaimView> {
  await findDeal(deps.prisma, ids.dealId);
  return claimViewOf(await findClaim(deps.prisma, ids.dealId, ids.id));
}
