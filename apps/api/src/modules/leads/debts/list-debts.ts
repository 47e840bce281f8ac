import type { LeadDebtView } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import { paginate, type Page } from '../../../http/pagination.ts';
import { findLead } from '../find-lead.ts';
import { type DebtListQuery, columns, leadDebtViewOf } from './debt-record.ts';

/** GET /leads/{leadId}/debt/ (paginated). */
export async function listDebts(deps: Pick<Deps, 'prisma'>, leadId: number, query: DebtListQuery, listUrl: string): Promise<Page<LeadDebtView>> {
  await findLead(deps.prisma, leadId);
  return paginate(
    listUrl,
    query,
    () => deps.prisma.leadDebt.count({ where: { leadId } }),
    async ({ skip, take }) =>
      (
        await deps.prisma.leadDebt.findMany({
          where: { leadId },
          orderBy: [...query.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'asc' as const }],
          skip,
          take,
        })
      ).map(leadDebtViewOf),
  );
}
