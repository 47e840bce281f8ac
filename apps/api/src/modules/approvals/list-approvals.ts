import { APPROVAL_CHECKER_PERMISSION, ApprovalAction, roleHolds, type ApprovalListQuery, type ApprovalRequestView } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { StaffActor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { APPROVAL_INCLUDE, approvalViewOf } from './approval-view.ts';

const columns = { created_at: 'createdAt', expires_at: 'expiresAt', id: 'id' } as const;

/** The filter of a list query; a pending request past its expiry counts as EXPIRED. */
export function approvalWhere(actor: StaffActor, query: ApprovalListQuery, now: Date): Prisma.ApprovalRequestWhereInput {
  const pending: Prisma.ApprovalRequestWhereInput = { state: 'PENDING', expiresAt: { gt: now } };
  const and: Prisma.ApprovalRequestWhereInput[] = [];
  if (query.state === 'PENDING') and.push(pending);
  else if (query.state === 'EXPIRED') and.push({ OR: [{ state: 'EXPIRED' }, { state: 'PENDING', expiresAt: { lte: now } }] });
  else if (query.state) and.push({ state: query.state });
  if (query.actionable) {
    const mayDecide = ApprovalAction.values.filter((a) => roleHolds(actor.role, APPROVAL_CHECKER_PERMISSION[a]));
    and.push(pending, { makerId: { not: actor.staffId } }, { action: { in: mayDecide } });
  }
  if (query.action) and.push({ action: query.action });
  if (query.maker !== undefined) and.push({ makerId: query.maker });
  if (query.deal !== undefined) and.push({ dealId: query.deal });
  if (query.older_than_days !== undefined) and.push({ createdAt: { lte: new Date(now.getTime() - query.older_than_days * 86_400_000) } });
  return { AND: and };
}

/** GET /approvals/: approval requests, newest first by default; `actionable=true` is the checker's inbox. */
export async function listApprovals(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, query: ApprovalListQuery): Promise<ResultPage<ApprovalRequestView>> {
  const now = deps.now();
  const where = approvalWhere(actor, query, now);
  return paginate(
    query,
    () => deps.prisma.approvalRequest.count({ where }),
    async ({ skip, take }) => {
      const rows = await deps.prisma.approvalRequest.findMany({
        where,
        skip,
        take,
        include: APPROVAL_INCLUDE,
        orderBy: [...query.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'desc' as const }],
      });
      return rows.map((r) => approvalViewOf(r, now));
    },
  );
}
