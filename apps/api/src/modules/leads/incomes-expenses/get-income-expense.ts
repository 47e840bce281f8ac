import type { IncomeExpenseView } from '@lending/contracts';
import type { Actor } from '../../../domain/actor.ts';
import type { Deps } from '../../../deps.ts';
import { findItem, incomeExpenseViewOf } from './income-expense-record.ts';

/** GET /leads/{leadId}/incomes-expenses/{id}/ (404 when it is another lead's). */
export async function getIncomeExpense(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { leadId: number; id: number }): Promise<IncomeExpenseView> {
  return incomeExpenseViewOf(await findItem(deps.prisma, input.leadId, input.id));
}
