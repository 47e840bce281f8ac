import { type IncomeExpensePatch, type IncomeExpenseView, type IncomeExpenseKind, leadMessages, categoryFitsKind, moneyOf } from '@lending/contracts';
import { invalid, notFound } from '../../../domain/errors.ts';
import type { Deps } from '../../../deps.ts';
import type { IncomeExpense, Lead, Prisma } from '../../../generated/prisma/client.ts';
import { findLead, type Tx } from '../find-lead.ts';

// Full CRUD of /leads/{leadId}/incomes-expenses/: monthly incomes and expenses of the household.

export const INCOME_EXPENSE_NOT_FOUND = 'Příjem nebo výdaj nebyl nalezen.';

export function incomeExpenseViewOf(row: IncomeExpense): IncomeExpenseView {
  return {
    id: row.id,
    lead_id: row.leadId,
    person_id: row.personId,
    kind: row.kind,
    category: row.category,
    amount: moneyOf(row.amount)!,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function findItem(db: Tx | Deps['prisma'], leadId: number, id: number): Promise<IncomeExpense> {
  await findLead(db, leadId);
  const row = await db.incomeExpense.findFirst({ where: { id, leadId } });
  if (!row) throw notFound(INCOME_EXPENSE_NOT_FOUND);
  return row;
}

/** Whose it is: the lead's applicant or one of its participants (else invalid). */
export async function checkPerson(tx: Tx, lead: Lead, personId: number | null | undefined): Promise<void> {
  if (personId === undefined || personId === null || personId === lead.personId) return;
  const participant = await tx.leadParticipant.findFirst({ where: { leadId: lead.id, personId } });
  if (!participant) throw invalid({ person_id: [leadMessages.personNotOnLead] });
}

export function checkCategory(kind: IncomeExpenseKind, category: IncomeExpense['category']): void {
  if (!categoryFitsKind(kind, category)) {
    throw invalid({ category: [kind === 'INCOME' ? leadMessages.categoryNotIncome : leadMessages.categoryNotExpense] });
  }
}

export function columnsOf(body: IncomeExpensePatch, replace: boolean): Prisma.IncomeExpenseUncheckedUpdateInput {
  const data: Prisma.IncomeExpenseUncheckedUpdateInput = {};
  if (body.kind !== undefined) data.kind = body.kind;
  if (body.category !== undefined) data.category = body.category;
  if (body.amount !== undefined) data.amount = body.amount;
  if (body.person_id !== undefined || replace) data.personId = body.person_id ?? null;
  if (body.note !== undefined || replace) data.note = body.note || null;
  return data;
}
