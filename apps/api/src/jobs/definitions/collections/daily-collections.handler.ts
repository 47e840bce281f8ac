import { systemActor } from '../../../domain/actor.ts';
import { businessDateOf } from '../../../domain/dates.ts';
import { sendDueNoticeGroups } from '../../../modules/notices/send-due-notice-groups.ts';
import { writeDailyPrintBatch } from '../../../modules/notices/write-daily-print-batch.ts';
import { channelLive } from '../../../modules/notifications/queue-notification.ts';
import type { JobHandler } from '../../queue.ts';
import type { dailyCollectionsJob } from './daily-collections.ts';

/** The hour of `instant` in Prague. */
export const pragueHour = (instant: Date) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Prague', hour: '2-digit', hourCycle: 'h23' }).format(instant));

export const handleDailyCollections: JobHandler<typeof dailyCollectionsJob.payload> = async (deps, _payload, run) => {
  const now = deps.now();
  if (pragueHour(now) < deps.config.NOTICE_SEND_HOUR) return;
  const actor = systemActor('collections job');
  const today = businessDateOf(now);
  const sent = await sendDueNoticeGroups(deps, actor, { today, signal: run.stopping });
  const batch = channelLive(deps.config, 'MAIL') && !run.stopping.aborted ? await writeDailyPrintBatch(deps, actor, { date: today }) : null;
  deps.logger[sent.sent || batch ? 'info' : 'debug']({ component: 'job', job: 'collections.send-notices', ...sent, printBatch: batch }, 'collections job ran');
};
