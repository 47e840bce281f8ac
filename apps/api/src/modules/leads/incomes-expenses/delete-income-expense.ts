import type { StaffActor } from '../../../domain/actor.ts';
import { orNotFound } from '../../../domain/errors.ts';
import type { Deps } from '../../../deps.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { findItem, INCOME_EXPENSE_NOT_FOUND } from './income-expense-record.ts';

/** DELETE /leads/{leadId}/incomes-expenses/{id}/. */
export async function deleteIncomeExpense(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { leadId: number; id: number }): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    const existing = await findItem(tx, input.leadId, input.id);
    // A concurrent delete may have removed it since: 404, as for the one that came second.
    await orNotFound(tx.incomeExpense.delete({ where: { id: existing.id } }), INCOME_EXPENSE_NOT_FOUND);
    await recordAudit(tx, actor, { action: 'lead.income_expense.delete', entity: 'IncomeExpense', entityId: existing.id, changes: { lead_id: input.leadId } });
  });
}
