import { alertFailedDelivery } from '../../../modules/notifications/alert-failed-delivery.ts';
import type { Deps } from '../../../deps.ts';
import { prepareSms, SmsFailed, smsGatewayFor, SmsTextRejected } from '../../../integrations/sms/index.ts';
import { SlackFailed, slackNotifierFor, escapeSlackText } from '../../../integrations/slack/index.ts';
import type { JobHandler } from '../../queue.ts';
import type { deliverNotificationJob } from './deliver-notification.ts';
import { sendEmailMessages } from './send-email.handler.ts';

/** An SMS of a notice may take at most this many parts (a reminder fits one or two). */
export const MAX_SMS_SEGMENTS = 3;

/**
 * One attempt to deliver an outbox SMS or Slack message (docs/decisions/0048), as the e-mail job
 * does: PENDING with the attempts and the last error while retried, then SENT or FAILED with a
 * Czech reason staff see in "Odeslané zprávy". A gateway that refuses (4xx) fails at once; one
 * away or overloaded is retried with back-off. With the provider switched to the sandbox since
 * the message was queued, it is kept as SANDBOX. The outbox row's id is the gateway's reference,
 * so a retried SMS the gateway already took is recognisable as the same one.
 */
export const handleDeliverNotification: JobHandler<typeof deliverNotificationJob.payload> = async (deps, payload, run) => {
  const id = payload.notification_id;
  const log = deps.logger.child({ component: 'job', job: 'notifications.deliver', notificationId: id, attempt: run.attempt });
  const { count } = await deps.prisma.notification.updateMany({ where: { id, state: 'PENDING', type: { in: ['SMS', 'SLACK'] } }, data: { attempts: run.attempt } });
  if (count === 0) return;
  const row = await deps.prisma.notification.findUniqueOrThrow({ where: { id } });
  const sms = row.type === 'SMS' ? smsGatewayFor(deps) : null;
  const slack = row.type === 'SLACK' ? slackNotifierFor(deps) : null;
  if (!sms && !slack) {
    await deps.prisma.notification.updateMany({ where: { id, state: 'PENDING' }, data: { state: 'SANDBOX', attempts: 0 } });
    return;
  }
  if (run.attempt > run.attempts) {
    await record(deps, id, { state: 'FAILED', error: sendEmailMessages.interrupted });
    return;
  }
  const signal = AbortSignal.any([run.stopping, AbortSignal.timeout(run.timeoutMs)]);
  try {
    if (sms) {
      const text = prepareSms(row.body, { unicode: deps.config.SMS_UNICODE, maxSegments: MAX_SMS_SEGMENTS });
      await sms.send({ to: row.recipient, text: text.text, reference: String(row.id) }, signal);
    } else {
      await slack!.post({ text: escapeSlackText(row.body) }, signal);
    }
  } catch (error) {
    if (error instanceof SmsTextRejected) {
      await record(deps, id, { state: 'FAILED', error: error.message });
      return;
    }
    const failure = error instanceof SmsFailed || error instanceof SlackFailed ? error : null;
    const retry = (failure?.retryable ?? true) && run.attempt < run.attempts;
    const reason = failure?.message ?? 'Odeslání selhalo neočekávanou chybou.';
    log[retry ? 'warn' : 'error']({ reason, retry, err: failure ? undefined : error }, 'delivery attempt failed');
    if (retry) {
      await record(deps, id, { error: reason });
      throw error;
    }
    await record(deps, id, { state: 'FAILED', error: reason });
    return;
  }
  await record(deps, id, { state: 'SENT', sentAt: deps.now(), error: null });
  log.info({ type: row.type }, 'notification delivered');
};

async function record(deps: Pick<Deps, 'prisma' | 'config'>, id: number, data: { state?: 'SENT' | 'FAILED'; error: string | null; sentAt?: Date }) {
  await deps.prisma.$transaction(async (tx) => {
    const { count } = await tx.notification.updateMany({ where: { id, state: 'PENDING' }, data });
    if (count === 1 && data.state === 'FAILED') await alertFailedDelivery(deps, tx, id, data.error);
  });
}
