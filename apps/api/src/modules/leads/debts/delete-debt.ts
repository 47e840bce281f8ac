import type { Deps } from '../../../deps.ts';
import { recordStaffAudit, type StaffActor } from '../../audit/record-staff-audit.ts';
import { findDebt } from './debt-record.ts';

/** DELETE /leads/{leadId}/debt/{id}/. */
export async function deleteDebt(deps: Pick<Deps, 'prisma'>, ids: { leadId: number; id: number }, actor: StaffActor): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    const existing = await findDebt(tx, ids.leadId, ids.id);
    await tx.leadDebt.delete({ where: { id: existing.id } });
    await recordStaffAudit(tx, actor, { action: 'lead.debt.delete', entity: 'LeadDebt', entityId: existing.id, changes: { lead_id: ids.leadId } });
  });
}
