import { claimMessages, type ClaimsGroupKind } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import { conflict } from '../../../domain/errors.ts';
import type { StaffActor } from '../../../domain/actor.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { cancelGroups } from '../generation/claims-generation.ts';
import { today } from '../../../domain/dates.ts';
import { lockDeal, TX_OPTIONS } from '../deal-records.ts';
import { lockGroup } from './group-record.ts';
import { assertGroupChangeable } from './group-rules.ts';

/**
 * DELETE /deals/{dealId}/claims-group[-lease|-leaseback]/{id}/: cancels a future group with
 * nothing paid, with its claims (kept as history, never deleted). A loan installment carrying
 * principal is the model's: a conflict (a restructuring reschedules it), so the principal stays claimed.
 */
export async function deleteClaimsGroup(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { dealId: number; kind: ClaimsGroupKind; id: number }): Promise<void> {
  const { dealId, kind, id } = input;
  await deps.prisma.$transaction(async (tx) => {
    await lockDeal(tx, dealId);
    const group = await lockGroup(tx, dealId, kind, id);
    assertGroupChangeable(group, today(deps));
    if (group.claims.some((c) => !c.cancelledAt && c.type === 'PRINCIPAL')) throw conflict(claimMessages.principalOfSchedule);
    const cancelled = await cancelGroups(tx, [group.id], deps.now());
    await recordAudit(tx, actor, { action: 'claims_group.cancel', entity: 'ClaimsGroup', entityId: group.id, changes: { deal_id: dealId, kind, cancelled_claims: cancelled.claims } });
  }, TX_OPTIONS);
}
