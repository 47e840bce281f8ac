import type { NotificationView } from '@lending/contracts';
import type { Notification } from '../../generated/prisma/client.ts';

export function toNotificationView(n: Notification): NotificationView {
  return {
    id: n.id,
    name: n.name,
    type: n.type,
    state: n.state,
    entity_type: n.entityType,
    entity_id: n.entityId,
    recipient: n.recipient,
    subject: n.subject,
    body: n.body,
    attempts: n.attempts,
    error: n.error,
    has_attachment: n.attachmentKey !== null,
    sent_at: n.sentAt?.toISOString() ?? null,
    created_at: n.createdAt.toISOString(),
  };
}
