import { approvalMessages, isApprovalRequest, type ApprovalRequestView } from '@lending/contracts';
import { mutate } from 'swr';
import { showToast } from './toast';

/** The SWR key prefix of the approvals lists (the navigation's count among them). */
export const APPROVALS_KEY_PREFIX = '/api/v1/approvals/';

/** Refreshes every approvals list on screen (the inbox, the navigation's count). */
export function revalidateApprovals(): Promise<unknown> {
  return mutate((key) => typeof key === 'string' && key.startsWith(APPROVALS_KEY_PREFIX));
}

/**
 * The answer of a four-eyes action (ADR 0045): the action's result, or — answered 202 — the
 * approval request made instead; then staff are told that nothing changed yet, and `done` is not
 * called. Returns whether the action was done.
 */
export function afterFourEyes<T>(answer: T | ApprovalRequestView, done: (result: T) => void): answer is T {
  if (isApprovalRequest(answer)) {
    showToast(approvalMessages.submitted(answer.id), 'info');
    void revalidateApprovals();
    return false;
  }
  done(answer as T);
  return true;
}
