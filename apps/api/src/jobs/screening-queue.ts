import { randomUUID } from 'node:crypto';
import type { ScreeningType } from '@lending/contracts';
import type { Deps } from '../deps.ts';
import { Prisma } from '../generated/prisma/client.ts';

// The queue of screenings is the screenings table itself (docs/decisions: screenings and
// jobs): PENDING rows wait, a worker claims one with FOR UPDATE SKIP LOCKED and marks it
// IN_PROGRESS, so N replicas never take the same row. The bookkeeping a queue needs (attempts,
// when to retry, whose the row is) lives in the row's `result` under `_job` until the result
// replaces it; the API never shows it.

/** The queue's bookkeeping, stored in `screenings.result._job`. */
export interface JobMeta {
  /** Runs started so far (a claimed run counts). */
  attempts: number;
  /** Fencing token of the current run: only the worker holding it may finish the row. */
  lease: string | null;
  /** ISO moment before which a PENDING row waits (the back-off after a failed attempt). */
  run_after: string | null;
  /** Czech reason of the last failed attempt. */
  last_error: string | null;
}

export function jobMetaOf(result: unknown): JobMeta {
  const job = (result && typeof result === 'object' && '_job' in result ? (result as { _job: Partial<JobMeta> })._job : null) ?? {};
  return {
    attempts: typeof job.attempts === 'number' ? job.attempts : 0,
    lease: typeof job.lease === 'string' ? job.lease : null,
    run_after: typeof job.run_after === 'string' ? job.run_after : null,
    last_error: typeof job.last_error === 'string' ? job.last_error : null,
  };
}

/** The result of a screening without the queue's bookkeeping. */
export function resultWithoutJob(result: unknown): Record<string, unknown> | null {
  if (!result || typeof result !== 'object' || Array.isArray(result)) return null;
  const { _job: _ignored, ...rest } = result as Record<string, unknown>;
  return Object.keys(rest).length ? rest : null;
}

export interface ClaimedScreening {
  id: number;
  personId: number;
  type: ScreeningType;
  requestedById: number | null;
  createdAt: Date;
  /** This run's number, from 1. */
  attempt: number;
  lease: string;
}

/** The run lost its claim (it timed out and another worker took the row, or the row is gone). */
export class LeaseLost extends Error {
  readonly screeningId: number;
  constructor(screeningId: number) {
    super(`screening ${screeningId}: the job's lease was lost`);
    this.screeningId = screeningId;
    this.name = 'LeaseLost';
  }
}

type Db = Pick<Deps['prisma'], '$queryRaw' | '$executeRaw'>;

// Prisma stores DateTime as UTC in `timestamp(3)` columns: moments are compared as such, from
// the application's clock (deps.now), never the database's.
const ts = (date: Date) => Prisma.sql`${date.toISOString()}::timestamp`;

/**
 * Takes the oldest screening that is due: PENDING past its back-off, or IN_PROGRESS whose
 * worker stopped reporting for `leaseMs` (it crashed). Marks it IN_PROGRESS under a new lease
 * and counts the attempt. Null when nothing is due.
 */
export async function claimNextScreening(db: Db, now: Date, leaseMs: number): Promise<ClaimedScreening | null> {
  const lease = randomUUID();
  const stale = new Date(now.getTime() - leaseMs);
  const rows = await db.$queryRaw<{ id: number; person_id: number; type: ScreeningType; requested_by_id: number | null; created_at: Date; attempts: number }[]>`
    UPDATE screenings AS s
       SET state = 'IN_PROGRESS',
           updated_at = ${ts(now)},
           result = jsonb_set(
             COALESCE(s.result, '{}'::jsonb), '{_job}',
             COALESCE(s.result->'_job', '{}'::jsonb) || jsonb_build_object(
               'attempts', COALESCE((s.result->'_job'->>'attempts')::int, 0) + 1,
               'lease', ${lease}::text,
               'run_after', NULL))
     WHERE s.id = (
       SELECT id FROM screenings
        WHERE (state = 'PENDING' AND COALESCE((result->'_job'->>'run_after')::timestamptz, '-infinity') <= ${now.toISOString()}::timestamptz)
           OR (state = 'IN_PROGRESS' AND updated_at < ${ts(stale)})
        ORDER BY created_at, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED)
    RETURNING s.id, s.person_id, s.type::text AS type, s.requested_by_id, s.created_at,
              (s.result->'_job'->>'attempts')::int AS attempts`;
  const row = rows[0];
  if (!row) return null;
  return { id: row.id, personId: row.person_id, type: row.type, requestedById: row.requested_by_id, createdAt: row.created_at, attempt: row.attempts, lease };
}

