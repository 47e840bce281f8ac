import type { Deps } from '../../../deps.ts';
import type { StaffActor } from '../../../domain/actor.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { lockDeal, TX_OPTIONS } from '../deal-records.ts';
import { lockClaim } from './claim-record.ts';
import { assertClaimChangeable } from './claim-rules.ts';

/**
 * DELETE /deals/{dealId}/claims/{id}/: cancels an unpaid live claim (claims are never deleted).
 * A group left without a live claim is cancelled with it.
 */
export async function cancelClaim(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { dealId: number; id: number }): Promise<void> {
  const { dealId, id } = input;
  await deps.prisma.$transaction(async (tx) => {
    await lockDeal(tx, dealId);
    const claim = await lockClaim(tx, dealId, id);
    assertClaimChangeable(claim, { amount: true });
    const now = deps.now();
    await tx.claim.update({ where: { id: claim.id }, data: { cancelledAt: now } });
    if (claim.claimsGroupId && !(await tx.claim.count({ where: { claimsGroupId: claim.claimsGroupId, cancelledAt: null } }))) {
      await tx.claimsGroup.update({ where: { id: claim.claimsGroupId }, data: { cancelledAt: now } });
    }
    await recordAudit(tx, actor, { action: 'claim.cancel', entity: 'Claim', entityId: claim.id, changes: { deal_id: dealId, type: claim.type, amount: claim.amount.toFixed(2) } });
  }, TX_OPTIONS);
}
