import type { CallDataPatch, CallDataView } from '@lending/contracts';
import type { StaffActor } from '../../../domain/actor.ts';
import { orNotFound } from '../../../domain/errors.ts';
import type { Deps } from '../../../deps.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { CALL_DATA_NOT_FOUND, callDataViewOf, columnsOf, findCallData } from './call-data-record.ts';

/** PUT / PATCH /leads/{leadId}/call-data/{id}/: PUT (every field, the omitted ones reset) or PATCH (`partial`: only the fields sent). */
export async function updateCallData(
  deps: Pick<Deps, 'prisma'>,
  actor: StaffActor,
  input: { leadId: number; id: number; partial: boolean; changes: CallDataPatch },
): Promise<CallDataView> {
  const { leadId, id, partial, changes } = input;
  return deps.prisma.$transaction(async (tx) => {
    const existing = await findCallData(tx, leadId, id);
    // Deleted by a concurrent request since it was found: 404.
    const row = await orNotFound(tx.callData.update({ where: { id: existing.id }, data: columnsOf(changes, !partial) }), CALL_DATA_NOT_FOUND);
    await recordAudit(tx, actor, { action: 'lead.call_data.update', entity: 'CallData', entityId: row.id, changes: { lead_id: leadId, ...changes } as Prisma.InputJsonValue });
    return callDataViewOf(row);
  });
}
