import type { ApprovalRejectRequest, ApprovalRequestView } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { StaffActor } from '../../domain/actor.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { APPROVAL_INCLUDE, approvalViewOf } from './approval-view.ts';
import { DECISION_TX_OPTIONS, requestToDecide } from './approval-records.ts';

/** POST /approvals/{id}/reject/: a checker (not the maker) refuses a pending request, with a reason; nothing executes. */
export async function rejectRequest(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { id: number } & ApprovalRejectRequest): Promise<ApprovalRequestView> {
  const outcome = await deps.prisma.$transaction(async (tx) => {
    const now = deps.now();
    const open = await requestToDecide(tx, actor, input.id, now);
    if ('refusal' in open) return open;
    const { row } = open;
    const rejected = await tx.approvalRequest.update({ where: { id: row.id }, data: { state: 'REJECTED', decidedById: actor.staffId, decidedAt: now, reason: input.reason }, include: APPROVAL_INCLUDE });
    await recordAudit(tx, actor, {
      action: 'approval.reject',
      entity: 'ApprovalRequest',
      entityId: row.id,
      changes: { ...(row.dealId !== null && { deal_id: row.dealId }), approval_action: row.action, summary: row.summary, maker_id: row.makerId, reason: input.reason },
    });
    return { view: approvalViewOf(rejected, now) };
  }, DECISION_TX_OPTIONS);
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.view;
}
