import { approvalMessages, type ApprovalRequestView } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { StaffActor } from '../../domain/actor.ts';
import { forbidden } from '../../domain/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { APPROVAL_INCLUDE, approvalViewOf } from './approval-view.ts';
import { DECISION_TX_OPTIONS, lockRequest, pendingOrRefusal } from './approval-records.ts';

/** POST /approvals/{id}/withdraw/: the maker takes back a pending request; nothing executes. */
export async function withdrawRequest(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { id: number }): Promise<ApprovalRequestView> {
  const outcome = await deps.prisma.$transaction(async (tx) => {
    const row = await lockRequest(tx, input.id);
    if (row.makerId !== actor.staffId) throw forbidden(approvalMessages.onlyMakerWithdraws);
    const now = deps.now();
    const refusal = await pendingOrRefusal(tx, actor, row, now);
    if (refusal) return { refusal };
    const withdrawn = await tx.approvalRequest.update({ where: { id: row.id }, data: { state: 'WITHDRAWN', decidedById: actor.staffId, decidedAt: now }, include: APPROVAL_INCLUDE });
    await recordAudit(tx, actor, {
      action: 'approval.withdraw',
      entity: 'ApprovalRequest',
      entityId: row.id,
      changes: { ...(row.dealId !== null && { deal_id: row.dealId }), approval_action: row.action, summary: row.summary },
    });
    return { view: approvalViewOf(withdrawn, now) };
  }, DECISION_TX_OPTIONS);
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.view;
}
