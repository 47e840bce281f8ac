import { z } from 'zod';
import { defineJob } from '../../queue.ts';

/**
 * The daily close of business (docs/decisions/0026): a recurring job (registry.ts), queued once
 * per moment across replicas. Each run closes every business date not closed yet up to
 * yesterday in Prague, so most runs find nothing to do and the first after downtime catches up.
 */
export const closeOfBusinessJob = defineJob({
  name: 'servicing.close-of-business',
  // The queue adds `_cron`: the moment the run is for (also when made up after downtime).
  payload: z.object({ _cron: z.object({ ts: z.string(), backfilled: z.boolean().optional() }).optional() }),
  attempts: 3,
  key: () => 'servicing.close-of-business',
});

/**
 * Hourly at minute 5 (UTC): 00:05 in Prague all year is one of these moments (23:05 UTC in
 * winter, 22:05 in summer), and a worker back from downtime catches up within the hour; a run
 * missed while no worker ran is made up once at start.
 */
export const closeOfBusinessSchedule = { match: '5 * * * *', backfillPeriodMs: 60 * 60 * 1000 };
