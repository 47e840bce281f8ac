import type { ApprovalRequestView } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { StaffActor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import { APPROVAL_INCLUDE, approvalViewOf } from './approval-view.ts';

/** GET /approvals/{id}/. */
export async function getApproval(deps: Pick<Deps, 'prisma' | 'now'>, _actor: StaffActor, input: { id: number }): Promise<ApprovalRequestView> {
  const row = await deps.prisma.approvalRequest.findUnique({ where: { id: input.id }, include: APPROVAL_INCLUDE });
  if (!row) throw notFound('Žádost o schválení nebyla nalezena.');
  return approvalViewOf(row, deps.now());
}
