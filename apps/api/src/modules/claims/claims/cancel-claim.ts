import type { Deps } from '../../../deps.ts';
import { recordStaffAudit, type StaffActor } from '../../audit/record-staff-audit.ts';
import { lockDeal, TX_OPTIONS } from '../deal-records.ts';
import { lockClaim } from './claim-record.ts';
import { assertClaimChangeable } from './claim-rules.ts';

/**
 * DELETE /deals/{dealId}/claims/{id}/: cancels an unpaid live claim (claims are never deleted).
 * A group left without a live claim is cancelled with it.
 */
export async function cancelClaim(deps: Pick<Deps, 'prisma' | 'now'>, ids: { dealId: number; id: number }, actor: StaffActor): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    await lockDeal(tx, ids.dealId);
    const claim = await lockClaim(tx, ids.dealId, ids.id);
    assertClaimChangeable(claim, { amount: true });
    const now = deps.now();
    await tx.claim.update({ where: { id: claim.id }, data: { cancelledAt: now } });
    if (claim.claimsGroupId && !(await tx.claim.count({ where: { claimsGroupId: claim.claimsGroupId, cancelledAt: null } }))) {
      await tx.claimsGroup.update({ where: { id: claim.claimsGroupId }, data: { cancelledAt: now } });
    }
    await recordStaffAudit(tx, actor, { action: 'claim.cancel', entity: 'Claim', entityId: claim.id, changes: { deal_id: ids.dealId, type: claim.type, amount: claim.amount.toFixed(2) } });
  }, TX_OPTIONS);
}
