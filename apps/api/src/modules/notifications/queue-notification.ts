import type { NotificationChannel } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { Notification, Prisma } from '../../generated/prisma/client.ts';
import { deliverNotificationJob } from '../../jobs/definitions/notifications/deliver-notification.ts';
import { sendEmailJob } from '../../jobs/definitions/notifications/send-email.ts';

/** A message for the outbox by any channel (docs/decisions/0048). */
export interface OutboxMessage {
  name: string;
  type: NotificationChannel;
  /** E-mail address, E.164 phone number, postal address on one line, or the Slack channel's label. */
  recipient: string;
  subject?: string | null;
  body: string;
  entityType?: string;
  entityId?: string | number;
  /** A stored file sent with it (an e-mail's attachment, a letter's PDF). */
  attachment?: { key: string; name: string };
}

/**
 * Whether the channel has a real provider configured: otherwise its messages are kept as SANDBOX,
 * never sent (the outbox shows them). MAIL: letters are PENDING until the daily print batch
 * takes them when the batch is on.
 */
export function channelLive(config: Deps['config'], type: NotificationChannel): boolean {
  switch (type) {
    case 'EMAIL':
      return config.EMAIL_PROVIDER === 'smtp';
    case 'SMS':
      return config.SMS_PROVIDER === 'http';
    case 'SLACK':
      return config.SLACK_PROVIDER === 'webhook';
    case 'MAIL':
      return config.MAIL_PRINT_PROVIDER === 'batch';
  }
}

/**
 * Puts a message in the outbox in the caller's transaction, with its delivery job when the
 * channel is live (e-mail: the SMTP job; SMS and Slack: the delivery job; letters: the daily
 * print batch), so it exists — and goes out — exactly when the change that caused it commits.
 */
export async function queueNotification(
  deps: Pick<Deps, 'config'>,
  db: Pick<Prisma.TransactionClient, 'notification' | '$executeRaw'>,
  message: OutboxMessage,
): Promise<Notification> {
  const live = channelLive(deps.config, message.type);
  const row = await db.notification.create({
    data: {
      name: message.name,
      type: message.type,
      state: live ? 'PENDING' : 'SANDBOX',
      entityType: message.entityType ?? null,
      entityId: message.entityId === undefined ? null : String(message.entityId),
      recipient: message.recipient,
      subject: message.subject ?? null,
      body: message.body,
      attachmentKey: message.attachment?.key ?? null,
      attachmentName: message.attachment?.name ?? null,
    },
  });
  if (live && message.type === 'EMAIL') await sendEmailJob.enqueue(db, { notification_id: row.id });
  if (live && (message.type === 'SMS' || message.type === 'SLACK')) await deliverNotificationJob.enqueue(db, { notification_id: row.id });
  return row;
}
