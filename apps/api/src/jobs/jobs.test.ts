import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createLogger } from '../logger.ts';
import { runScreeningJob } from './definitions/screenings/run-screening.ts';
import { startJobWorker, type JobWorker, type JobWorkerOptions } from './worker.ts';
import { configWithTempDataDir } from '../../test/fixtures/config.ts';
import { eventually } from '../../test/fixtures/eventually.ts';
import { awaitRetry, queuedJob, skipBackoff } from '../../test/fixtures/job-queue.ts';
import { type FakeGateway, createPerson, json, startFakeGateway } from '../../test/fixtures/screenings.ts';

// The queue end to end on real PostgreSQL (graphile-worker), running screenings against a fake
// gateway whose answer depends on the screened person's last name.
let ctx: TestContext;
let temp: ReturnType<typeof configWithTempDataDir>;
let gateway: FakeGateway;
const calls = new Map<string, number[]>();
/** Calls the gateway never answered, by reference, and how many of them the caller gave up (closed). */
const held = new Map<string, { open: number; closed: number }>();
const clean = { data: { kind: 'INSOLVENCY', found: false, cases: [] } };
const abandonedCalls = (id: number) => held.get(`screening-${id}`)?.closed ?? 0;

beforeAll(async () => {
  gateway = await startFakeGateway((body, res) => {
    const reference = String(body.reference);
    const times = calls.get(reference) ?? [];
    times.push(Date.now());
    calls.set(reference, times);
    const lastName = (body.subject as { last_name: string }).last_name;
    if (lastName === 'Dočasná' && times.length <= 2) return json(res, 503, { detail: 'maintenance' });
    if (lastName === 'Nedostupná') return json(res, 502, { detail: 'upstream down' });
    if (lastName === 'Odmítnutá') return json(res, 400, { detail: 'subject unknown' });
    if (lastName === 'Rozbitá') return json(res, 200, '<html>502 Bad Gateway</html>');
    if (lastName === 'Pomalá' || (lastName === 'Zaseklá' && times.length === 1)) {
      // Never answered (Zaseklá: the first call): only the caller's abort (the job's time-out,
      // the worker's stop) ends it.
      const h = held.get(reference) ?? { open: 0, closed: 0 };
      held.set(reference, h);
      h.open++;
      res.on('close', () => h.closed++);
      return;
    }
    json(res, 200, clean);
  });
  temp = configWithTempDataDir({ SCREENING_PROVIDER: 'http', SCREENING_HTTP_URL: gateway.url, SCREENING_HTTP_TIMEOUT_MS: '600000' });
  ctx = await createTestContext({ config: temp.config });
});
afterAll(async () => {
  await ctx.close();
  await gateway.close();
  temp.cleanup();
});

// Generous time-out: two cores shared by parallel test files make a PDF take long at times.
const options: JobWorkerOptions = { pollIntervalMs: 50, timeoutMs: 30_000, concurrency: 2, stopGraceMs: 200 };
let workers: JobWorker[] = [];
const start = (more: JobWorkerOptions = {}, deps = ctx.deps) => {
  const worker = startJobWorker(deps, { ...options, ...more });
  workers.push(worker);
  return worker;
};
afterEach(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  workers = [];
});

/** A screening queued as POST /screenings/ queues it: the row and its job in one transaction. */
async function queue(lastName: string) {
  const person = await createPerson(ctx.deps, { lastName });
  return ctx.deps.prisma.$transaction(async (tx) => {
    const screening = await tx.screening.create({ data: { personId: person.id, type: 'ISIR_INSOLVENCY', state: 'PENDING' } });
    await runScreeningJob.enqueue(tx, { screening_id: screening.id });
    return screening;
  });
}

const keyOf = (id: number) => runScreeningJob.key({ screening_id: id });
/** Connections of job workers to this test's database (their pools are named). */
const workerConnections = async () =>
  Number(
    (
      await ctx.deps.prisma.$queryRaw<{ n: bigint }[]>`
        SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'lending-job-worker'`
    )[0]!.n,
  );
const row = (id: number) => ctx.deps.prisma.screening.findUniqueOrThrow({ where: { id } });
const settled = (id: number, timeoutMs = 20_000) =>
  eventually(
    async () => {
      const r = await row(id);
      return r.state === 'FINISHED' || r.state === 'FAILED' ? r : undefined;
    },
    { what: `screening ${id} to finish or fail`, timeoutMs },
  );

