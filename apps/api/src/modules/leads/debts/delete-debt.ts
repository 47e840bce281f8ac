import type { Deps } from '../../../deps.ts';
import { recordStaffAudit, type StaffActor } from '../../audit/record-staff-audit.ts';
import { orNotFound } from '../../../http/errors.ts';
import { DEBT_NOT_FOUND, findDebt } from './debt-record.ts';

/** DELETE /leads/{leadId}/debt/{id}/. */
export async function deleteDebt(deps: Pick<Deps, 'prisma'>, ids: { leadId: number; id: number }, actor: StaffActor): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    const existing = await findDebt(tx, ids.leadId, ids.id);
    // A concurrent delete may have removed it since: 404, as for the one that came second.
    await orNotFound(tx.leadDebt.delete({ where: { id: existing.id } }), DEBT_NOT_FOUND);
    await recordStaffAudit(tx, actor, { action: 'lead.debt.delete', entity: 'LeadDebt', entityId: existing.id, changes: { lead_id: ids.leadId } });
  });
}
