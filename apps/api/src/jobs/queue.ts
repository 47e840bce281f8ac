import { Logger, runMigrations } from 'graphile-worker';
import pg from 'pg';
import type { z } from 'zod';
import type { Deps } from '../deps.ts';
import type { Prisma } from '../generated/prisma/client.ts';

// The job queue is graphile-worker on our own PostgreSQL (docs/decisions/0013-job-queue.md).
// Its tables live in their own schema, installed by its own migrations (never Prisma's).
export const JOB_SCHEMA = 'graphile_worker';

/**
 * What can queue a job: the Prisma client, or (the point of it) the transaction of the
 * business write that causes the job, so the row and its job commit together or not at all.
 */
export type JobDb = Pick<Prisma.TransactionClient, '$executeRaw'>;

export interface JobDefinitionSpec<S extends z.ZodType> {
  /** The task identifier in the queue, `<area>.<verb-noun>`. */
  name: string;
  payload: S;
  /**
   * Runs the handler may use; the handler itself makes the last one final (it records the
   * failure and completes the job). The queue allows one run more: a run that never reported
   * back (the process died, the database went away) is noticed there and recorded as such.
   */
  attempts: number;
  /** At most one waiting job per key (e.g. `screening:42`); lets start-up requeue safely. */
  key: (payload: z.infer<S>) => string;
}

export interface JobDefinition<S extends z.ZodType> extends JobDefinitionSpec<S> {
  /** Queues the job in `db`'s transaction; it runs once that commits. */
  enqueue(db: JobDb, payload: z.infer<S>, options?: { runAt?: Date }): Promise<void>;
  /** Queues the job unless one with its key already exists (waiting, running or failed). */
  enqueueUnlessQueued(db: JobDb, payload: z.infer<S>): Promise<void>;
}

/** A job, documenso style: its name, typed payload and an `enqueue` that takes the transaction. */
export function defineJob<S extends z.ZodType>(spec: JobDefinitionSpec<S>): JobDefinition<S> {
  const add = async (db: JobDb, payload: z.infer<S>, mode: 'replace' | 'unsafe_dedupe', runAt: Date | null) => {
    const parsed = spec.payload.parse(payload);
    // add_job() is graphile-worker's public SQL API: plain SQL, so it joins our transaction.
    await db.$executeRaw`SELECT graphile_worker.add_job(
      identifier => ${spec.name}::text,
      payload => ${JSON.stringify(parsed)}::json,
      run_at => ${runAt?.toISOString() ?? null}::timestamptz,
      max_attempts => ${spec.attempts + 1}::int,
      job_key => ${spec.key(parsed)}::text,
      job_key_mode => ${mode}::text)`;
  };
  return {
    ...spec,
    enqueue: (db, payload, options) => add(db, payload, 'replace', options?.runAt ?? null),
    enqueueUnlessQueued: (db, payload) => add(db, payload, 'unsafe_dedupe', null),
  };
}

/** One run of a job, as its handler sees it. */
export interface JobRun {
  jobId: string;
  /** This run's number, from 1. */
  attempt: number;
  /** Runs the definition allows (`JobDefinition.attempts`). */
  attempts: number;
  /** Aborted when the worker stops and the grace period is over. */
  stopping: AbortSignal;
  /** JOB_TIMEOUT_MS: how long one run of a call to the outside world may take. */
  timeoutMs: number;
}

export type JobHandler<S extends z.ZodType> = (deps: Deps, payload: z.infer<S>, run: JobRun) => Promise<void>;

/**
 * Installs or upgrades the queue's schema. Run at start after Prisma's migrations and before
 * the API serves a request: every enqueue calls graphile_worker.add_job(). Safe when several
 * replicas start at once (graphile-worker detects a concurrent migration).
 */
export async function migrateJobQueue(databaseUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  // A connection lost here fails the query, which fails the start: no one else needs to hear.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    await runMigrations({ pgPool: pool, schema: JOB_SCHEMA, logger: new Logger(() => () => undefined) });
  } finally {
    await pool.end().catch(() => undefined);
  }
}

/**
 * Frees every job still locked by a worker. Only right when no other worker can be alive: the
 * embedded database belongs to this one process, so at its start any lock is a dead run's
 * (killed with SIGKILL, out of memory), which graphile-worker would otherwise free after 4 hours.
 */
export async function unlockJobsOfDeadWorkers(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ locked_by: string }>(`SELECT DISTINCT locked_by FROM ${JOB_SCHEMA}.jobs WHERE locked_by IS NOT NULL`);
    if (rows.length) await client.query(`SELECT ${JOB_SCHEMA}.force_unlock_workers($1::text[])`, [rows.map((r) => r.locked_by)]);
    return rows.length;
  } finally {
    await client.end().catch(() => undefined);
  }
}
