import { EventEmitter } from 'node:events';
import { Logger, run, type Runner, type WorkerEvents } from 'graphile-worker';
import pg from 'pg';
import type { Deps } from '../deps.ts';
import { mailerFor } from '../integrations/mail/index.ts';
import { screeningProviderFor } from '../integrations/screenings/index.ts';
import { JOB_SCHEMA } from './queue.ts';
import { recurringJobs, requeueWaitingWork, taskListFor } from './registry.ts';

export interface JobWorkerOptions {
  concurrency?: number;
  pollIntervalMs?: number;
  timeoutMs?: number;
  /** How long stop() lets running jobs finish before aborting them (default 10 s). */
  stopGraceMs?: number;
  /**
   * How often graphile-worker looks for jobs locked over 4 hours by a worker that died, and
   * frees them (default: every 8–10 minutes, the first look within a minute of the start).
   */
  staleLockCheckMs?: number;
  /** Sees graphile-worker's events of each run of the worker (tests wait on `cron:started`, `resetLocked:success`). */
  observe?: (events: WorkerEvents) => void;
}

export interface JobWorker {
  /**
   * Stops taking jobs, lets running ones finish (aborting them after the grace period; they
   * are retried later, on any replica), then closes the worker's connections. Never throws.
   */
  stop(): Promise<void>;
}

// Waits before starting again after the worker could not start or stopped by itself (the
// database is away): quick at first, then every half a minute.
const RESTART_DELAYS_MS = [500, 1000, 2000, 5000, 10_000, 30_000];

/**
 * Runs the job queue in this process: the jobs of registry.ts, `concurrency` at once, woken at
 * once by new jobs (LISTEN/NOTIFY) and polling for retries that come due, plus the recurring
 * jobs. It has a pool of its own (a busy worker never starves HTTP requests of connections) and
 * supervises itself: database errors are logged, never thrown; when graphile-worker gives up
 * (a job's outcome could not be recorded) or cannot start, it starts again with back-off and
 * frees the jobs its previous run held, so they run again at once rather than after 4 hours.
 */
