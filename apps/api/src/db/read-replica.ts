import pg from 'pg';
import type { Deps } from '../deps.ts';

// Reports, exports and dashboard aggregates may read from a streaming replica (DATABASE_READ_URL)
// so that their long scans do not compete with the primary's writes. What they read must not be
// older than DATABASE_READ_MAX_LAG_SECONDS: readSource asks the replica how far behind it is and
// answers the primary's pool when it is too far behind, down, or not a standby at all. The answer
// is kept for CACHE_MS per replica pool, so the data read is at most about
// DATABASE_READ_MAX_LAG_SECONDS + CACHE_MS / 1000 seconds old.

export interface ReadSource {
  pool: pg.Pool;
  source: 'primary' | 'replica';
  /** How far the replica was behind when asked (seconds); null when the primary is read. */
  lagSeconds: number | null;
  /**
   * Why the primary is read although a replica is configured (English, for logs and a report's
   * metadata): 'replica unreachable: …' | 'replica lag 42 s over 30 s' | 'not a standby'.
   */
  fallbackReason?: string;
}

/** How long one answer of the replica is trusted: a dashboard's five reads ask it once. */
export const READ_SOURCE_CACHE_MS = 5_000;
/** The replica's whole answer (connection included) must come within this; else it counts as down. */
export const READ_SOURCE_CHECK_TIMEOUT_MS = 2_000;
/** A lag over the limit is measured once more after this long before the primary is chosen (see LAG_QUERY). */
const CONFIRM_AFTER_MS = 250;

/**
 * The replica's state in one statement (one now()). Lag is not simply now() −
 * pg_last_xact_replay_timestamp(): that is the age of the last transaction replayed, which grows
 * without bound while the primary is idle although nothing is missing. So:
 * - the standby has replayed all the WAL it received and its WAL receiver is streaming: lag 0
 *   (nothing older than the stream is missing);
 * - else (replay behind what was received, or no live stream): now() − the commit time of the
 *   last transaction replayed. Right after an idle primary writes again this briefly overstates
 *   the lag (the last replayed commit is old while the new one is in flight), which is why a lag
 *   over the limit is measured a second time before the primary is chosen.
 * pg_stat_wal_receiver shows its status only to superusers and members of pg_read_all_stats
 * (pg_monitor); other users see just its pid, so a receiver that is there counts as streaming.
 * The replay timestamp is the primary's clock: the hosts' clocks must agree (NTP).
 */
const LAG_QUERY = `
  SELECT pg_is_in_recovery() AS standby,
         coalesce(pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn(), false) AS replayed_all_received,
         (SELECT coalesce(status = 'streaming', true) FROM pg_stat_wal_receiver) AS streaming,
         greatest(0, extract(epoch FROM now() - pg_last_xact_replay_timestamp()))::float8 AS replay_age
`;

interface ReplicaState {
  standby: boolean;
  replayed_all_received: boolean;
  streaming: boolean | null;
  replay_age: number | null;
}

type Decision =
  | { kind: 'replica'; lagSeconds: number }
  | { kind: 'unreachable' | 'lagging' | 'not-standby'; reason: string };

interface PoolState {
  /** The current answer (pending while the replica is being asked) and until when it holds. */
  decision: Promise<Decision> | null;
  expiresAt: number;
  /** The kind last logged: a warning is logged when it changes, not on every call. */
  logged: Decision['kind'] | null;
}

const states = new WeakMap<pg.Pool, PoolState>();

/**
 * The pool a report, export or dashboard aggregate reads from: the replica's when it is a
 * standby at most DATABASE_READ_MAX_LAG_SECONDS behind, else the primary's, saying why. Never
 * throws: a replica that cannot be asked is a reason to read the primary.
 */
export async function readSource(deps: Pick<Deps, 'pool' | 'readPool' | 'config' | 'logger'>): Promise<ReadSource> {
  const { readPool } = deps;
  if (!readPool) return { pool: deps.pool, source: 'primary', lagSeconds: null };
  let state = states.get(readPool);
  if (!state) {
    state = { decision: null, expiresAt: 0, logged: null };
    states.set(readPool, state);
  }
  if (!state.decision || Date.now() >= state.expiresAt) {
    const own = state;
    const asking = decide(readPool, deps.config.DATABASE_READ_MAX_LAG_SECONDS)
      .catch((error: unknown): Decision => ({ kind: 'unreachable', reason: `replica unreachable: ${describeError(error)}` }))
      .then((decision) => {
        own.expiresAt = Date.now() + READ_SOURCE_CACHE_MS;
        logChange(deps.logger, own, decision);
        return decision;
      });
    // Calls made while the replica is asked wait for the same answer.
    state.decision = asking;
    state.expiresAt = Number.POSITIVE_INFINITY;
  }
  const decision = await state.decision;
  if (decision.kind === 'replica') return { pool: readPool, source: 'replica', lagSeconds: decision.lagSeconds };
  return { pool: deps.pool, source: 'primary', lagSeconds: null, fallbackReason: decision.reason };
}

