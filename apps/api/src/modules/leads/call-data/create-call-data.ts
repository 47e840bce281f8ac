import type { CallDataRequest, CallDataView } from '@lending/contracts';
import type { StaffActor } from '../../../domain/actor.ts';
import type { Deps } from '../../../deps.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { findLead } from '../find-lead.ts';
import { callDataViewOf, columnsOf } from './call-data-record.ts';

/** POST /leads/{leadId}/call-data/: records a call (called now unless `called_at` is given). */
export async function createCallData(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { leadId: number; call: CallDataRequest }): Promise<CallDataView> {
  const { leadId, call } = input;
  return deps.prisma.$transaction(async (tx) => {
    await findLead(tx, leadId);
    const data = columnsOf(call, true) as Prisma.CallDataUncheckedCreateInput;
    const row = await tx.callData.create({ data: { ...data, calledAt: data.calledAt ?? deps.now(), leadId, createdById: actor.staffId } });
    await recordAudit(tx, actor, { action: 'lead.call_data.create', entity: 'CallData', entityId: row.id, changes: { lead_id: leadId, ...call } as Prisma.InputJsonValue });
    return callDataViewOf(row);
  });
}
