import { alertFailedDelivery } from '../../../modules/notifications/alert-failed-delivery.ts';
import type { Deps } from '../../../deps.ts';
import { mailerFor, mailFailure, MailFailed, type EmailAttachment } from '../../../integrations/mail/index.ts';
import { storageFor } from '../../../integrations/storage/index.ts';
import type { JobHandler } from '../../queue.ts';
import type { sendEmailJob } from './send-email.ts';

export const sendEmailMessages = {
  interrupted: 'Odesílání bylo opakovaně přerušeno (restart nebo výpadek serveru).',
} as const;

/** The Message-ID of an outbox row: the same for every attempt, unique across databases. */
export function messageIdOf(row: { id: number; createdAt: Date }, from: string | undefined): string {
  const domain = /@([^>\s]+)/.exec(from ?? '')?.[1] ?? 'localhost';
  return `<outbox-${row.id}-${row.createdAt.getTime()}@${domain}>`;
}

/**
 * One attempt to send an outbox e-mail. The row keeps what staff see: PENDING with the
 * attempts so far and the last error while retried, then SENT (with sent_at) or FAILED with a
 * Czech reason. A server answering 5xx refuses for good (FAILED at once); an unreachable server
 * or a 4xx answer is retried after graphile-worker's back-off. Without SMTP_URL (it was removed
 * after the e-mail was queued) the e-mail is kept as SANDBOX.
 *
 * Delivery is at least once: a server that accepted the message while our record of it failed
 * (the database went away) gets it again on the next attempt, with the same Message-ID.
 */
export const handleSendEmail: JobHandler<typeof sendEmailJob.payload> = async (deps, payload, run) => {
  const id = payload.notification_id;
  const log = deps.logger.child({ component: 'job', job: 'notifications.send-email', notificationId: id, attempt: run.attempt });
  const pending = { id, type: 'EMAIL' as const, state: 'PENDING' as const };
  const { count } = await deps.prisma.notification.updateMany({ where: pending, data: { attempts: run.attempt } });
  if (count === 0) return; // sent, failed or kept as sandbox meanwhile
  const row = await deps.prisma.notification.findUniqueOrThrow({ where: { id } });

  const mailer = mailerFor(deps);
  if (!mailer) {
    await deps.prisma.notification.updateMany({ where: pending, data: { state: 'SANDBOX', attempts: 0 } });
    log.info('no SMTP_URL: e-mail kept in the outbox as a sandbox mail');
    return;
  }
  if (run.attempt > run.attempts) {
    await record(deps, id, { state: 'FAILED', error: sendEmailMessages.interrupted });
    log.warn('e-mail abandoned after repeated interruptions');
    return;
  }

  try {
    // A notice's PDF as stored when it was sent (docs/decisions/0048).
    const attachments: EmailAttachment[] = [];
    if (row.attachmentKey) {
      const file = await storageFor(deps).get(row.attachmentKey);
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(chunk as Buffer);
      attachments.push({ filename: row.attachmentName ?? 'priloha.pdf', content: Buffer.concat(chunks), contentType: 'application/pdf' });
    }
    await mailer.send(
      { to: row.recipient, subject: row.subject ?? '', text: row.body, messageId: messageIdOf(row, deps.config.MAIL_FROM), attachments },
      AbortSignal.any([run.stopping, AbortSignal.timeout(run.timeoutMs)]),
    );
  } catch (error) {
    const failure = error instanceof MailFailed ? error : mailFailure(error);
    const retry = failure.retryable && run.attempt < run.attempts;
    log[retry ? 'warn' : 'error']({ reason: failure.message, retry }, 'e-mail attempt failed');
    if (retry) {
      await record(deps, id, { error: failure.message });
      throw failure;
    }
    await record(deps, id, { state: 'FAILED', error: failure.message });
    return;
  }
  await record(deps, id, { state: 'SENT', sentAt: deps.now(), error: null });
  log.info('e-mail sent');
};

async function record(deps: Pick<Deps, 'prisma' | 'config'>, id: number, data: { state?: 'SENT' | 'FAILED'; error: string | null; sentAt?: Date }) {
  await deps.prisma.$transaction(async (tx) => {
    const { count } = await tx.notification.updateMany({ where: { id, state: 'PENDING' }, data });
    if (count === 1 && data.state === 'FAILED') await alertFailedDelivery(deps, tx, id, data.error);
  });
}
