import type { ClaimView } from '@lending/contracts';
import type { Actor } from '../../../domain/actor.ts';
import type { Deps } from '../../../deps.ts';
import { findDeal } from '../deal-records.ts';
import { claimViewOf, findClaim } from './claim-record.ts';

/** GET /deals/{dealId}/claims/{id}/ */
export async function getClaim(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { dealId: number; id: number }): Promise<ClaimView> {
  await findDeal(deps.prisma, input.dealId);
  return claimViewOf(await findClaim(deps.prisma, input.dealId, input.id));
}