async function decide(readPool: pg.Pool, maxLagSeconds: number): Promise<Decision> {
  let replica: ReplicaState;
  try {
    replica = await askReplica(readPool);
    if (replica.standby && lagOf(replica) > maxLagSeconds) {
      await new Promise((resolve) => setTimeout(resolve, CONFIRM_AFTER_MS));
      replica = await askReplica(readPool);
    }
  } catch (error) {
    return { kind: 'unreachable', reason: `replica unreachable: ${describeError(error)}` };
  }
  if (!replica.standby) return { kind: 'not-standby', reason: 'not a standby' };
  const lag = lagOf(replica);
  if (lag === Number.POSITIVE_INFINITY) return { kind: 'lagging', reason: 'replica lag unknown: it has replayed no transaction and is not streaming up to date' };
  if (lag > maxLagSeconds) return { kind: 'lagging', reason: `replica lag ${formatSeconds(lag)} s over ${maxLagSeconds} s` };
  return { kind: 'replica', lagSeconds: lag };
}

function lagOf(replica: ReplicaState): number {
  if (replica.replayed_all_received && replica.streaming) return 0;
  return replica.replay_age ?? Number.POSITIVE_INFINITY;
}

/** An error's message; a connection refused on every address of a host is an AggregateError with none. */
function describeError(error: unknown): string {
  const first = error instanceof AggregateError ? (error.errors[0] as unknown) : error;
  const { message, code } = (first ?? {}) as { message?: string; code?: string };
  return message || code || String(error);
}

const formatSeconds = (seconds: number) => String(Number(seconds.toFixed(1)));

/**
 * One round trip to the replica, on a connection of its own (so that reports holding every
 * connection of the pool do not make the replica look down), bounded by
 * READ_SOURCE_CHECK_TIMEOUT_MS from connecting to the answer.
 */
async function askReplica(readPool: pg.Pool): Promise<ReplicaState> {
  const client = new pg.Client({
    ...readPool.options,
    application_name: 'lending-api-read-check',
    connectionTimeoutMillis: READ_SOURCE_CHECK_TIMEOUT_MS,
    query_timeout: READ_SOURCE_CHECK_TIMEOUT_MS,
  });
  // The connection may fail after the check has given up on it: nobody is told.
  client.on('error', () => undefined);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READ_SOURCE_CHECK_TIMEOUT_MS} ms`)), READ_SOURCE_CHECK_TIMEOUT_MS);
  });
  try {
    const answer = (async () => {
      await client.connect();
      return (await client.query<ReplicaState>(LAG_QUERY)).rows[0]!;
    })();
    answer.catch(() => undefined);
    return await Promise.race([answer, deadline]);
  } finally {
    clearTimeout(timer);
    // Not awaited: a replica that does not answer must not hold the check up any longer.
    client.end().catch(() => undefined);
  }
}

function logChange(logger: Deps['logger'], state: PoolState, decision: Decision): void {
  if (decision.kind === state.logged) return;
  const before = state.logged;
  state.logged = decision.kind;
  if (decision.kind === 'replica') {
    if (before) logger.info({ component: 'read-replica', lagSeconds: decision.lagSeconds }, 'reads go to the replica again');
    return;
  }
  logger.warn({ component: 'read-replica', reason: decision.reason }, `reads go to the primary: ${decision.reason}`);
}

/**
 * The pool on DATABASE_READ_URL (server.ts makes it; closed with end()). Small: only reports,
 * exports and dashboard aggregates use it. A connection the replica ends while idle (a restart)
 * is told to onIdleError, never thrown.
 */
export function connectReadReplica(url: string, options: { max?: number; onIdleError?: (error: Error) => void } = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 4, connectionTimeoutMillis: 5_000, application_name: 'lending-api-read' });
  pool.on('error', (error) => options.onIdleError?.(error));
  return pool;
}
