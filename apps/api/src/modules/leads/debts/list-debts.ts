import type { LeadDebtListQuery, LeadDebtView } from '@lending/contracts';
import type { Actor } from '../../../domain/actor.ts';
import { paginate, type ResultPage } from '../../../domain/page.ts';
import type { Deps } from '../../../deps.ts';
import { findLead } from '../find-lead.ts';
import { columns, leadDebtViewOf } from './debt-record.ts';

/** GET /leads/{leadId}/debt/ (paginated). */
export async function listDebts(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: LeadDebtListQuery & { leadId: number }): Promise<ResultPage<LeadDebtView>> {
  const { leadId } = input;
  await findLead(deps.prisma, leadId);
  return paginate(
    input,
    () => deps.prisma.leadDebt.count({ where: { leadId } }),
    async ({ skip, take }) =>
      (
        await deps.prisma.leadDebt.findMany({
          where: { leadId },
          orderBy: [...input.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'asc' as const }],
          skip,
          take,
        })
      ).map(leadDebtViewOf),
  );
}
