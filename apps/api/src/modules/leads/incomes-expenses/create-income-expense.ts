import type { IncomeExpenseRequest, IncomeExpenseView } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { recordStaffAudit, type StaffActor } from '../../audit/record-staff-audit.ts';
import { findLead } from '../find-lead.ts';
import { incomeExpenseViewOf, checkPerson, columnsOf } from './income-expense-record.ts';

/** POST /leads/{leadId}/incomes-expenses/: a monthly income or expense (of the applicant, a participant or the household). */
export async function createIncomeExpense(deps: Pick<Deps, 'prisma'>, leadId: number, body: IncomeExpenseRequest, actor: StaffActor): Promise<IncomeExpenseView> {
  return deps.prisma.$transaction(async (tx) => {
    const lead = await findLead(tx, leadId);
    await checkPerson(tx, lead, body.person_id);
    const row = await tx.incomeExpense.create({
      data: { ...(columnsOf(body, true) as Omit<Prisma.IncomeExpenseUncheckedCreateInput, 'leadId'>), leadId },
    });
    await recordStaffAudit(tx, actor, { action: 'lead.income_expense.create', entity: 'IncomeExpense', entityId: row.id, changes: { lead_id: leadId, ...body } as Prisma.InputJsonValue });
    return incomeExpenseViewOf(row);
  });
}
