import type { IncomeExpensePatch, IncomeExpenseView } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { orNotFound } from '../../../http/errors.ts';
import { recordStaffAudit, type StaffActor } from '../../audit/record-staff-audit.ts';
import { findLead } from '../find-lead.ts';
import { incomeExpenseViewOf, findItem, checkPerson, checkCategory, columnsOf, INCOME_EXPENSE_NOT_FOUND } from './income-expense-record.ts';

/** PUT / PATCH /leads/{leadId}/incomes-expenses/{id}/: PUT (`replace`) or PATCH; kind and category are checked together with the stored ones. */
export async function updateIncomeExpense(
  deps: Pick<Deps, 'prisma'>,
  ids: { leadId: number; id: number },
  body: IncomeExpensePatch,
  actor: StaffActor,
  options: { replace: boolean },
): Promise<IncomeExpenseView> {
  return deps.prisma.$transaction(async (tx) => {
    const existing = await findItem(tx, ids.leadId, ids.id);
    const lead = await findLead(tx, ids.leadId);
    checkCategory(body.kind ?? existing.kind, body.category ?? existing.category);
    await checkPerson(tx, lead, body.person_id);
    // Deleted by a concurrent request since it was found: 404.
    const row = await orNotFound(tx.incomeExpense.update({ where: { id: existing.id }, data: columnsOf(body, options.replace) }), INCOME_EXPENSE_NOT_FOUND);
    await recordStaffAudit(tx, actor, { action: 'lead.income_expense.update', entity: 'IncomeExpense', entityId: row.id, changes: { lead_id: ids.leadId, ...body } as Prisma.InputJsonValue });
    return incomeExpenseViewOf(row);
  });
}
