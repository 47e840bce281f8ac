import type { IncomeExpenseRequest, IncomeExpenseView } from '@lending/contracts';
import type { StaffActor } from '../../../domain/actor.ts';
import type { Deps } from '../../../deps.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { findLead } from '../find-lead.ts';
import { checkPerson, columnsOf, incomeExpenseViewOf } from './income-expense-record.ts';

/** POST /leads/{leadId}/incomes-expenses/: a monthly income or expense (of the applicant, a participant or the household). */
export async function createIncomeExpense(
  deps: Pick<Deps, 'prisma'>,
  actor: StaffActor,
  input: { leadId: number; incomeExpense: IncomeExpenseRequest },
): Promise<IncomeExpenseView> {
  const { leadId, incomeExpense } = input;
  return deps.prisma.$transaction(async (tx) => {
    const lead = await findLead(tx, leadId);
    await checkPerson(tx, lead, incomeExpense.person_id);
    const row = await tx.incomeExpense.create({
      data: { ...(columnsOf(incomeExpense, true) as Omit<Prisma.IncomeExpenseUncheckedCreateInput, 'leadId'>), leadId },
    });
    await recordAudit(tx, actor, { action: 'lead.income_expense.create', entity: 'IncomeExpense', entityId: row.id, changes: { lead_id: leadId, ...incomeExpense } as Prisma.InputJsonValue });
    return incomeExpenseViewOf(row);
  });
}
