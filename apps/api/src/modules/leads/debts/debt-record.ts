import { moneyOf, type LeadDebtPatch, type LeadDebtView } from '@lending/contracts';
import { notFound } from '../../../domain/errors.ts';
import type { Deps } from '../../../deps.ts';
import type { LeadDebt, Prisma } from '../../../generated/prisma/client.ts';
import { findLead, type Tx } from '../find-lead.ts';

// Full CRUD of /leads/{leadId}/debt/: the applicant's existing debts, read by the IDM evaluation.

export const DEBT_NOT_FOUND = 'Dluh nebyl nalezen.';

export const columns = { id: 'id', created_at: 'createdAt', remaining_amount: 'remainingAmount', installment_value: 'installmentValue' } as const;

export function leadDebtViewOf(row: LeadDebt): LeadDebtView {
  return {
    id: row.id,
    lead_id: row.leadId,
    type: row.type,
    creditor: row.creditor,
    original_amount: moneyOf(row.originalAmount),
    remaining_amount: moneyOf(row.remainingAmount)!,
    installment_value: moneyOf(row.installmentValue),
    to_refinance: row.toRefinance,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function findDebt(db: Tx | Deps['prisma'], leadId: number, id: number): Promise<LeadDebt> {
  await findLead(db, leadId);
  const row = await db.leadDebt.findFirst({ where: { id, leadId } });
  if (!row) throw notFound(DEBT_NOT_FOUND);
  return row;
}

export function columnsOf(body: LeadDebtPatch, replace: boolean): Prisma.LeadDebtUncheckedUpdateInput {
  const data: Prisma.LeadDebtUncheckedUpdateInput = {};
  if (body.type !== undefined) data.type = body.type;
  if (body.creditor !== undefined) data.creditor = body.creditor;
  if (body.remaining_amount !== undefined) data.remainingAmount = body.remaining_amount;
  if (body.original_amount !== undefined || replace) data.originalAmount = body.original_amount ?? null;
  if (body.installment_value !== undefined || replace) data.installmentValue = body.installment_value ?? null;
  if (body.to_refinance !== undefined || replace) data.toRefinance = body.to_refinance ?? false;
  if (body.note !== undefined || replace) data.note = body.note || null;
  return data;
}
