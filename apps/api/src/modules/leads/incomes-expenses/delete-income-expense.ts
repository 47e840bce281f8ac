import type { Deps } from '../../../deps.ts';
import { recordStaffAudit, type StaffActor } from '../../audit/record-staff-audit.ts';
import { findItem } from './income-expense-record.ts';

/** DELETE /leads/{leadId}/incomes-expenses/{id}/. */
export async function deleteIncomeExpense(deps: Pick<Deps, 'prisma'>, ids: { leadId: number; id: number }, actor: StaffActor): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    const existing = await findItem(tx, ids.leadId, ids.id);
    await tx.incomeExpense.delete({ where: { id: existing.id } });
    await recordStaffAudit(tx, actor, { action: 'lead.income_expense.delete', entity: 'IncomeExpense', entityId: existing.id, changes: { lead_id: ids.leadId } });
  });
}
