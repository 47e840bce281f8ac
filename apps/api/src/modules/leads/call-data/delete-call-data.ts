import type { Deps } from '../../../deps.ts';
import { recordStaffAudit, type StaffActor } from '../../audit/record-staff-audit.ts';
import { findCallData } from './call-data-record.ts';

/** DELETE /leads/{leadId}/call-data/{id}/. */
export async function deleteCallData(deps: Pick<Deps, 'prisma'>, ids: { leadId: number; id: number }, actor: StaffActor): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    const existing = await findCallData(tx, ids.leadId, ids.id);
    await tx.callData.delete({ where: { id: existing.id } });
    await recordStaffAudit(tx, actor, { action: 'lead.call_data.delete', entity: 'CallData', entityId: existing.id, changes: { lead_id: ids.leadId } });
  });
}
