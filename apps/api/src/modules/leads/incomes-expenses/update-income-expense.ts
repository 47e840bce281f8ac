import type { IncomeExpensePatch, IncomeExpenseView } from '@lending/contracts';
import type { StaffActor } from '../../../domain/actor.ts';
import { orNotFound } from '../../../domain/errors.ts';
import type { Deps } from '../../../deps.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { findLead } from '../find-lead.ts';
import { checkCategory, checkPerson, columnsOf, findItem, INCOME_EXPENSE_NOT_FOUND, incomeExpenseViewOf } from './income-expense-record.ts';

/** PUT / PATCH /leads/{leadId}/incomes-expenses/{id}/: PUT or PATCH (`partial`); kind and category are checked together with the stored ones. */
export async function updateIncomeExpense(
  deps: Pick<Deps, 'prisma'>,
  actor: StaffActor,
  input: { leadId: number; id: number; partial: boolean; changes: IncomeExpensePatch },
): Promise<IncomeExpenseView> {
  const { leadId, id, partial, changes } = input;
  return deps.prisma.$transaction(async (tx) => {
    const existing = await findItem(tx, leadId, id);
    const lead = await findLead(tx, leadId);
    checkCategory(changes.kind ?? existing.kind, changes.category ?? existing.category);
    await checkPerson(tx, lead, changes.person_id);
    // Deleted by a concurrent request since it was found: 404.
    const row = await orNotFound(tx.incomeExpense.update({ where: { id: existing.id }, data: columnsOf(changes, !partial) }), INCOME_EXPENSE_NOT_FOUND);
    await recordAudit(tx, actor, { action: 'lead.income_expense.update', entity: 'IncomeExpense', entityId: row.id, changes: { lead_id: leadId, ...changes } as Prisma.InputJsonValue });
    return incomeExpenseViewOf(row);
  });
}
