import { z } from 'zod';
import { defineJob } from '../../queue.ts';

/**
 * Hourly clean-up of rows that only served rate limits and logins (see sweepExpiredRecords).
 * A recurring job (registry.ts): scheduled by the queue's crontab, once across all replicas.
 */
export const sweepExpiredRecordsJob = defineJob({
  name: 'maintenance.sweep-expired-records',
  // The queue adds `_cron`: the moment the run is for, and whether it was made up for later.
  payload: z.object({ _cron: z.object({ ts: z.string(), backfilled: z.boolean().optional() }).optional() }),
  attempts: 3,
  key: () => 'maintenance.sweep-expired-records',
});

/** At minute 0 of every hour (UTC); a run missed while no worker was up is made up once. */
export const sweepExpiredRecordsSchedule = { match: '0 * * * *', backfillPeriodMs: 60 * 60 * 1000 };
