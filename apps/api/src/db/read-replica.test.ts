import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultRootDir, loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { queryOnce, startStreamingReplica, type StreamingReplica } from '../../test/streaming-replica.ts';
import { connectReadReplica, READ_SOURCE_CACHE_MS, READ_SOURCE_CHECK_TIMEOUT_MS, readSource } from './read-replica.ts';

// Against a real hot standby streaming from its own throw-away primary (the shared test server
// is left alone: this one gets a replication slot and, if need be, a pg_hba.conf line).

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let replica: StreamingReplica;
const pools: pg.Pool[] = [];
let primaryPool: pg.Pool;

function pool(url: string): pg.Pool {
  const p = connectReadReplica(url, { max: 2 });
  pools.push(p);
  return p;
}

/** deps as readSource sees them, with every log line kept. */
function depsFor(readPool: pg.Pool | undefined, maxLagSeconds = 30) {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_READ_MAX_LAG_SECONDS: String(maxLagSeconds) }, defaultRootDir());
  const deps = { pool: primaryPool, readPool, config, logger: createLogger('info', destination) };
  const logs = (level: 'warn' | 'info') => lines.filter((l) => l.component === 'read-replica' && l.level === (level === 'warn' ? 40 : 30));
  return { deps, logs };
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await sleep(50);
  }
  throw new Error(`not within ${timeoutMs} ms`);
}

beforeAll(async () => {
  replica = await startStreamingReplica();
  primaryPool = new pg.Pool({ connectionString: replica.primary.url('postgres'), max: 2 });
  pools.push(primaryPool);
  await primaryPool.query('CREATE TABLE replicated (id serial PRIMARY KEY, note text NOT NULL)');
  // An ordinary login role, to read as a reporting user would (no pg_read_all_stats).
  await primaryPool.query("CREATE ROLE reporter LOGIN PASSWORD 'reporter-heslo'; GRANT SELECT ON replicated TO reporter");
  await replica.waitForReplay();
}, 120_000);

afterAll(async () => {
  await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
  await replica?.stop();
}, 60_000);

