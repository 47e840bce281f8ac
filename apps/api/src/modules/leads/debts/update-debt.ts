import { leadMessages, type LeadDebtPatch, type LeadDebtView } from '@lending/contracts';
import type { StaffActor } from '../../../domain/actor.ts';
import { invalid, orNotFound } from '../../../domain/errors.ts';
import type { Deps } from '../../../deps.ts';
import { Prisma } from '../../../generated/prisma/client.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { columnsOf, DEBT_NOT_FOUND, findDebt, leadDebtViewOf } from './debt-record.ts';

/** PUT / PATCH /leads/{leadId}/debt/{id}/: PUT or PATCH (`partial`); a PATCH is checked together with the stored amounts. */
export async function updateDebt(
  deps: Pick<Deps, 'prisma'>,
  actor: StaffActor,
  input: { leadId: number; id: number; partial: boolean; changes: LeadDebtPatch },
): Promise<LeadDebtView> {
  const { leadId, id, partial, changes } = input;
  return deps.prisma.$transaction(async (tx) => {
    const existing = await findDebt(tx, leadId, id);
    const original = changes.original_amount !== undefined || !partial ? (changes.original_amount ?? null) : existing.originalAmount;
    const remaining = changes.remaining_amount ?? existing.remainingAmount;
    // Compared as decimals: the stored amounts are Decimal, the body's decimal strings.
    if (original !== null && new Prisma.Decimal(remaining).greaterThan(original)) throw invalid({ remaining_amount: [leadMessages.remainingAboveOriginal] });
    // Deleted by a concurrent request since it was found: 404.
    const row = await orNotFound(tx.leadDebt.update({ where: { id: existing.id }, data: columnsOf(changes, !partial) }), DEBT_NOT_FOUND);
    await recordAudit(tx, actor, { action: 'lead.debt.update', entity: 'LeadDebt', entityId: row.id, changes: { lead_id: leadId, ...changes } as Prisma.InputJsonValue });
    return leadDebtViewOf(row);
  });
}
