import type { StaffActor } from '../../../domain/actor.ts';
import { orNotFound } from '../../../domain/errors.ts';
import type { Deps } from '../../../deps.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { CALL_DATA_NOT_FOUND, findCallData } from './call-data-record.ts';

/** DELETE /leads/{leadId}/call-data/{id}/. */
export async function deleteCallData(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { leadId: number; id: number }): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    const existing = await findCallData(tx, input.leadId, input.id);
    // A concurrent delete may have removed it since: 404, as for the one that came second.
    await orNotFound(tx.callData.delete({ where: { id: existing.id } }), CALL_DATA_NOT_FOUND);
    await recordAudit(tx, actor, { action: 'lead.call_data.delete', entity: 'CallData', entityId: existing.id, changes: { lead_id: input.leadId } });
  });
}
