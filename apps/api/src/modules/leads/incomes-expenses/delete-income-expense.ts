import type { Deps } from '../../../deps.ts';
import { recordStaffAudit, type StaffActor } from '../../audit/record-staff-audit.ts';
import { orNotFound } from '../../../http/errors.ts';
import { findItem, INCOME_EXPENSE_NOT_FOUND } from './income-expense-record.ts';

/** DELETE /leads/{leadId}/incomes-expenses/{id}/. */
export async function deleteIncomeExpense(deps: Pick<Deps, 'prisma'>, ids: { leadId: number; id: number }, actor: StaffActor): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    const existing = await findItem(tx, ids.leadId, ids.id);
    // A concurrent delete may have removed it since: 404, as for the one that came second.
    await orNotFound(tx.incomeExpense.delete({ where: { id: existing.id } }), INCOME_EXPENSE_NOT_FOUND);
    await recordStaffAudit(tx, actor, { action: 'lead.income_expense.delete', entity: 'IncomeExpense', entityId: existing.id, changes: { lead_id: ids.leadId } });
  });
}
