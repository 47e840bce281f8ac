import { parseCronItems, type ParsedCronItem, type Task, type TaskList } from 'graphile-worker';
import type { z } from 'zod';
import type { Deps } from '../deps.ts';
import { sweepExpiredRecordsJob, sweepExpiredRecordsSchedule } from './definitions/maintenance/sweep-expired-records.ts';
import { handleSweepExpiredRecords } from './definitions/maintenance/sweep-expired-records.handler.ts';
import { dailyCollectionsJob, dailyCollectionsSchedule } from './definitions/collections/daily-collections.ts';
import { handleDailyCollections } from './definitions/collections/daily-collections.handler.ts';
import { deliverNotificationJob } from './definitions/notifications/deliver-notification.ts';
import { handleDeliverNotification } from './definitions/notifications/deliver-notification.handler.ts';
import { sendEmailJob } from './definitions/notifications/send-email.ts';
import { handleSendEmail } from './definitions/notifications/send-email.handler.ts';
import { runScreeningJob } from './definitions/screenings/run-screening.ts';
import { handleRunScreening } from './definitions/screenings/run-screening.handler.ts';
import { closeOfBusinessJob, closeOfBusinessSchedule } from './definitions/servicing/close-of-business.ts';
import { handleCloseOfBusiness } from './definitions/servicing/close-of-business.handler.ts';
import { importStatementJob } from './definitions/payments/import-statement.ts';
import { handleImportStatement } from './definitions/payments/import-statement.handler.ts';
import { generateReportJob } from './definitions/reporting/generate-report.ts';
import { handleGenerateReport } from './definitions/reporting/generate-report.handler.ts';
import { cncbBatchJob } from './definitions/reporting/cncb-batch.ts';
import { handleCncbBatch } from './definitions/reporting/cncb-batch.handler.ts';
import { syncCadastralLocationsJob, syncCadastralLocationsSchedule, watchCollateralJob, watchCollateralSchedule } from './definitions/realties/watch-collateral.ts';
import { handleSyncCadastralLocations, handleWatchCollateral } from './definitions/realties/watch-collateral.handler.ts';
import type { JobDefinition, JobHandler } from './queue.ts';

// Every job the worker runs: a definition (definitions/<area>/<name>.ts) with its handler
// (<name>.handler.ts). A job added here and queued from a use case needs nothing else.

interface Registered {
  name: string;
  task(deps: Deps, settings: { timeoutMs: number }): Task;
}

function register<S extends z.ZodType>(definition: JobDefinition<S>, handler: JobHandler<S>): Registered {
  return {
    name: definition.name,
    task: (deps, settings) => async (raw, helpers) => {
      const payload = definition.payload.parse(raw);
      await handler(deps, payload, {
        jobId: helpers.job.id,
        attempt: helpers.job.attempts,
        attempts: definition.attempts,
        stopping: helpers.abortSignal,
        timeoutMs: settings.timeoutMs,
      });
    },
  };
}

const jobs: Registered[] = [
  register(runScreeningJob, handleRunScreening),
  register(sendEmailJob, handleSendEmail),
  register(deliverNotificationJob, handleDeliverNotification),
  register(sweepExpiredRecordsJob, handleSweepExpiredRecords),
  register(closeOfBusinessJob, handleCloseOfBusiness),
  register(importStatementJob, handleImportStatement),
  register(dailyCollectionsJob, handleDailyCollections),
  register(generateReportJob, handleGenerateReport),
  register(cncbBatchJob, handleCncbBatch),
  register(watchCollateralJob, handleWatchCollateral),
  register(syncCadastralLocationsJob, handleSyncCadastralLocations),
];

export function taskListFor(deps: Deps, settings: { timeoutMs: number }): TaskList {
  return Object.fromEntries(jobs.map((job) => [job.name, job.task(deps, settings)]));
}

/**
 * Recurring jobs. graphile-worker schedules each at its moments from every running worker, but
 * its `known_crontabs` row lets exactly one replica queue the job of a given moment, so a job
 * runs once per moment however many replicas there are. Moments are UTC; the identifier is the
 * job's name and must stay stable (renaming it forgets when it last ran).
 */
