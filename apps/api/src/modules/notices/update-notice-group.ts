import { collectionsMessages, type NoticeGroup, type NoticeGroupUpdateRequest } from '@lending/contracts';
import type { z } from 'zod';
import type { noticeGroupUpdateRequest } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { dbDate, fromDbDate, today } from '../../domain/dates.ts';
import { invalid } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { addressNotices, ADDRESSEE_ROLES } from './queue-ladder-notices.ts';
import { readNoticeGroup } from './notice-views.ts';
import { lockPreparedGroup } from './send-notice-group.ts';

export type { NoticeGroupUpdateRequest };

/**
 * PUT /deals/{dealId}/notice-groups/{id}/: staff set a prepared group's date (its figures' day and
 * the day the job may send it; not in the past), channels, addressees and note — its prepared
 * notices are made again for them by the ladder's own addressing — or cancel it with a reason.
 */
export async function updateNoticeGroup(
  deps: Pick<Deps, 'prisma' | 'now'>,
  actor: StaffActor,
  input: { dealId: number; id: number; changes: z.output<typeof noticeGroupUpdateRequest> },
): Promise<NoticeGroup> {
  const { changes } = input;
  return deps.prisma.$transaction(async (tx) => {
    const group = await lockPreparedGroup(tx, input.dealId, input.id);
    if (changes.state === 'CANCELLED') {
      await tx.noticeGroup.update({ where: { id: group.id }, data: { state: 'CANCELLED', cancelledAt: deps.now(), cancelReason: changes.cancel_reason! } });
      await tx.notice.updateMany({ where: { groupId: group.id, state: 'PREPARED' }, data: { state: 'CANCELLED' } });
      await recordAudit(tx, actor, { action: 'notice_group.cancel', entity: 'NoticeGroup', entityId: group.id, changes: { deal_id: group.dealId, reason: changes.cancel_reason! } });
      return readNoticeGroup(tx, group.id);
    }
    if (changes.date < today(deps) && changes.date !== fromDbDate(group.date)) throw invalid({ date: [collectionsMessages.dateInPast] });
    const onDeal = await tx.dealParticipant.findMany({ where: { dealId: group.dealId, role: { in: [...ADDRESSEE_ROLES] } }, select: { personId: true } });
    const allowed = new Set(onDeal.map((p) => p.personId));
    const stranger = changes.addressees.find((id) => !allowed.has(id));
    if (stranger !== undefined) throw invalid({ addressees: [collectionsMessages.addresseeNotOnDeal] });
    const channels = [...new Set(changes.channels)];
    await tx.noticeGroup.update({ where: { id: group.id }, data: { date: dbDate(changes.date), channels, note: changes.note } });
    await tx.notice.deleteMany({ where: { groupId: group.id, state: 'PREPARED' } });
    const persons = [...new Set(changes.addressees)];
    await tx.$queryRaw`
      WITH new_groups AS (SELECT id, deal_id, channels FROM notice_groups WHERE id = ${group.id}),
      ${addressNotices(Prisma.sql`AND p.id = ANY(${persons}::int[])`)}
      SELECT count(*)::int AS notices FROM new_notices`;
    await recordAudit(tx, actor, {
      action: 'notice_group.update',
      entity: 'NoticeGroup',
      entityId: group.id,
      changes: { deal_id: group.dealId, date: changes.date, channels, addressees: persons, note: changes.note },
    });
    return readNoticeGroup(tx, group.id);
  });
}
