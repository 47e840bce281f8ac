import type { ApprovalAction, ApprovalRequestView, ApprovalState } from '@lending/contracts';
import type { Prisma } from '../../generated/prisma/client.ts';

const STAFF = { select: { id: true, firstName: true, lastName: true, email: true } } as const;
export const APPROVAL_INCLUDE = { maker: STAFF, decidedBy: STAFF } as const;

export type ApprovalRow = Prisma.ApprovalRequestGetPayload<{ include: typeof APPROVAL_INCLUDE }>;

const staffRef = (s: { id: number; firstName: string; lastName: string; email: string }) => ({ id: s.id, name: `${s.firstName} ${s.lastName}`.trim() || s.email });

/** The state as staff see it: a pending request past its expiry has expired. */
export function effectiveState(row: { state: string; expiresAt: Date }, now: Date): ApprovalState {
  return row.state === 'PENDING' && row.expiresAt <= now ? 'EXPIRED' : (row.state as ApprovalState);
}

export function approvalViewOf(row: ApprovalRow, now: Date): ApprovalRequestView {
  return {
    object: 'approval_request',
    id: row.id,
    action: row.action as ApprovalAction,
    state: effectiveState(row, now),
    summary: row.summary,
    deal: row.dealId,
    amount: row.amount ? row.amount.toFixed(2) : null,
    input: row.input,
    maker: staffRef(row.maker),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    decided_by: row.decidedBy ? staffRef(row.decidedBy) : null,
    decided_at: row.decidedAt ? row.decidedAt.toISOString() : null,
    reason: row.reason,
    failure: row.failure,
    result: (row.result as Record<string, unknown> | null) ?? null,
  };
}
