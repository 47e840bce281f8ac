import { z } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { Notification, Prisma } from '../../generated/prisma/client.ts';
import { queueNotification } from './queue-notification.ts';

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
 * Puts an e-mail in the outbox: a Notification row of type EMAIL. With a mail server
 * (EMAIL_PROVIDER=smtp) the row is PENDING and its send job is queued; in the sandbox it is
 * kept as SANDBOX, never sent, and staff read it in the back-office. Pass the transaction of the
 * write that causes the e-mail, so the message (and its sending) exists exactly when the change
 * does.
 */
export async function queueEmail(
  deps: Pick<Deps, 'config'>,
  db: Pick<Prisma.TransactionClient, 'notification' | '$executeRaw'>,
  email: Email,
): Promise<Notification> {
  const recipient = email.recipient.trim();
  if (!address.safeParse(recipient).success) throw new Error(`queueEmail: not an e-mail address: ${JSON.stringify(recipient)}`);
  return queueNotification(deps, db, { ...email, recipient, type: 'EMAIL' });
}
