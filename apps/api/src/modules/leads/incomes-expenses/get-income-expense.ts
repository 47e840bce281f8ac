import type { IncomeExpenseView } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import { incomeExpenseViewOf, findItem } from './income-expense-record.ts';

/** GET /leads/{leadId}/incomes-expenses/{id}/ (404 when it is another lead's). */
export async function getIncomeExpense(deps: Pick<Deps, 'prisma'>, leadId: number, id: number): Promise<IncomeExpenseView> {
  return incomeExpenseViewOf(await findItem(deps.prisma, leadId, id));
}