const held = (job: Pick<ClaimedScreening, 'id' | 'lease'>) =>
  Prisma.sql`id = ${job.id} AND state = 'IN_PROGRESS' AND result->'_job'->>'lease' = ${job.lease}`;

/** Tells the others this run is alive; false when the lease was lost. */
export async function heartbeat(db: Db, job: Pick<ClaimedScreening, 'id' | 'lease'>, now: Date): Promise<boolean> {
  return (await db.$executeRaw`UPDATE screenings SET updated_at = ${ts(now)} WHERE ${held(job)}`) === 1;
}

/**
 * Locks the row of a run that is about to write its outcome, inside that write's transaction.
 * Throws LeaseLost unless this run still holds it: a run that lost its lease never writes.
 */
export async function lockHeldScreening(db: Db, job: Pick<ClaimedScreening, 'id' | 'lease'>): Promise<void> {
  const rows = await db.$queryRaw<{ id: number }[]>`SELECT id FROM screenings WHERE ${held(job)} FOR UPDATE`;
  if (rows.length !== 1) throw new LeaseLost(job.id);
}

/** Puts a failed run back in the queue, due after `delayMs`. */
export async function retryLater(db: Db, job: ClaimedScreening, now: Date, delayMs: number, error: string): Promise<boolean> {
  const runAfter = new Date(now.getTime() + delayMs).toISOString();
  const changed = await db.$executeRaw`
    UPDATE screenings
       SET state = 'PENDING', updated_at = ${ts(now)},
           result = jsonb_set(result, '{_job}', (result->'_job') || jsonb_build_object('lease', NULL, 'run_after', ${runAfter}::text, 'last_error', ${error}::text))
     WHERE ${held(job)}`;
  return changed === 1;
}

/**
 * Hands an unfinished run back without counting it (the worker is stopping): due at once for
 * the next worker.
 */
export async function releaseScreening(db: Db, job: ClaimedScreening, now: Date): Promise<boolean> {
  const changed = await db.$executeRaw`
    UPDATE screenings
       SET state = 'PENDING', updated_at = ${ts(now)},
           result = jsonb_set(result, '{_job}', (result->'_job') || jsonb_build_object('lease', NULL, 'run_after', NULL, 'attempts', GREATEST(${job.attempt - 1}::int, 0)))
     WHERE ${held(job)}`;
  return changed === 1;
}

/** Ends a run as FAILED with a Czech reason for staff. */
export async function failScreening(db: Db, job: Pick<ClaimedScreening, 'id' | 'lease'>, now: Date, error: string): Promise<boolean> {
  const changed = await db.$executeRaw`
    UPDATE screenings
       SET state = 'FAILED', error = ${error}, finished_at = ${ts(now)}, updated_at = ${ts(now)},
           result = jsonb_set(result, '{_job}', (result->'_job') || jsonb_build_object('lease', NULL, 'last_error', ${error}::text))
     WHERE ${held(job)}`;
  return changed === 1;
}

// Workers of this process sleep between polls; an enqueue wakes them at once (workers of other
// replicas find the row at their next poll).
const wakers = new WeakMap<object, Set<() => void>>();

export function onEnqueue(deps: Pick<Deps, 'prisma'>, wake: () => void): () => void {
  const set = wakers.get(deps.prisma) ?? new Set();
  set.add(wake);
  wakers.set(deps.prisma, set);
  return () => set.delete(wake);
}

/**
 * Queues a screening: the PENDING row is the job. Pass the transaction that also writes the
 * audit record, then call `notifyEnqueued` after it commits.
 */
export async function enqueueScreening(
  db: Pick<Prisma.TransactionClient, 'screening'>,
  input: { personId: number; type: ScreeningType; requestedById: number | null },
) {
  return db.screening.create({
    data: { personId: input.personId, type: input.type, requestedById: input.requestedById, state: 'PENDING', result: { _job: { attempts: 0, lease: null, run_after: null, last_error: null } } },
  });
}

export function notifyEnqueued(deps: Pick<Deps, 'prisma'>): void {
  for (const wake of wakers.get(deps.prisma) ?? []) wake();
}
