import { APPROVAL_CHECKER_PERMISSION, approvalMessages, roleHolds, type ApprovalAction } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { conflict, forbidden, notFound, type DomainError } from '../../domain/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { APPROVAL_INCLUDE, effectiveState, type ApprovalRow } from './approval-view.ts';
import type { AnyFourEyesAction, Tx } from './four-eyes.ts';

/** The registry of four-eyes actions by name, assembled where the modules meet (app.ts). */
export type ApprovalActions = { readonly [A in ApprovalAction]?: AnyFourEyesAction };

export const DECISION_TX_OPTIONS = { timeout: 60_000, maxWait: 15_000 } as const;

/** Decided once: the decision waits for any other decision of the same request (row lock). */
export async function lockRequest(tx: Tx, id: number): Promise<ApprovalRow> {
  await tx.$queryRaw`SELECT id FROM approval_requests WHERE id = ${id} FOR UPDATE`;
  const row = await tx.approvalRequest.findUnique({ where: { id }, include: APPROVAL_INCLUDE });
  if (!row) throw notFound('Žádost o schválení nebyla nalezena.');
  return row;
}

/**
 * A pending request, or the refusal to decide it: decided already (a conflict), or expired — then
 * the expiry is recorded (the caller commits it and throws the refusal after).
 */
export async function pendingOrRefusal(tx: Tx, actor: StaffActor, row: ApprovalRow, now: Date): Promise<DomainError | null> {
  const state = effectiveState(row, now);
  if (state === 'EXPIRED' && row.state === 'PENDING') {
    await tx.approvalRequest.update({ where: { id: row.id }, data: { state: 'EXPIRED' } });
    await recordAudit(tx, actor, { action: 'approval.expire', entity: 'ApprovalRequest', entityId: row.id, changes: { ...(row.dealId !== null && { deal_id: row.dealId }), approval_action: row.action } });
    return conflict(approvalMessages.expired, { state: 'EXPIRED' });
  }
  if (state !== 'PENDING') return conflict(approvalMessages.notPending(state), { state });
  return null;
}

/** A checker: never the maker (ADMIN neither), and holding the action's checker permission. */
export function assertChecker(actor: StaffActor, row: ApprovalRow): void {
  if (row.makerId === actor.staffId) throw forbidden(approvalMessages.ownRequest);
  if (!roleHolds(actor.role, APPROVAL_CHECKER_PERMISSION[row.action as ApprovalAction])) throw forbidden();
}

/** A request a checker may decide now: locked, pending and not expired, not the checker's own; or the refusal (expiry recorded). */
export async function requestToDecide(tx: Tx, actor: StaffActor, id: number, now: Date): Promise<{ row: ApprovalRow } | { refusal: DomainError }> {
  const row = await lockRequest(tx, id);
  const refusal = await pendingOrRefusal(tx, actor, row, now);
  if (refusal) return { refusal };
  assertChecker(actor, row);
  return { row };
}
