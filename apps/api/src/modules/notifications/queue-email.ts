import { z } from '@lending/contracts';
import type { Notification, Prisma } from '../../generated/prisma/client.ts';

/** An e-mail to send: what it is about (entity), to whom, and its text. */
export interface Email {
  /** What kind of message it is, e.g. 'lead.offer', 'form.resend'. */
  name: string;
  recipient: string;
  subject: string;
  body: string;
  entityType?: string;
  entityId?: string | number;
}

const address = z.email();

/**
 * Queues an e-mail in the outbox: a Notification row (type EMAIL, state PENDING). Nothing is
 * sent here; in the sandbox the outbox is the channel staff read, and a sender may later work
 * the PENDING rows. Pass the transaction of the write that causes the e-mail, so the message
 * exists exactly when the change does.
 */
export async function queueEmail(db: Pick<Prisma.TransactionClient, 'notification'>, email: Email): Promise<Notification> {
  const recipient = email.recipient.trim();
  if (!address.safeParse(recipient).success) throw new Error(`queueEmail: not an e-mail address: ${JSON.stringify(recipient)}`);
  return db.notification.create({
    data: {
      name: email.name,
      type: 'EMAIL',
      state: 'PENDING',
      entityType: email.entityType ?? null,
      entityId: email.entityId === undefined ? null : String(email.entityId),
      recipient,
      subject: email.subject,
      body: email.body,
    },
  });
}
