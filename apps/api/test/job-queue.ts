import type { PrismaClient } from '../src/db/prisma.ts';
import { eventually } from '../src/modules/screenings/screening-test-fixtures.ts';

// Looking into graphile-worker's queue from tests, through its public view and functions
// (graphile_worker.jobs, reschedule_jobs), never its private tables.

export interface QueuedJob {
  id: bigint;
  task_identifier: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  locked_at: Date | null;
  /** Seconds until it is due (negative when due). */
  due_in: number;
}

export async function queuedJob(prisma: PrismaClient, key: string): Promise<QueuedJob | undefined> {
  const rows = await prisma.$queryRaw<QueuedJob[]>`
    SELECT id, task_identifier, attempts, max_attempts, last_error, locked_at,
           extract(epoch FROM run_at - now())::float8 AS due_in
      FROM graphile_worker.jobs WHERE key = ${key}`;
  return rows[0];
}

/** Waits until the job has failed `attempts` runs and waits for its retry. */
export function awaitRetry(prisma: PrismaClient, key: string, attempts: number, timeoutMs = 15_000): Promise<QueuedJob> {
  return eventually(async () => {
    const j = await queuedJob(prisma, key);
    return j && j.attempts === attempts && j.locked_at === null ? j : undefined;
  }, timeoutMs);
}

/** Makes a job waiting for its retry due now instead of after its back-off. */
export async function dueNow(prisma: PrismaClient, job: QueuedJob): Promise<void> {
  await prisma.$executeRaw`SELECT graphile_worker.reschedule_jobs(ARRAY[${job.id}]::bigint[], run_at => now())`;
}

/**
 * Waits until the job has failed `attempts` runs, then makes it due now instead of after the
 * back-off (seconds, growing as e^attempt). Returns the job as it was, `due_in` being the
 * back-off it had left.
 */
export async function skipBackoff(prisma: PrismaClient, key: string, attempts: number, timeoutMs = 15_000): Promise<QueuedJob> {
  const job = await awaitRetry(prisma, key, attempts, timeoutMs);
  await dueNow(prisma, job);
  return job;
}
