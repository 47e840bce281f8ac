import { systemActor } from '../../../domain/actor.ts';
import { generateReport } from '../../../modules/reporting/generate-report.ts';
import type { JobHandler } from '../../queue.ts';
import type { generateReportJob } from './generate-report.ts';

const worker = systemActor('reporting.generate-report');

export const handleGenerateReport: JobHandler<typeof generateReportJob.payload> = async (deps, payload, run) => {
  await generateReport(deps, worker, { reportId: payload.report_id, finalAttempt: run.attempt >= run.attempts, signal: run.stopping });
};
