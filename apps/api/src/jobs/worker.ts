import type { Deps } from '../deps.ts';
import { screeningProviderFor, ScreeningFailed } from '../integrations/screenings/index.ts';
import { performScreening } from '../modules/screenings/perform-screening.ts';
import {
  claimNextScreening,
  failScreening,
  heartbeat,
  LeaseLost,
  onEnqueue,
  releaseScreening,
  retryLater,
  type ClaimedScreening,
} from './screening-queue.ts';

export interface JobWorkerOptions {
  concurrency?: number;
  pollIntervalMs?: number;
  timeoutMs?: number;
  maxAttempts?: number;
  retryDelayMs?: number;
  leaseMs?: number;
  /** How long stop() lets running jobs finish before handing them back. */
  stopGraceMs?: number;
}

export interface JobWorker {
  /** Stops taking jobs, lets running ones finish (or hands them back after the grace period). */
  stop(): Promise<void>;
}

const messages = {
  timeout: 'Prověrka nebyla dokončena v časovém limitu.',
  unexpected: 'Při zpracování prověrky došlo k neočekávané chybě.',
  exhausted: (attempts: number, last: string) => `Prověrku se nepodařilo dokončit ani na ${attempts}. pokus. Poslední chyba: ${last}`,
  interrupted: 'Zpracování prověrky bylo opakovaně přerušeno (restart nebo výpadek serveru).',
};

class JobTimeout extends Error {}
class Stopping extends Error {}

/**
 * Runs queued screenings in the background: up to `concurrency` at once, polling the queue
 * (and woken at once by enqueues of this process). Transient failures are retried with
 * exponential back-off up to `maxAttempts`; a run that exceeds `timeoutMs` is aborted and
 * counts as a failed attempt; a run whose worker died is taken over after `leaseMs`.
 */
export function startJobWorker(deps: Deps, options: JobWorkerOptions = {}): JobWorker {
  const c = deps.config;
  const concurrency = options.concurrency ?? c.JOB_CONCURRENCY;
  const pollIntervalMs = options.pollIntervalMs ?? c.JOB_POLL_INTERVAL_MS;
  const timeoutMs = options.timeoutMs ?? c.JOB_TIMEOUT_MS;
  const maxAttempts = options.maxAttempts ?? c.JOB_MAX_ATTEMPTS;
  const retryDelayMs = options.retryDelayMs ?? c.JOB_RETRY_DELAY_MS;
  const leaseMs = options.leaseMs ?? c.JOB_LEASE_MS;
  const stopGraceMs = options.stopGraceMs ?? 10_000;
  const log = deps.logger.child({ component: 'job-worker' });
  // A misconfigured provider (SCREENING_PROVIDER=http without a URL) stops the start, not each job.
  screeningProviderFor(deps);

  let running = true;
  let wake: (() => void) | null = null;
  const active = new Map<number, { controller: AbortController; done: Promise<void> }>();
  const unsubscribe = onEnqueue(deps, () => wake?.());

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  async function settle(job: ClaimedScreening, error: unknown, controller: AbortController): Promise<void> {
    const now = deps.now();
    if (error instanceof LeaseLost) {
      log.warn({ screeningId: job.id }, 'screening job lost its lease; its outcome was discarded');
      return;
    }
    if (controller.signal.reason instanceof Stopping) {
      await releaseScreening(deps.prisma, job, now);
      log.info({ screeningId: job.id }, 'screening job handed back at shutdown');
      return;
    }
    const timedOut = controller.signal.reason instanceof JobTimeout;
    const failed = error instanceof ScreeningFailed ? error : null;
    const retryable = timedOut || (failed ? failed.retryable : true);
    const message = timedOut ? messages.timeout : (failed?.message ?? messages.unexpected);
    log[failed && !retryable ? 'info' : 'warn'](
      { screeningId: job.id, type: job.type, attempt: job.attempt, retryable, reason: failed?.detail ?? (timedOut ? 'timeout' : (error as Error)?.message) },
      'screening attempt failed',
    );
    if (retryable && job.attempt < maxAttempts) {
      const delay = retryDelayMs * 2 ** (job.attempt - 1);
      await retryLater(deps.prisma, job, now, delay, message);
    } else {
      await failScreening(deps.prisma, job, now, retryable && maxAttempts > 1 ? messages.exhausted(job.attempt, message) : message);
    }
  }

  async function run(job: ClaimedScreening, controller: AbortController): Promise<void> {
    const timer = setTimeout(() => controller.abort(new JobTimeout()), timeoutMs);
    const beat = setInterval(() => {
      heartbeat(deps.prisma, job, deps.now())
        .then((held) => {
          if (!held) controller.abort(new LeaseLost(job.id));
        })
        .catch((error: unknown) => log.warn({ err: error, screeningId: job.id }, 'heartbeat failed'));
    }, Math.max(50, Math.floor(leaseMs / 3)));
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), { once: true });
    });
    aborted.catch(() => undefined);
    try {
      // A provider that ignores the signal still cannot hold the job past its time-out.
      await Promise.race([performScreening(deps, job, controller.signal), aborted]);
    } catch (error) {
      await settle(job, error, controller).catch((e: unknown) => log.error({ err: e, screeningId: job.id }, 'could not record the failure of a screening job'));
    } finally {
      clearTimeout(timer);
      clearInterval(beat);
    }
  }

  async function claimAndRun(): Promise<boolean> {
    const now = deps.now();
    const job = await claimNextScreening(deps.prisma, now, leaseMs);
    if (!job) return false;
    if (job.attempt > maxAttempts) {
      // Taken over from crashed workers more times than allowed: give up instead of looping.
      await failScreening(deps.prisma, job, now, messages.interrupted);
      log.warn({ screeningId: job.id, attempt: job.attempt }, 'screening job abandoned after repeated crashes');
      return true;
    }
    const controller = new AbortController();
    const done = run(job, controller).finally(() => {
      active.delete(job.id);
      wake?.();
    });
    active.set(job.id, { controller, done });
    return true;
  }

  const loop = (async () => {
    while (running) {
      let claimed = false;
      if (active.size < concurrency) {
        try {
          claimed = await claimAndRun();
        } catch (error) {
          log.error({ err: error }, 'could not claim a job');
        }
      }
      if (!claimed && running) await sleep(pollIntervalMs);
    }
  })();

  return {
    async stop() {
      if (!running) return loop;
      running = false;
      unsubscribe();
      wake?.();
      await loop;
      const pending = [...active.values()];
      const grace = new Promise<void>((resolve) => setTimeout(resolve, stopGraceMs).unref());
      await Promise.race([Promise.all(pending.map((p) => p.done)), grace]);
      for (const p of active.values()) p.controller.abort(new Stopping());
      await Promise.all([...active.values()].map((p) => p.done));
    },
  };
}