describe('screenings on the job queue', () => {
  it('runs each queued screening exactly once with two workers competing, and completes its job', async () => {
    start();
    start();
    const queued: { id: number }[] = [];
    for (let i = 0; i < 12; i++) queued.push(await queue('Souběžná'));
    for (const s of queued) {
      const done = await settled(s.id);
      expect(done).toMatchObject({ state: 'FINISHED', attempts: 1, error: null });
      expect(done.result).not.toHaveProperty('_job');
      expect(calls.get(`screening-${s.id}`)).toHaveLength(1);
    }
    const finishes = await ctx.deps.prisma.auditLog.count({ where: { action: 'screening.finish', entityId: { in: queued.map((s) => String(s.id)) } } });
    expect(finishes).toBe(12);
    // A completed job leaves the queue.
    await eventually(async () => !(await queuedJob(ctx.deps.prisma, keyOf(queued[11]!.id))), { what: 'the completed job to leave the queue' });
  });

  it('retries transient failures with growing back-off (e^attempt s), waiting PENDING in between, then finishes', async () => {
    start();
    const s = await queue('Dočasná');
    const first = await skipBackoff(ctx.deps.prisma, keyOf(s.id), 1);
    expect(first.last_error).toBe('Registr je dočasně nedostupný (HTTP 503).');
    expect(first.due_in).toBeGreaterThan(Math.E - 2);
    expect(first.due_in).toBeLessThanOrEqual(Math.E);
    const second = await skipBackoff(ctx.deps.prisma, keyOf(s.id), 2);
    expect(second.due_in).toBeGreaterThan(Math.E ** 2 - 2);
    expect(second.due_in).toBeLessThanOrEqual(Math.E ** 2);
    const done = await settled(s.id);
    expect(done).toMatchObject({ state: 'FINISHED', attempts: 3, error: null });
    expect(calls.get(`screening-${s.id}`)).toHaveLength(3);
  });

  it('shows a screening waiting for its retry as PENDING with the attempts so far', async () => {
    start();
    const s = await queue('Nedostupná');
    await awaitRetry(ctx.deps.prisma, keyOf(s.id), 1);
    expect(await row(s.id)).toMatchObject({ state: 'PENDING', attempts: 1, error: null });
    await ctx.deps.prisma.screening.delete({ where: { id: s.id } });
  });

  it('fails after the last (4th) attempt when the register stays unavailable, with a Czech reason', async () => {
    start();
    const s = await queue('Nedostupná');
    for (const attempt of [1, 2, 3]) await skipBackoff(ctx.deps.prisma, keyOf(s.id), attempt);
    const done = await settled(s.id);
    expect(done).toMatchObject({
      state: 'FAILED',
      attempts: 4,
      error: 'Prověrku se nepodařilo dokončit ani na 4. pokus. Poslední chyba: Registr je dočasně nedostupný (HTTP 502).',
    });
    expect(done.finishedAt).not.toBeNull();
    expect(calls.get(`screening-${s.id}`)).toHaveLength(4);
    // The handler recorded the outcome, so the job completed rather than failing for good.
    await eventually(async () => !(await queuedJob(ctx.deps.prisma, keyOf(s.id))), { what: 'the completed job to leave the queue' });
  });

  it('fails at once, with a Czech reason, when the register refuses or answers nonsense', async () => {
    start();
    const refused = await queue('Odmítnutá');
    const broken = await queue('Rozbitá');
    expect(await settled(refused.id)).toMatchObject({ state: 'FAILED', attempts: 1, error: 'Brána registrů odmítla dotaz (HTTP 400).', fileKey: null });
    expect(await settled(broken.id)).toMatchObject({ state: 'FAILED', error: 'Registr odpověděl v neočekávaném formátu.' });
    expect(calls.get(`screening-${refused.id}`)).toHaveLength(1);
    // The worker goes on working.
    expect((await settled((await queue('Souběžná')).id)).state).toBe('FINISHED');
  });

  it('aborts a run over the job time-out and fails it after the last attempt', async () => {
    start({ timeoutMs: 700 });
    const s = await queue('Pomalá');
    for (const attempt of [1, 2, 3]) {
      const job = await skipBackoff(ctx.deps.prisma, keyOf(s.id), attempt);
      expect(job.last_error).toBe('Prověrka nebyla dokončena v časovém limitu.');
    }
    const done = await settled(s.id);
    expect(done).toMatchObject({ state: 'FAILED', attempts: 4, error: 'Prověrku se nepodařilo dokončit ani na 4. pokus. Poslední chyba: Prověrka nebyla dokončena v časovém limitu.' });
    expect(calls.get(`screening-${s.id}`)).toHaveLength(4);
    // Each run's call was aborted by the job's time-out: the gateway never answers and the HTTP
    // client's own time-out is 10 minutes, so only that abort closes them. No abandoned run is
    // left to write anything.
    await eventually(() => abandonedCalls(s.id) === 4, { what: 'the worker to abort its four calls' });
    expect(await row(s.id)).toMatchObject({ state: 'FAILED', fileKey: null, result: null });
    expect(await ctx.deps.prisma.auditLog.count({ where: { action: 'screening.finish', entityId: String(s.id) } })).toBe(0);
  });

  it('takes over the job of a worker that died once its lock is 4 hours old, and gives up past the last attempt', async () => {
    // Jobs as a worker killed mid-run leaves them: locked by its pool, the screening IN_PROGRESS.
    const crashed = await queue('Převzatá');
    const hopeless = await queue('Převzatá');
    const alive = await queue('Převzatá');
    const lock = async (id: number, attempts: number, lockedAgo: string) => {
      await ctx.deps.prisma.screening.update({ where: { id }, data: { state: 'IN_PROGRESS', attempts } });
      // No public function locks a job: the private table, as a worker's claim writes it.
      await ctx.deps.prisma.$executeRawUnsafe(
        `UPDATE graphile_worker._private_jobs SET locked_by = 'pool-mrtvy', locked_at = now() - interval '${lockedAgo}', attempts = $1 WHERE key = $2`,
        attempts,
        keyOf(id),
      );
    };
    await lock(crashed.id, 1, '5 hours');
    await lock(hopeless.id, runScreeningJob.attempts, '5 hours');
    await lock(alive.id, 1, '1 minute');

    let lockChecks = 0;
    start({ staleLockCheckMs: 200, observe: (events) => events.on('resetLocked:success', () => lockChecks++) });
    expect(await settled(crashed.id)).toMatchObject({ state: 'FINISHED', attempts: 2 });
    expect(await settled(hopeless.id)).toMatchObject({ state: 'FAILED', attempts: 5, error: 'Zpracování prověrky bylo opakovaně přerušeno (restart nebo výpadek serveru).' });
    expect(calls.get(`screening-${hopeless.id}`)).toBeUndefined();
    // A lock younger than 4 hours may be a live worker's: left alone by every look for stale
    // locks, including two more that ended after the others' outcome was seen.
    const seen = lockChecks;
    await eventually(() => lockChecks >= seen + 2, { what: 'two more looks for stale locks' });
    expect(await row(alive.id)).toMatchObject({ state: 'IN_PROGRESS', attempts: 1 });
    expect(await queuedJob(ctx.deps.prisma, keyOf(alive.id))).toMatchObject({ attempts: 1, locked_at: expect.any(Date) });
    await ctx.deps.prisma.$executeRaw`SELECT graphile_worker.remove_job(${keyOf(alive.id)})`;
    await ctx.deps.prisma.screening.delete({ where: { id: alive.id } });
  });

  it('on the embedded database, frees at start the jobs a killed run left locked, at once rather than after 4 hours', async () => {
    const { unlockJobsOfDeadWorkers } = await import('./queue.ts');
    const killed = await queue('Osiřelá');
    await ctx.deps.prisma.screening.update({ where: { id: killed.id }, data: { state: 'IN_PROGRESS', attempts: 1 } });
    await ctx.deps.prisma.$executeRawUnsafe(`UPDATE graphile_worker._private_jobs SET locked_by = 'pool-zabity', locked_at = now() - interval '1 minute', attempts = 1 WHERE key = $1`, keyOf(killed.id));
    // Earlier tests of this file may have left locks of their stopped workers too.
    expect(await unlockJobsOfDeadWorkers(ctx.deps.pool.options.connectionString!)).toBeGreaterThanOrEqual(1);
    expect(await queuedJob(ctx.deps.prisma, keyOf(killed.id))).toMatchObject({ locked_at: null });
    start();
    expect(await settled(killed.id)).toMatchObject({ state: 'FINISHED', attempts: 2 });
  });

  it('queues waiting screenings that have no job when it starts (rows from before the queue, seeded ones)', async () => {
    const person = await createPerson(ctx.deps, { lastName: 'Bezúlohová' });
    const orphan = await ctx.deps.prisma.screening.create({ data: { personId: person.id, type: 'ISIR_INSOLVENCY', state: 'PENDING' } });
    expect(await queuedJob(ctx.deps.prisma, keyOf(orphan.id))).toBeUndefined();
    start();
    start();
    expect(await settled(orphan.id)).toMatchObject({ state: 'FINISHED', attempts: 1 });
    expect(calls.get(`screening-${orphan.id}`)).toHaveLength(1);
  });

  it('stops taking jobs when stopped, aborts a run still going after the grace period and hands it back', async () => {
    const worker = start({ timeoutMs: 20_000, stopGraceMs: 300 });
    const s = await queue('Zaseklá');
    await eventually(async () => (await row(s.id)).state === 'IN_PROGRESS', { what: 'the screening to be taken' });
    await worker.stop();
    // The gateway never answers: the run ended because the grace period ran out and its call
    // was aborted, and it handed the screening back for the next run.
    await eventually(() => abandonedCalls(s.id) === 1, { what: 'the stopped worker to abort its call' });
    expect(await row(s.id)).toMatchObject({ state: 'PENDING', attempts: 1 });
    const job = await queuedJob(ctx.deps.prisma, keyOf(s.id));
    expect(job).toMatchObject({ attempts: 1, locked_at: null, last_error: 'Zpracování přerušeno zastavením serveru.' });
    // Not taken by a stopped worker: it holds no connection any more, so it cannot take a job.
    const later = await queue('Souběžná');
    await eventually(async () => (await workerConnections()) === 0, { what: 'the stopped worker to close its connections' });
    expect((await row(later.id)).state).toBe('PENDING');
    expect(await queuedJob(ctx.deps.prisma, keyOf(later.id))).toMatchObject({ attempts: 0, locked_at: null });
    // The next worker (any replica) runs both.
    start();
    await skipBackoff(ctx.deps.prisma, keyOf(s.id), 1);
    expect(await settled(later.id)).toMatchObject({ state: 'FINISHED' });
    expect(await settled(s.id)).toMatchObject({ state: 'FINISHED', attempts: 2 });
  });

  it('survives losing its database connections and goes on by itself', async () => {
    const lines: string[] = [];
    const logger = createLogger('warn', new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString()), done()) }));
    start({}, { ...ctx.deps, logger });
    expect((await settled((await queue('Souběžná')).id)).state).toBe('FINISHED');
    // What a restart of PostgreSQL does to the worker: every connection of its pool cut.
    const cut = await ctx.deps.prisma.$queryRaw<{ n: bigint }[]>`
      SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity
       WHERE datname = current_database() AND application_name = 'lending-job-worker'`;
    expect(Number(cut[0]!.n)).toBeGreaterThan(0);
    expect((await settled((await queue('Souběžná')).id, 30_000)).state).toBe('FINISHED');
    expect(lines.join('')).toMatch(/connection was lost|connection.*terminat/i);
  });

  it('starts again when graphile-worker gives up on recording an outcome, and frees the job it held', async () => {
    const lines: string[] = [];
    const logger = createLogger('warn', new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString()), done()) }));
    // The database refuses to complete one job (as when it goes away right then): graphile-worker
    // stops its pool, leaving the job locked by it (for 4 hours, were it left alone).
    await ctx.deps.prisma.$executeRawUnsafe(`CREATE TABLE test_refused_completions (key text PRIMARY KEY)`);
    await ctx.deps.prisma.$executeRawUnsafe(`CREATE FUNCTION test_refuse_completion() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM test_refused_completions WHERE key = OLD.key) THEN RAISE EXCEPTION 'the database went away'; END IF;
        RETURN OLD;
      END $$`);
    await ctx.deps.prisma.$executeRawUnsafe(
      `CREATE TRIGGER test_refuse_completion BEFORE DELETE ON graphile_worker._private_jobs FOR EACH ROW EXECUTE FUNCTION test_refuse_completion()`,
    );
    try {
      const s = await queue('Souběžná');
      await ctx.deps.prisma.$executeRaw`INSERT INTO test_refused_completions VALUES (${keyOf(s.id)})`;
      start({}, { ...ctx.deps, logger });
      expect(await settled(s.id)).toMatchObject({ state: 'FINISHED', attempts: 1 });
      await eventually(() => lines.join('').includes('job worker stopped by itself'), { what: 'the worker to stop by itself' });
      await ctx.deps.prisma.$executeRaw`DELETE FROM test_refused_completions`;
      // Started again, it freed the job at once: the run finds the screening finished, completes.
      await eventually(async () => !(await queuedJob(ctx.deps.prisma, keyOf(s.id))), { what: 'the freed job to complete' });
      expect(await row(s.id)).toMatchObject({ state: 'FINISHED', attempts: 1 });
      expect(calls.get(`screening-${s.id}`)).toHaveLength(1);
      expect((await settled((await queue('Souběžná')).id)).state).toBe('FINISHED');
    } finally {
      await ctx.deps.prisma.$executeRawUnsafe(`DROP TRIGGER test_refuse_completion ON graphile_worker._private_jobs`);
    }
  });
});
