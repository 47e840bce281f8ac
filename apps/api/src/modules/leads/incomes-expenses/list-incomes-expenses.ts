import type { IncomeExpenseListQuery, IncomeExpenseView } from '@lending/contracts';
import type { Actor } from '../../../domain/actor.ts';
import { paginate, type ResultPage } from '../../../domain/page.ts';
import type { Deps } from '../../../deps.ts';
import { findLead } from '../find-lead.ts';
import { incomeExpenseViewOf } from './income-expense-record.ts';

/** GET /leads/{leadId}/incomes-expenses/ (paginated; filter kind). */
export async function listIncomesExpenses(
  deps: Pick<Deps, 'prisma'>,
  _actor: Actor,
  input: IncomeExpenseListQuery & { leadId: number },
): Promise<ResultPage<IncomeExpenseView>> {
  await findLead(deps.prisma, input.leadId);
  const where = { leadId: input.leadId, kind: input.kind };
  return paginate(
    input,
    () => deps.prisma.incomeExpense.count({ where }),
    async ({ skip, take }) =>
      (
        await deps.prisma.incomeExpense.findMany({
          where,
          orderBy: [...input.ordering.map((o) => ({ [o.field === 'created_at' ? 'createdAt' : o.field]: o.direction })), { id: 'asc' as const }],
          skip,
          take,
        })
      ).map(incomeExpenseViewOf),
  );
}
