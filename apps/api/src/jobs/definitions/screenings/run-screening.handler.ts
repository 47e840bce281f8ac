import type { Deps } from '../../../deps.ts';
import { systemActor } from '../../../domain/actor.ts';
import { ScreeningFailed } from '../../../integrations/screenings/index.ts';
import { performScreening } from '../../../modules/screenings/perform-screening.ts';
import { failScreeningRun, returnScreeningToQueue, RunSuperseded, startScreeningRun, type ScreeningRun } from '../../../modules/screenings/screening-runs.ts';
import type { JobHandler, JobRun } from '../../queue.ts';
import type { runScreeningJob } from './run-screening.ts';

export const screeningJobMessages = {
  timeout: 'Prověrka nebyla dokončena v časovém limitu.',
  unexpected: 'Při zpracování prověrky došlo k neočekávané chybě.',
  exhausted: (attempts: number, last: string) => `Prověrku se nepodařilo dokončit ani na ${attempts}. pokus. Poslední chyba: ${last}`,
  interrupted: 'Zpracování prověrky bylo opakovaně přerušeno (restart nebo výpadek serveru).',
} as const;

/** Who the audit log says finished a screening. */
const worker = systemActor('screening-worker');

class JobTimeout extends Error {}
class Stopping extends Error {}

/** Thrown to have the queue run the job again after its back-off; the message is its last_error. */
class RetryLater extends Error {}

/**
 * One run of a screening's job. Transient failures put the screening back to PENDING and
 * throw, so graphile-worker retries after its back-off; the last attempt, and permanent
 * failures (the register refused, the person lacks the data), end it FAILED with a Czech
 * reason, and the job completes. A run over JOB_TIMEOUT_MS is abandoned (its fetch aborted);
 * whatever it still does cannot write (screening-runs.ts fences it out).
 */
export const handleRunScreening: JobHandler<typeof runScreeningJob.payload> = async (deps, payload, run) => {
  const log = deps.logger.child({ component: 'job', job: 'screenings.run-screening', screeningId: payload.screening_id, attempt: run.attempt });
  const screening = await startScreeningRun(deps, payload.screening_id, run.attempt);
  if (!screening) return;
  if (run.attempt > run.attempts) {
    // Only a run that never reported back gets here (its process died, or the database went
    // away before it could record the outcome): give up instead of looping.
    await failScreeningRun(deps, screening, screeningJobMessages.interrupted);
    log.warn('screening abandoned after repeated interruptions');
    return;
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new JobTimeout()), run.timeoutMs);
  const onStop = () => controller.abort(new Stopping());
  if (run.stopping.aborted) onStop();
  else run.stopping.addEventListener('abort', onStop, { once: true });
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), { once: true });
  });
  aborted.catch(() => undefined);
  try {
    const work = performScreening(deps, worker, { run: screening, signal: controller.signal });
    // A provider that ignores the signal still cannot hold the job past its time-out; the
    // abandoned promise settles on its own and is fenced out of every write.
    work.catch(() => undefined);
    await Promise.race([work, aborted]);
    log.info('screening finished');
  } catch (error) {
    await settle(deps, run, screening, log, error, controller.signal.reason);
  } finally {
    clearTimeout(timer);
    run.stopping.removeEventListener('abort', onStop);
  }
};

async function settle(deps: Deps, run: JobRun, screening: ScreeningRun, log: Deps['logger'], error: unknown, abortReason: unknown): Promise<void> {
  if (error instanceof RunSuperseded) {
    log.warn('screening run was taken over; its outcome was discarded');
    return;
  }
  if (abortReason instanceof Stopping) {
    // The worker is stopping: the screening waits for the next run, on any replica.
    await returnScreeningToQueue(deps, screening);
    log.info('screening run handed back at shutdown');
    throw new RetryLater('Zpracování přerušeno zastavením serveru.');
  }
  const timedOut = abortReason instanceof JobTimeout;
  const failed = error instanceof ScreeningFailed ? error : null;
  const retryable = timedOut || (failed ? failed.retryable : true);
  const message = timedOut ? screeningJobMessages.timeout : (failed?.message ?? screeningJobMessages.unexpected);
  log[failed && !retryable ? 'info' : 'warn']({ type: screening.type, retryable, reason: failed?.detail ?? (timedOut ? 'timeout' : (error as Error)?.message) }, 'screening attempt failed');
  if (retryable && run.attempt < run.attempts) {
    await returnScreeningToQueue(deps, screening);
    throw new RetryLater(message);
  }
  await failScreeningRun(deps, screening, retryable && run.attempts > 1 ? screeningJobMessages.exhausted(run.attempt, message) : message);
}
