import type { NotificationChannel, NotificationState, NotificationView, OrderingKey } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { toNotificationView } from './notification-view.ts';

type Field = 'failed' | 'id' | 'created_at' | 'state' | 'sent_at';
const COLUMNS: Record<Exclude<Field, 'failed'>, string> = { id: 'id', created_at: 'created_at', state: 'state', sent_at: 'sent_at' };

/**
 * GET /notifications/: the outbox of every channel, filtered by entity (entity_id, entity_ids),
 * name, channel (notification_type) and state; by default the FAILED ones first, then the newest.
 */
export async function listNotifications(
  deps: Pick<Deps, 'prisma'>,
  _actor: Actor,
  input: {
    page: number;
    page_size: number;
    entity_id?: string;
    entity_ids?: string[];
    notification_name?: string;
    notification_type?: NotificationChannel;
    state?: NotificationState;
    ordering: OrderingKey<Field>[];
  },
): Promise<ResultPage<NotificationView>> {
  const entityIds = [...(input.entity_id ? [input.entity_id] : []), ...(input.entity_ids ?? [])];
  const where = Prisma.join(
    [
      Prisma.sql`true`,
      ...(entityIds.length ? [Prisma.sql`entity_id = ANY(${entityIds}::text[])`] : []),
      ...(input.notification_name ? [Prisma.sql`name = ${input.notification_name}`] : []),
      ...(input.notification_type ? [Prisma.sql`type = ${input.notification_type}::"NotificationChannel"`] : []),
      ...(input.state ? [Prisma.sql`state = ${input.state}::"NotificationState"`] : []),
    ],
    ' AND ',
  );
  const order = Prisma.raw(
    [
      ...input.ordering.map((o) =>
        o.field === 'failed' ? `(state = 'FAILED') ${o.direction === 'asc' ? 'DESC' : 'ASC'}` : `${COLUMNS[o.field]} ${o.direction.toUpperCase()}${o.field === 'sent_at' ? ' NULLS LAST' : ''}`,
      ),
      'id DESC',
    ].join(', '),
  );
  return paginate(
    input,
    async () => Number((await deps.prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM notifications WHERE ${where}`)[0]!.n),
    async ({ skip, take }) => {
      const ids = await deps.prisma.$queryRaw<{ id: number }[]>`SELECT id FROM notifications WHERE ${where} ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`;
      const rows = await deps.prisma.notification.findMany({ where: { id: { in: ids.map((r) => r.id) } } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((r) => toNotificationView(byId.get(r.id)!));
    },
  );
}
