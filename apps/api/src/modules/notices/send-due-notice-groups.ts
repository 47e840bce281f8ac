import { collectionsMessages } from '@lending/contracts';
import type { SystemActor } from '../../domain/actor.ts';
import { dbDate } from '../../domain/dates.ts';
import { DomainError } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { sendNoticeGroup, type SendDeps } from './send-notice-group.ts';

/**
 * The daily run of the collections job (docs/decisions/0048): sends every PREPARED group of an
 * automatic ladder step whose date has come, one transaction per group, oldest first. A payment
 * notice of a deal that has meanwhile paid everything overdue is cancelled with the reason
 * instead; a group none of whose addressees can be reached (no e-mail, phone or address) is
 * FAILED with the reason, for staff to find a contact; another refusal leaves the group prepared
 * for staff (logged). Stops between groups
 * when the worker is stopping. Acceleration groups (not automatic) wait for staff.
 */
export async function sendDueNoticeGroups(
  deps: SendDeps & Pick<Deps, 'logger'>,
  actor: SystemActor,
  input: { today: string; signal?: AbortSignal },
): Promise<{ sent: number; cancelled: number; failed: number; refused: number; notices: number }> {
  const counts = { sent: 0, cancelled: 0, failed: 0, refused: 0, notices: 0 };
  let after = 0;
  for (;;) {
    const batch = await deps.prisma.noticeGroup.findMany({
      where: { state: 'PREPARED', date: { lte: dbDate(input.today) }, step: { autoSend: true }, id: { gt: after } },
      select: { id: true, dealId: true },
      orderBy: { id: 'asc' },
      take: 200,
    });
    if (batch.length === 0) return counts;
    for (const group of batch) {
      if (input.signal?.aborted) return counts;
      after = group.id;
      try {
        const sent = await sendNoticeGroup(deps, actor, { dealId: group.dealId, id: group.id });
        counts.sent += 1;
        counts.notices += sent.notices.filter((n) => n.state === 'SENT').length;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        if (error.message === collectionsMessages.nothingOverdue) {
          await deps.prisma.noticeGroup.updateMany({ where: { id: group.id, state: 'PREPARED' }, data: { state: 'CANCELLED', cancelledAt: deps.now(), cancelReason: error.message } });
          await deps.prisma.notice.updateMany({ where: { groupId: group.id, state: 'PREPARED' }, data: { state: 'CANCELLED' } });
          counts.cancelled += 1;
        } else if (error.message === collectionsMessages.noneToSend && (await deps.prisma.notice.count({ where: { groupId: group.id } })) === 0) {
          // Nobody of the deal can be reached (no e-mail, phone or address): staff see it failed.
          await deps.prisma.noticeGroup.updateMany({ where: { id: group.id, state: 'PREPARED' }, data: { state: 'FAILED', cancelReason: collectionsMessages.noAddressee } });
          counts.failed += 1;
        } else {
          deps.logger.warn({ component: 'collections', groupId: group.id, reason: error.message }, 'notice group not sent');
          counts.refused += 1;
        }
      }
    }
  }
}
