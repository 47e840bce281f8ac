import type { StaffActor } from '../../../domain/actor.ts';
import { orNotFound } from '../../../domain/errors.ts';
import type { Deps } from '../../../deps.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { DEBT_NOT_FOUND, findDebt } from './debt-record.ts';

/** DELETE /leads/{leadId}/debt/{id}/. */
export async function deleteDebt(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { leadId: number; id: number }): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    const existing = await findDebt(tx, input.leadId, input.id);
    // A concurrent delete may have removed it since: 404, as for the one that came second.
    await orNotFound(tx.leadDebt.delete({ where: { id: existing.id } }), DEBT_NOT_FOUND);
    await recordAudit(tx, actor, { action: 'lead.debt.delete', entity: 'LeadDebt', entityId: existing.id, changes: { lead_id: input.leadId } });
  });
}
