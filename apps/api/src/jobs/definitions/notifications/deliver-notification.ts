import { z } from 'zod';
import { defineJob } from '../../queue.ts';

/**
 * Delivers one outbox SMS or Slack message (docs/decisions/0048). Queued with the row in one
 * transaction (queueNotification), retried with graphile-worker's back-off while the gateway is
 * away, then FAILED with a Czech reason staff see in the outbox.
 */
export const deliverNotificationJob = defineJob({
  name: 'notifications.deliver',
  payload: z.object({ notification_id: z.number().int().positive() }),
  // e^attempt seconds between attempts: about half an hour in all, as e-mails.
  attempts: 8,
  key: (p) => `notification:${p.notification_id}`,
});
