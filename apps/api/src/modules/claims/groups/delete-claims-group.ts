import { claimMessages, type ClaimsGroupKind } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import { conflict } from '../../../http/errors.ts';
import { recordStaffAudit, type StaffActor } from '../../audit/record-staff-audit.ts';
import { cancelGroups } from '../generation/claims-generation.ts';
import { lockDeal, todayOf, TX_OPTIONS } from '../deal-records.ts';
import { lockGroup } from './group-record.ts';
import { assertGroupChangeable } from './group-rules.ts';

/**
 * DELETE /deals/{dealId}/claims-group[-lease|-leaseback]/{id}/: cancels a future group with
 * nothing paid, with its claims (kept as history, never deleted). A loan installment carrying
 * principal is the model's: 409 (a restructuring reschedules it), so the principal stays claimed.
 */
export async function deleteClaimsGroup(deps: Pick<Deps, 'prisma' | 'now'>, ids: { dealId: number; id: number }, kind: ClaimsGroupKind, actor: StaffActor): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    await lockDeal(tx, ids.dealId);
    const group = await lockGroup(tx, ids.dealId, kind, ids.id);
    assertGroupChangeable(group, todayOf(deps));
    if (group.claims.some((c) => !c.cancelledAt && c.type === 'PRINCIPAL')) throw conflict(claimMessages.principalOfSchedule);
    const cancelled = await cancelGroups(tx, [group.id], deps.now());
    await recordStaffAudit(tx, actor, { action: 'claims_group.cancel', entity: 'ClaimsGroup', entityId: group.id, changes: { deal_id: ids.dealId, kind, cancelled_claims: cancelled.claims } });
  }, TX_OPTIONS);
}
