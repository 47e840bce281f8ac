import { approvalMessages, type ApprovalRequestView } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { StaffActor } from '../../domain/actor.ts';
import { conflict, DomainError } from '../../domain/errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { APPROVAL_INCLUDE, approvalViewOf } from './approval-view.ts';
import { DECISION_TX_OPTIONS, requestToDecide, type ApprovalActions } from './approval-records.ts';
import { depsWithin } from './four-eyes.ts';

/** A domain error in the words staff read: its message, and the problems it lists (a refused state change). */
function failureOf(error: DomainError): string {
  const problems = Array.isArray(error.data.problems) ? (error.data.problems as { message?: unknown }[]).map((p) => p.message).filter((m): m is string => typeof m === 'string') : [];
  return [error.message, ...problems.filter((p) => !error.message.includes(p))].join(' ');
}

/**
 * POST /approvals/{id}/approve/: a second user approves a pending request, and the action executes
 * — as its maker asked it, validated again against the data as it is now, in one transaction with
 * the request's change of state. Two checkers at once: the second waits on the row lock and finds
 * it decided. An action the data no longer allows (the claim was paid meanwhile) leaves the
 * request FAILED with the action's Czech reason, and answers that as a conflict.
 */
export async function approveRequest(deps: Deps, actor: StaffActor, input: { id: number; actions: ApprovalActions }): Promise<ApprovalRequestView> {
  const outcome = await deps.prisma.$transaction(async (tx) => {
    const now = deps.now();
    const open = await requestToDecide(tx, actor, input.id, now);
    if ('refusal' in open) return open;
    const { row } = open;
    const def = input.actions[row.action as keyof ApprovalActions];
    if (!def) throw new Error(`no four-eyes action ${row.action} is registered`);
    const maker = await tx.staffUser.findUniqueOrThrow({ where: { id: row.makerId }, select: { id: true, role: true } });
    // The maker's action, by the maker's role as it is now, on the checker's request (its id and address in the audit log).
    const makerActor: StaffActor = { kind: 'staff', staffId: maker.id, role: maker.role, meta: actor.meta };
    const audited = { ...(row.dealId !== null && { deal_id: row.dealId }), approval_action: row.action, summary: row.summary, maker_id: row.makerId };
    await tx.$executeRawUnsafe('SAVEPOINT four_eyes');
    let result: unknown;
    try {
      result = await def.execute(depsWithin(deps, tx), makerActor, def.input.parse(row.input));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      await tx.$executeRawUnsafe('ROLLBACK TO SAVEPOINT four_eyes');
      const failure = failureOf(error);
      const failed = await tx.approvalRequest.update({ where: { id: row.id }, data: { state: 'FAILED', decidedById: actor.staffId, decidedAt: now, failure }, include: APPROVAL_INCLUDE });
      await recordAudit(tx, actor, { action: 'approval.fail', entity: 'ApprovalRequest', entityId: row.id, changes: { ...audited, failure } });
      return { refusal: conflict(approvalMessages.failed(failure), { approval: approvalViewOf(failed, now) }) };
    }
    const made = def.resultOf(result) as Prisma.InputJsonValue;
    const executed = await tx.approvalRequest.update({ where: { id: row.id }, data: { state: 'EXECUTED', decidedById: actor.staffId, decidedAt: now, result: made }, include: APPROVAL_INCLUDE });
    await recordAudit(tx, actor, { action: 'approval.approve', entity: 'ApprovalRequest', entityId: row.id, changes: { ...audited, result: made } });
    return { view: approvalViewOf(executed, now) };
  }, DECISION_TX_OPTIONS);
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.view;
}
