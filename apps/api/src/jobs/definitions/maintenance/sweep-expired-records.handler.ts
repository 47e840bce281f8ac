import { systemActor } from '../../../domain/actor.ts';
import { sweepExpiredRecords } from '../../../modules/auth/sweep-expired-records.ts';
import type { JobHandler } from '../../queue.ts';
import type { sweepExpiredRecordsJob } from './sweep-expired-records.ts';

export const handleSweepExpiredRecords: JobHandler<typeof sweepExpiredRecordsJob.payload> = async (deps, payload) => {
  const deleted = await sweepExpiredRecords(deps, systemActor('maintenance.sweep-expired-records'), {});
  deps.logger.info({ component: 'job', job: 'maintenance.sweep-expired-records', scheduledFor: payload._cron?.ts ?? null, deleted }, 'expired records swept');
};
