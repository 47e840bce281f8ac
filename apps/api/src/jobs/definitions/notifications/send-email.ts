import { z } from 'zod';
import { defineJob } from '../../queue.ts';

/**
 * Sends one outbox e-mail (a `notifications` row of type EMAIL) over SMTP_URL. Queued by
 * queueEmail() in the transaction that writes the row, so the e-mail goes out exactly when
 * the change that caused it is stored.
 */
export const sendEmailJob = defineJob({
  name: 'notifications.send-email',
  payload: z.object({ notification_id: z.number().int().positive() }),
  // A mail server away for a while is retried after e^attempt seconds: 2.7 s, 7.4 s, 20 s,
  // 55 s, 2.5 min, 6.7 min, 18 min, about half an hour in all; then the e-mail FAILS.
  attempts: 8,
  key: (p) => `notification:${p.notification_id}`,
});
