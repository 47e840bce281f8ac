import type { ClaimsGroupKind, ClaimsGroupView } from '@lending/contracts';
import type { Actor } from '../../../domain/actor.ts';
import type { Deps } from '../../../deps.ts';
import { findDeal } from '../deal-records.ts';
import { findGroup, groupViewOf } from './group-record.ts';

/** GET /deals/{dealId}/claims-group[-lease|-leaseback]/{id}/ */
export async function getClaimsGroup(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { dealId: number; kind: ClaimsGroupKind; id: number }): Promise<ClaimsGroupView> {
  await findDeal(deps.prisma, input.dealId);
  return groupViewOf(await findGroup(deps.prisma, input.dealId, input.kind, input.id));
}
