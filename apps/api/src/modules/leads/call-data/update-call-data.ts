import type { CallDataPatch, CallDataView } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { recordStaffAudit, type StaffActor } from '../../audit/record-staff-audit.ts';
import { orNotFound } from '../../../http/errors.ts';
import { CALL_DATA_NOT_FOUND, callDataViewOf, findCallData, columnsOf } from './call-data-record.ts';

/** PUT / PATCH /leads/{leadId}/call-data/{id}/: PUT (`replace`: every field, the omitted ones reset) or PATCH (only the fields sent). */
export async function updateCallData(
  deps: Pick<Deps, 'prisma'>,
  ids: { leadId: number; id: number },
  body: CallDataPatch,
  actor: StaffActor,
  options: { replace: boolean },
): Promise<CallDataView> {
  return deps.prisma.$transaction(async (tx) => {
    const existing = await findCallData(tx, ids.leadId, ids.id);
    // Deleted by a concurrent request since it was found: 404.
    const row = await orNotFound(tx.callData.update({ where: { id: existing.id }, data: columnsOf(body, options.replace) }), CALL_DATA_NOT_FOUND);
    await recordStaffAudit(tx, actor, { action: 'lead.call_data.update', entity: 'CallData', entityId: row.id, changes: { lead_id: ids.leadId, ...body } as Prisma.InputJsonValue });
    return callDataViewOf(row);
  });
}
