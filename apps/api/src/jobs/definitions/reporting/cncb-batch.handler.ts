import { systemActor } from '../../../domain/actor.ts';
import { writeCncbBatch } from '../../../modules/credit-register/write-cncb-batch.ts';
import { writeRepiReport } from '../../../modules/credit-register/write-repi-report.ts';
import type { JobHandler } from '../../queue.ts';
import type { cncbBatchJob } from './cncb-batch.ts';

const worker = systemActor('reporting.cncb-batch');

export const handleCncbBatch: JobHandler<typeof cncbBatchJob.payload> = async (deps, payload, run) => {
  const input = { batchId: payload.batch_id, attempt: run.attempt, attempts: run.attempts };
  if (payload.part === 'repi') await writeRepiReport(deps, worker, input);
  else await writeCncbBatch(deps, worker, input);
};
