import type { Deps } from '../../../deps.ts';
import { recordStaffAudit, type StaffActor } from '../../audit/record-staff-audit.ts';
import { orNotFound } from '../../../http/errors.ts';
import { CALL_DATA_NOT_FOUND, findCallData } from './call-data-record.ts';

/** DELETE /leads/{leadId}/call-data/{id}/. */
export async function deleteCallData(deps: Pick<Deps, 'prisma'>, ids: { leadId: number; id: number }, actor: StaffActor): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    const existing = await findCallData(tx, ids.leadId, ids.id);
    // A concurrent delete may have removed it since: 404, as for the one that came second.
    await orNotFound(tx.callData.delete({ where: { id: existing.id } }), CALL_DATA_NOT_FOUND);
    await recordStaffAudit(tx, actor, { action: 'lead.call_data.delete', entity: 'CallData', entityId: existing.id, changes: { lead_id: ids.leadId } });
  });
}
