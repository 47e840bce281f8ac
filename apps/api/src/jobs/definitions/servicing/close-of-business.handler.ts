import { systemActor } from '../../../domain/actor.ts';
import { catchUpCloseOfBusiness, dateToCloseAt } from '../../../modules/close-of-business/catch-up-close-of-business.ts';
import type { JobHandler } from '../../queue.ts';
import type { closeOfBusinessJob } from './close-of-business.ts';

export const handleCloseOfBusiness: JobHandler<typeof closeOfBusinessJob.payload> = async (deps, payload) => {
  // The day before the scheduled moment in Prague, not the clock's: a run made up hours late
  // closes the day it was due for (and any before it still open).
  const through = dateToCloseAt(payload._cron ? new Date(payload._cron.ts) : deps.now());
  const runs = await catchUpCloseOfBusiness(deps, systemActor('close-of-business job'), { through });
  deps.logger[runs.length ? 'info' : 'debug'](
    { component: 'job', job: 'servicing.close-of-business', scheduledFor: payload._cron?.ts ?? null, through, closed: runs.map((r) => r.business_date) },
    runs.length ? 'close of business caught up' : 'close of business: nothing to close',
  );
};
