import type { ClaimsGroupKind, ClaimsGroupView } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import { findDeal } from '../deal-records.ts';
import { findGroup, groupViewOf } from './group-record.ts';

/** GET /deals/{dealId}/claims-group[-lease|-leaseback]/{id}/ */
export async function getClaimsGroup(deps: Pick<Deps, 'prisma'>, ids: { dealId: number; id: number }, kind: ClaimsGroupKind): Promise<ClaimsGroupView> {
  await findDeal(deps.prisma, ids.dealId);
  return groupViewOf(await findGroup(deps.prisma, ids.dealId, kind, ids.id));
}
