import type { NotificationChannel, NotificationName, NotificationView } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { businessDateOf } from '../../domain/dates.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { composeNotification, ENTITY_OF } from './compose-notification.ts';
import { toNotificationView } from './notification-view.ts';
import { queueNotification } from './queue-notification.ts';

/** Midnight in Prague starting the business date of `instant`, as an instant. */
function startOfBusinessDay(instant: Date): Date {
  const day = businessDateOf(instant);
  // Prague is UTC+1 or +2: the first instant whose Prague date is `day` lies within 2 hours of 00:00 UTC.
  for (let h = -2; h <= 0; h++) {
    const t = new Date(`${day}T00:00:00Z`);
    t.setUTCHours(h);
    if (businessDateOf(t) === day) return t;
  }
  return new Date(`${day}T00:00:00Z`);
}

/**
 * GET|POST /notifications/notify/: sends `name` by `channel` about each entity now, staff only,
 * audited. Idempotent within a business day: a message of the same name, channel, entity and
 * recipient queued since midnight in Prague is answered (reused: true) instead of sending again —
 * a retried request, a double click or a crawler following the GET sends nothing twice. Runs
 * under an advisory lock per name, channel and entity, so two requests at once send once.
 */
export async function notify(
  deps: Pick<Deps, 'prisma' | 'config' | 'now'>,
  actor: StaffActor,
  input: { name: NotificationName; channel: NotificationChannel; entityIds: number[] },
): Promise<{ notifications: (NotificationView & { reused: boolean })[] }> {
  const out: (NotificationView & { reused: boolean })[] = [];
  const since = startOfBusinessDay(deps.now());
  for (const entityId of [...new Set(input.entityIds)]) {
    const done = await deps.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`notify:${input.name}:${input.channel}:${entityId}`}, 0))::text`;
      const name = `notify.${input.name.toLowerCase()}`;
      const entityType = ENTITY_OF[input.name];
      const messages = await composeNotification(tx, deps, { name: input.name, channel: input.channel, entityId });
      const rows: (NotificationView & { reused: boolean })[] = [];
      for (const message of messages) {
        const existing = await tx.notification.findFirst({
          where: { name, type: input.channel, entityType, entityId: String(entityId), recipient: message.recipient, createdAt: { gte: since } },
          orderBy: { id: 'desc' },
        });
        if (existing) {
          rows.push({ ...toNotificationView(existing), reused: true });
          continue;
        }
        const row = await queueNotification(deps, tx, { name, type: input.channel, entityType, entityId, ...message });
        rows.push({ ...toNotificationView(row), reused: false });
      }
      await recordAudit(tx, actor, {
        action: 'notification.notify',
        entity: entityType,
        entityId,
        changes: { name: input.name, channel: input.channel, sent: rows.filter((r) => !r.reused).map((r) => r.id), reused: rows.filter((r) => r.reused).map((r) => r.id), ...(entityType === 'Deal' ? { deal_id: entityId } : {}) },
      });
      return rows;
    });
    out.push(...done);
  }
  return { notifications: out };
}