describe('readSource against a streaming replica', () => {
  it('reads from a standby that is up to date: rows written on the primary are there, writes are refused', async () => {
    const { rows } = await primaryPool.query<{ id: number }>("INSERT INTO replicated (note) VALUES ('zapsáno na primáru') RETURNING id");
    const id = rows[0]!.id;
    const readPool = pool(replica.replicaUrl('postgres'));
    const seenAfter = await until(async () => (await readPool.query('SELECT 1 FROM replicated WHERE id = $1', [id])).rowCount === 1, 10_000);
    expect(seenAfter).toBeLessThan(10_000);

    const { deps, logs } = depsFor(readPool);
    const source = await readSource(deps);
    expect(source).toMatchObject({ source: 'replica', pool: readPool });
    expect(source.fallbackReason).toBeUndefined();
    expect(source.lagSeconds).toBeGreaterThanOrEqual(0);
    expect(source.lagSeconds).toBeLessThan(1);
    expect(logs('warn')).toEqual([]);

    const read = await source.pool.query<{ note: string; standby: boolean }>('SELECT note, pg_is_in_recovery() AS standby FROM replicated WHERE id = $1', [id]);
    expect(read.rows).toEqual([{ note: 'zapsáno na primáru', standby: true }]);
    await expect(source.pool.query("INSERT INTO replicated (note) VALUES ('na replice')")).rejects.toMatchObject({ code: '25006', message: expect.stringMatching(/read-only transaction/) });
  });

  it('does not take an idle primary for a lagging replica', async () => {
    await primaryPool.query("INSERT INTO replicated (note) VALUES ('poslední zápis před klidem')");
    await replica.waitForReplay();
    await sleep(3_000);
    // The naive measure (age of the last replayed transaction) is over the 1 s limit by now …
    const [naive] = await queryOnce(replica.replicaUrl('postgres'), 'SELECT extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 AS age');
    expect(naive!.age).toBeGreaterThan(2.5);
    // … yet nothing is missing: as a superuser (who sees the WAL receiver's status) and as a
    // reporting user (who sees only that there is one).
    for (const url of [replica.replicaUrl('postgres'), replica.replicaUrl('postgres').replace('postgres:postgres@', 'reporter:reporter-heslo@')]) {
      const readPool = pool(url);
      const { deps, logs } = depsFor(readPool, 1);
      expect(await readSource(deps)).toMatchObject({ source: 'replica', lagSeconds: 0 });
      expect(logs('warn')).toEqual([]);
    }
  });

  it('reads the primary while replay is paused and the lag grows over the limit, and the replica again once it caught up', async () => {
    const readPool = pool(replica.replicaUrl('postgres'));
    const { deps, logs } = depsFor(readPool, 1);
    expect(await readSource(deps)).toMatchObject({ source: 'replica' });

    await readPool.query('SELECT pg_wal_replay_pause()');
    try {
      // Past the cached answer, with commits the standby receives but does not apply.
      await sleep(READ_SOURCE_CACHE_MS);
      const { rows } = await primaryPool.query<{ id: number }>("INSERT INTO replicated (note) VALUES ('během pauzy') RETURNING id");
      await sleep(2_000);
      expect((await readPool.query('SELECT 1 FROM replicated WHERE id = $1', [rows[0]!.id])).rowCount).toBe(0);

      const lagging = await readSource(deps);
      expect(lagging).toMatchObject({ source: 'primary', pool: primaryPool, lagSeconds: null });
      expect(lagging.fallbackReason).toMatch(/^replica lag \d+(\.\d)? s over 1 s$/);
      expect(Number(/lag ([\d.]+) s/.exec(lagging.fallbackReason!)![1])).toBeGreaterThanOrEqual(2);
      expect(logs('warn')).toEqual([expect.objectContaining({ reason: lagging.fallbackReason })]);

      // Asked again after the cache expired, still lagging: no second warning.
      await sleep(READ_SOURCE_CACHE_MS);
      expect(await readSource(deps)).toMatchObject({ source: 'primary', fallbackReason: expect.stringMatching(/^replica lag/) });
      expect(logs('warn')).toHaveLength(1);
    } finally {
      await readPool.query('SELECT pg_wal_replay_resume()');
    }
    await replica.waitForReplay();
    // The answer is kept for a while: still the primary right after the resume …
    expect(await readSource(deps)).toMatchObject({ source: 'primary' });
    await sleep(READ_SOURCE_CACHE_MS);
    // … then the replica again, said once in the log.
    expect(await readSource(deps)).toMatchObject({ source: 'replica', lagSeconds: 0 });
    expect(logs('info')).toEqual([expect.objectContaining({ msg: 'reads go to the replica again' })]);
    expect(logs('warn')).toHaveLength(1);
  }, 30_000);

  it('asks the replica once for the reads made together, on a connection of its own', async () => {
    const readPool = pool(replica.replicaUrl('postgres'));
    const { deps } = depsFor(readPool);
    // Reports hold every connection of the pool (max 2): the check must not wait for one.
    const held = [await readPool.connect(), await readPool.connect()];
    const connect = vi.spyOn(pg.Client.prototype, 'connect');
    try {
      const began = Date.now();
      const sources = await Promise.all(Array.from({ length: 5 }, () => readSource(deps)));
      expect(Date.now() - began).toBeLessThan(1_000);
      expect(sources.map((s) => s.source)).toEqual(Array(5).fill('replica'));
      expect(connect).toHaveBeenCalledTimes(1);
      // Within the cache's lifetime, later reads are not asked about at all.
      expect(await readSource(deps)).toMatchObject({ source: 'replica' });
      expect(connect).toHaveBeenCalledTimes(1);
    } finally {
      connect.mockRestore();
      for (const client of held) client.release();
    }
    expect(readPool.totalCount).toBe(2);
  });

  it('reads the primary when the replica is a primary itself', async () => {
    const { deps, logs } = depsFor(pool(replica.primary.url('postgres')));
    expect(await readSource(deps)).toEqual({ pool: primaryPool, source: 'primary', lagSeconds: null, fallbackReason: 'not a standby' });
    expect(logs('warn')).toEqual([expect.objectContaining({ reason: 'not a standby' })]);
  });

  it('reads the primary, without a query, when no replica is configured', async () => {
    const untouched = new pg.Pool({ connectionString: replica.primary.url('postgres'), max: 1 });
    pools.push(untouched);
    const config = loadConfig({ NODE_ENV: 'test' }, defaultRootDir());
    expect(config.DATABASE_READ_URL).toBeUndefined();
    const source = await readSource({ pool: untouched, config, logger: createLogger('silent') });
    expect(source).toEqual({ pool: untouched, source: 'primary', lagSeconds: null });
    expect(untouched.totalCount).toBe(0);
  });

  it('reads the primary, without throwing, when the replica does not answer or is down', async () => {
    // A postmaster that is stopped (SIGSTOP) takes connections into its backlog and never answers.
    const pid = replica.replicaPid()!;
    expect(pid).toBeGreaterThan(0);
    const hung = depsFor(pool(replica.replicaUrl('postgres')));
    process.kill(pid, 'SIGSTOP');
    let began = Date.now();
    try {
      const source = await readSource(hung.deps);
      expect(Date.now() - began).toBeLessThan(READ_SOURCE_CHECK_TIMEOUT_MS + 1_000);
      expect(source).toMatchObject({ source: 'primary', pool: primaryPool, lagSeconds: null, fallbackReason: `replica unreachable: no answer within ${READ_SOURCE_CHECK_TIMEOUT_MS} ms` });
      expect(hung.logs('warn')).toHaveLength(1);
    } finally {
      process.kill(pid, 'SIGCONT');
    }

    const readPool = pool(replica.replicaUrl('postgres'));
    const { deps, logs } = depsFor(readPool);
    expect(await readSource(deps)).toMatchObject({ source: 'replica' });
    await replica.stopReplica();
    await sleep(READ_SOURCE_CACHE_MS);
    began = Date.now();
    const source = await readSource(deps);
    expect(Date.now() - began).toBeLessThan(READ_SOURCE_CHECK_TIMEOUT_MS);
    expect(source).toMatchObject({ source: 'primary', pool: primaryPool, lagSeconds: null });
    expect(source.fallbackReason).toMatch(/^replica unreachable: .*(ECONNREFUSED|terminat|shut)/i);
    expect(logs('warn')).toEqual([expect.objectContaining({ component: 'read-replica', reason: source.fallbackReason })]);
  }, 30_000);
});
