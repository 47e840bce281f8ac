import { notificationListQuery, notificationPreview, notificationPreviewQuery, notificationView, notifyQuery, notifyResult, pageOf } from '@lending/contracts';
import { badInput, notFoundDoc } from '../../http/responses.ts';
import { access, defineRoute, type RouteDef } from '../../http/routes.ts';
import { listNotifications } from './list-notifications.ts';
import { notify } from './notify.ts';
import { previewNotification } from './preview-notification.ts';

const tags = ['notifications'];
const entities = (q: { entity_id?: number; entity_ids?: number[] }) => [...(q.entity_id !== undefined ? [q.entity_id] : []), ...(q.entity_ids ?? [])];
const sent = { description: 'The messages queued, or found already sent that business day (reused)', schema: notifyResult };
const notifySummary =
  'Send notification_name (PAYMENT_REMINDER, NOTICE_COPY, DEAL_ALERT) by notification_type to entity_id / entity_ids. Idempotent per name, channel, entity and recipient within a business day; audited';

/** The outbox of every channel and staff-triggered messages (docs/decisions/0048). */
export const notificationRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/notifications/',
    access: access.staff('staff.read'),
    summary: 'The outbox: every e-mail, SMS, letter and Slack message with its delivery state; filters entity_id, entity_ids, notification_name, notification_type, state; failed first by default',
    tags,
    query: notificationListQuery,
    responses: { 200: { description: 'Page of notifications', schema: pageOf(notificationView) }, ...badInput },
    handler: ({ deps, actor, query }) => listNotifications(deps, actor, query),
  }),
  // The spec makes notify a GET; it stays one, made safe (staff permission, idempotent, audited), and POST does the same.
  ...(['get', 'post'] as const).map((method) =>
    defineRoute({
      method,
      path: '/api/v1/notifications/notify/',
      access: access.staff('collections.write'),
      summary: notifySummary,
      tags,
      query: notifyQuery,
      responses: { 200: sent, ...badInput, ...notFoundDoc('entity') },
      handler: ({ deps, actor, query }) => notify(deps, actor, { name: query.notification_name, channel: query.notification_type, entityIds: entities(query) }),
    }),
  ),
  defineRoute({
    method: 'get',
    path: '/api/v1/notifications/preview/',
    access: access.staff('staff.read'),
    summary: 'What notify would send for one entity: i is a 0-based index into the entities (entity_id first, then entity_ids); nothing is written',
    tags,
    query: notificationPreviewQuery,
    responses: { 200: { description: 'Recipients and text', schema: notificationPreview }, ...badInput, ...notFoundDoc('entity') },
    handler: ({ deps, actor, query }) => previewNotification(deps, actor, { name: query.notification_name, channel: query.notification_type, entityIds: entities(query), i: query.i }),
  }),
];