export function recurringJobs(): ParsedCronItem[] {
  return parseCronItems([
    {
      task: sweepExpiredRecordsJob.name,
      identifier: sweepExpiredRecordsJob.name,
      match: sweepExpiredRecordsSchedule.match,
      options: { backfillPeriod: sweepExpiredRecordsSchedule.backfillPeriodMs, maxAttempts: sweepExpiredRecordsJob.attempts },
    },
    {
      task: closeOfBusinessJob.name,
      identifier: closeOfBusinessJob.name,
      match: closeOfBusinessSchedule.match,
      options: { backfillPeriod: closeOfBusinessSchedule.backfillPeriodMs, maxAttempts: closeOfBusinessJob.attempts, jobKey: closeOfBusinessJob.name },
    },
    {
      task: dailyCollectionsJob.name,
      identifier: dailyCollectionsJob.name,
      match: dailyCollectionsSchedule.match,
      options: { backfillPeriod: dailyCollectionsSchedule.backfillPeriodMs, maxAttempts: dailyCollectionsJob.attempts, jobKey: dailyCollectionsJob.name },
    },
    {
      task: watchCollateralJob.name,
      identifier: watchCollateralJob.name,
      match: watchCollateralSchedule.match,
      options: { backfillPeriod: watchCollateralSchedule.backfillPeriodMs, maxAttempts: watchCollateralJob.attempts, jobKey: watchCollateralJob.name },
    },
    {
      task: syncCadastralLocationsJob.name,
      identifier: syncCadastralLocationsJob.name,
      match: syncCadastralLocationsSchedule.match,
      options: { backfillPeriod: syncCadastralLocationsSchedule.backfillPeriodMs, maxAttempts: syncCadastralLocationsJob.attempts, jobKey: syncCadastralLocationsJob.name },
    },
  ]);
}

/**
 * Gives every piece of waiting work a job unless it has one: screenings PENDING or IN_PROGRESS,
 * e-mails PENDING, bank statements QUEUED or PROCESSING, reports and credit-register batches
 * QUEUED or RUNNING. Normally each got its job in the transaction that stored it; this picks
 * up rows from before the queue existed (the migration from the hand-made queue), seeded demo
 * screenings, and restores of a database without its queue schema. Job keys make it a no-op
 * for work that is queued, running, or failed for good.
 */
export async function requeueWaitingWork(deps: Pick<Deps, 'prisma'>): Promise<number> {
  const screenings = await deps.prisma.screening.findMany({ where: { state: { in: ['PENDING', 'IN_PROGRESS'] } }, select: { id: true }, orderBy: { id: 'asc' } });
  const emails = await deps.prisma.notification.findMany({ where: { type: 'EMAIL', state: 'PENDING' }, select: { id: true }, orderBy: { id: 'asc' } });
  const messages = await deps.prisma.notification.findMany({ where: { type: { in: ['SMS', 'SLACK'] }, state: 'PENDING' }, select: { id: true }, orderBy: { id: 'asc' } });
  const statements = await deps.prisma.paymentStatement.findMany({ where: { state: { in: ['QUEUED', 'PROCESSING'] } }, select: { id: true }, orderBy: { id: 'asc' } });
  // Credit-register batches (docs/decisions/0050) and REPI parts asked for and not written yet.
  const batches = await deps.prisma.cncbBatch.findMany({ where: { state: { in: ['QUEUED', 'RUNNING'] } }, select: { id: true }, orderBy: { id: 'asc' } });
  // Billing reports asked for and not written yet (docs/decisions/0049).
  const reports = await deps.prisma.report.findMany({ where: { state: { in: ['QUEUED', 'RUNNING'] } }, select: { id: true }, orderBy: { id: 'asc' } });
  const repiParts = await deps.prisma.cncbBatch.findMany({ where: { state: 'DONE', repiState: { in: ['QUEUED', 'RUNNING'] } }, select: { id: true }, orderBy: { id: 'asc' } });
  // No codebook of cadastral territories yet (a new installation): load it now, not on Sunday.
  const noCodebook = (await deps.prisma.cadastralLocation.count({ take: 1 })) === 0;
  return (
    (noCodebook ? await requeue(deps, syncCadastralLocationsJob, [{}]) : 0) +
    (await requeue(deps, runScreeningJob, screenings.map((s) => ({ screening_id: s.id })))) +
    (await requeue(deps, sendEmailJob, emails.map((e) => ({ notification_id: e.id })))) +
    (await requeue(deps, deliverNotificationJob, messages.map((m) => ({ notification_id: m.id })))) +
    (await requeue(deps, importStatementJob, statements.map((s) => ({ statement_id: s.id })))) +
    (await requeue(deps, generateReportJob, reports.map((r) => ({ report_id: r.id })))) +
    (await requeue(deps, cncbBatchJob, [...batches.map((b) => ({ batch_id: b.id, part: 'batch' as const })), ...repiParts.map((b) => ({ batch_id: b.id, part: 'repi' as const }))]))
  );
}

async function requeue<S extends z.ZodType>(deps: Pick<Deps, 'prisma'>, definition: JobDefinition<S>, payloads: z.infer<S>[]): Promise<number> {
  if (!payloads.length) return 0;
  const keys = payloads.map((p) => definition.key(p));
  const queued = await deps.prisma.$queryRaw<{ key: string }[]>`SELECT key FROM graphile_worker.jobs WHERE key = ANY(${keys}::text[])`;
  const known = new Set(queued.map((q) => q.key));
  const missing = payloads.filter((p) => !known.has(definition.key(p)));
  for (const p of missing) await definition.enqueueUnlessQueued(deps.prisma, p);
  return missing.length;
}
