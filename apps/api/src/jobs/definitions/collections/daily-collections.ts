import { z } from 'zod';
import { defineJob } from '../../queue.ts';

/**
 * The collections job (docs/decisions/0048): hourly, and from NOTICE_SEND_HOUR in Prague it sends
 * the notices the close of business prepared whose date has come and writes the print batch of
 * the letters waiting. Each run does what is due and nothing else, so the hourly runs after the
 * first of the day find little or nothing.
 */
export const dailyCollectionsJob = defineJob({
  name: 'collections.send-notices',
  payload: z.object({ _cron: z.object({ ts: z.string(), backfilled: z.boolean().optional() }).optional() }),
  attempts: 3,
  key: () => 'collections.send-notices',
});

/** Minute 20 of every hour (after the close of business at minute 5). */
export const dailyCollectionsSchedule = { match: '20 * * * *', backfillPeriodMs: 60 * 60 * 1000 };
