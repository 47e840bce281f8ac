import type { LeadDebtView } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import { leadDebtViewOf, findDebt } from './debt-record.ts';

/** GET /leads/{leadId}/debt/{id}/ (404 when it is another lead's). */
export async function getDebt(deps: Pick<Deps, 'prisma'>, leadId: number, id: number): Promise<LeadDebtView> {
  return leadDebtViewOf(await findDebt(deps.prisma, leadId, id));
}
