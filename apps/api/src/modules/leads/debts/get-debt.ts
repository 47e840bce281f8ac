import type { LeadDebtView } from '@lending/contracts';
import type { Actor } from '../../../domain/actor.ts';
import type { Deps } from '../../../deps.ts';
import { findDebt, leadDebtViewOf } from './debt-record.ts';

/** GET /leads/{leadId}/debt/{id}/ (404 when it is another lead's). */
export async function getDebt(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { leadId: number; id: number }): Promise<LeadDebtView> {
  return leadDebtViewOf(await findDebt(deps.prisma, input.leadId, input.id));
}
