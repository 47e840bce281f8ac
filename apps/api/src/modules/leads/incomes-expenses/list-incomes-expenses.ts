import type { IncomeExpenseView } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import { paginate, type Page } from '../../../http/pagination.ts';
import { findLead } from '../find-lead.ts';
import { type IncomeExpenseListQuery, incomeExpenseViewOf } from './income-expense-record.ts';

/** GET /leads/{leadId}/incomes-expenses/ (paginated; filter kind). */
export async function listIncomesExpenses(deps: Pick<Deps, 'prisma'>, leadId: number, query: IncomeExpenseListQuery, listUrl: string): Promise<Page<IncomeExpenseView>> {
  await findLead(deps.prisma, leadId);
  const where = { leadId, kind: query.kind };
  return paginate(
    listUrl,
    query,
    () => deps.prisma.incomeExpense.count({ where }),
    async ({ skip, take }) =>
      (
        await deps.prisma.incomeExpense.findMany({
          where,
          orderBy: [...query.ordering.map((o) => ({ [o.field === 'created_at' ? 'createdAt' : o.field]: o.direction })), { id: 'asc' as const }],
          skip,
          take,
        })
      ).map(incomeExpenseViewOf),
  );
}