export function startJobWorker(deps: Deps, options: JobWorkerOptions = {}): JobWorker {
  const c = deps.config;
  const concurrency = options.concurrency ?? c.JOB_CONCURRENCY;
  const stopGraceMs = options.stopGraceMs ?? 10_000;
  const log = deps.logger.child({ component: 'job-worker' });
  // A misconfigured provider (SCREENING_PROVIDER=http without a URL) stops the start, not each job.
  screeningProviderFor(deps);
  mailerFor(deps);

  // Named, so operators (and the tests) can tell its connections apart in pg_stat_activity.
  const pool = new pg.Pool({ ...deps.pool.options, max: concurrency + 2, application_name: 'lending-job-worker' });
  // Once stopping, a connection the server ends (the embedded PostgreSQL stops right after us) is expected, not news.
  const open = new Set<pg.Client>();
  pool.on('error', (error) => {
    if (!stopping) log.warn({ reason: error.message }, 'job queue: an idle database connection was lost');
  });
  pool.on('connect', (client) => {
    open.add(client);
    client.once('end', () => open.delete(client));
    client.on('error', (error) => {
      if (!stopping) log.warn({ reason: error.message }, 'job queue: a database connection was lost');
    });
  });
  const taskList = taskListFor(deps, { timeoutMs: options.timeoutMs ?? c.JOB_TIMEOUT_MS });
  const logger = graphileLogger(log);

  let stopping = false;
  let runner: Runner | null = null;
  let wake: (() => void) | null = null;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const supervised = (async () => {
    // Worker pools of this process that ended while still holding jobs (locked_by = pool id).
    const ended: string[] = [];
    let failures = 0;
    while (!stopping) {
      const poolIds: string[] = [];
      const events: WorkerEvents = new EventEmitter();
      events.on('pool:create', ({ workerPool }) => poolIds.push(workerPool.id));
      options.observe?.(events);
      try {
        // run() first applies the queue's migrations (a no-op when up to date).
        const started = await run({
          pgPool: pool,
          schema: JOB_SCHEMA,
          taskList,
          parsedCronItems: recurringJobs(),
          concurrency,
          pollInterval: options.pollIntervalMs ?? c.JOB_POLL_INTERVAL_MS,
          // Our server handles SIGTERM/SIGINT; graphile-worker's own handlers would kill the process.
          noHandleSignals: true,
          gracefulShutdownAbortTimeout: stopGraceMs,
          ...(options.staleLockCheckMs ? { minResetLockedInterval: options.staleLockCheckMs, maxResetLockedInterval: options.staleLockCheckMs } : {}),
          logger,
          events,
          // Batched completion is the path whose database errors are caught (they end the pool,
          // and we start again); unbatched, such an error is an unhandled rejection.
          preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
        });
        runner = started;
        if (stopping) {
          await started.stop().catch(() => undefined);
          break;
        }
        if (ended.length) {
          // Those pools are gone (their jobs settled or were abandoned): free what they held.
          await pool.query(`SELECT ${JOB_SCHEMA}.force_unlock_workers($1::text[])`, [ended]);
          log.info({ pools: ended.length }, 'freed the jobs of a previous run of this worker');
          ended.length = 0;
        }
        const requeued = await requeueWaitingWork(deps);
        if (requeued) log.info({ jobs: requeued }, 'queued waiting work that had no job');
        if (failures > 0) log.info('job worker running again');
        failures = 0;
        await started.promise.catch(() => undefined);
        if (!stopping) log.error('job worker stopped by itself (database error?); starting it again');
      } catch (error) {
        if (stopping) break;
        log.error({ reason: (error as Error)?.message }, 'job worker could not start; trying again');
      }
      ended.push(...poolIds);
      if (stopping) break;
      if (runner) {
        await runner.stop().catch(() => undefined);
        runner = null;
      }
      await pause(RESTART_DELAYS_MS[Math.min(failures++, RESTART_DELAYS_MS.length - 1)]!);
    }
  })();

  let stopped: Promise<void> | null = null;
  return {
    stop() {
      stopped ??= (async () => {
        stopping = true;
        wake?.();
        const current = runner;
        if (current) {
          // Graceful: no new jobs; running ones get stopGraceMs, then their abort signal fires
          // and they have a few seconds to hand their work back.
          const graceful = current.stop().then(() => true, () => true);
          if (!(await within(graceful, stopGraceMs + 3_000))) {
            log.warn('running jobs did not stop in time; abandoning them');
            await within(current.kill().catch(() => undefined), 2_000);
          }
        }
        await within(supervised, 1_000);
        await within(pool.end().catch(() => undefined), 2_000);
        // pool.end() resolves once every client is told to end, not once its socket is closed.
        await within(Promise.all([...open].map((client) => new Promise((resolve) => client.once('end', resolve)))), 2_000);
      })().catch((error: unknown) => log.error({ reason: (error as Error)?.message }, 'job worker did not stop cleanly'));
      return stopped;
    },
  };
}

/** Whether `promise` settled within `ms`. */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * graphile-worker's messages through our logger: the first line only (no stack traces, no
 * job payloads or connection objects in the log), at most at warn: what it reports as errors
 * are lost connections it retries by itself, failed runs (their handlers log them with context)
 * and failures our supervisor logs as errors when it has to act on them.
 */
function graphileLogger(log: Deps['logger']): Logger {
  return new Logger((scope) => (level, message, meta) => {
    const error = meta?.error ?? meta?.fatalError;
    const fields = {
      ...(scope.taskIdentifier ? { task: scope.taskIdentifier } : {}),
      ...(scope.jobId ? { jobId: scope.jobId } : {}),
      ...(error instanceof Error ? { reason: error.message } : {}),
    };
    const line = message.split('\n')[0]!;
    if (line.startsWith('Failed task') || level === 'info') log.debug(fields, line);
    else if (level === 'error' || level === 'warning') log.warn(fields, line);
    else log.trace(fields, line);
  });
}
