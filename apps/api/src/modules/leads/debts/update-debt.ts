import { type LeadDebtPatch, type LeadDebtView, leadMessages } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import { badRequest, orNotFound } from '../../../http/errors.ts';
import { Prisma } from '../../../generated/prisma/client.ts';
import { recordStaffAudit, type StaffActor } from '../../audit/record-staff-audit.ts';
import { DEBT_NOT_FOUND, leadDebtViewOf, findDebt, columnsOf } from './debt-record.ts';

/** PUT / PATCH /leads/{leadId}/debt/{id}/: PUT (`replace`) or PATCH; a PATCH is checked together with the stored amounts. */
export async function updateDebt(
  deps: Pick<Deps, 'prisma'>,
  ids: { leadId: number; id: number },
  body: LeadDebtPatch,
  actor: StaffActor,
  options: { replace: boolean },
): Promise<LeadDebtView> {
  return deps.prisma.$transaction(async (tx) => {
    const existing = await findDebt(tx, ids.leadId, ids.id);
    const original = body.original_amount !== undefined || options.replace ? (body.original_amount ?? null) : existing.originalAmount;
    const remaining = body.remaining_amount ?? existing.remainingAmount;
    // Compared as decimals: the stored amounts are Decimal, the body's decimal strings.
    if (original !== null && new Prisma.Decimal(remaining).greaterThan(original)) throw badRequest({ remaining_amount: [leadMessages.remainingAboveOriginal] });
    // Deleted by a concurrent request since it was found: 404.
    const row = await orNotFound(tx.leadDebt.update({ where: { id: existing.id }, data: columnsOf(body, options.replace) }), DEBT_NOT_FOUND);
    await recordStaffAudit(tx, actor, { action: 'lead.debt.update', entity: 'LeadDebt', entityId: row.id, changes: { lead_id: ids.leadId, ...body } as Prisma.InputJsonValue });
    return leadDebtViewOf(row);
  });
}
