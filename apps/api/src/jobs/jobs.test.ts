import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { configWithTempDataDir } from '../../test/documents-fixtures.ts';
import { createPerson, eventually, json, startFakeGateway, type FakeGateway } from '../modules/screenings/screening-test-fixtures.ts';
import { claimNextScreening, enqueueScreening, heartbeat, jobMetaOf, LeaseLost, lockHeldScreening, notifyEnqueued } from './screening-queue.ts';
import { startJobWorker, type JobWorker } from './worker.ts';

// The queue end to end on real PostgreSQL, against a fake screening gateway whose answer
// depends on the screened person's last name.
let ctx: TestContext;
let temp: ReturnType<typeof configWithTempDataDir>;
let gateway: FakeGateway;
const calls = new Map<string, number[]>();
const clean = { data: { kind: 'INSOLVENCY', found: false, cases: [] } };

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
    if (lastName === 'Pomalá') return void setTimeout(() => json(res, 200, clean), 1500);
    if (lastName === 'Zaseklá') return void setTimeout(() => json(res, 200, clean), 4000);
    json(res, 200, clean);
  });
  temp = configWithTempDataDir({ SCREENING_PROVIDER: 'http', SCREENING_HTTP_URL: gateway.url, SCREENING_HTTP_TIMEOUT_MS: '10000' });
  ctx = await createTestContext({ config: temp.config });
});
afterAll(async () => {
  await ctx.close();
  await gateway.close();
  temp.cleanup();
});

// Generous time-out: two cores shared by parallel test files make a PDF take long at times.
const options = { pollIntervalMs: 25, retryDelayMs: 60, timeoutMs: 30_000, maxAttempts: 3, leaseMs: 5_000, concurrency: 2, stopGraceMs: 100 };

async function queue(lastName: string) {
  const person = await createPerson(ctx.deps, { lastName });
  const screening = await enqueueScreening(ctx.deps.prisma, { personId: person.id, type: 'ISIR_INSOLVENCY', requestedById: null });
  notifyEnqueued(ctx.deps);
  return screening;
}

const settled = (id: number, timeoutMs = 15_000) =>
  eventually(async () => {
    const row = await ctx.deps.prisma.screening.findUniqueOrThrow({ where: { id } });
    return row.state === 'FINISHED' || row.state === 'FAILED' ? row : undefined;
  }, timeoutMs);

describe('job worker', () => {
  let workers: JobWorker[] = [];
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
  });

  it('runs each queued screening exactly once with two workers competing', async () => {
    workers = [startJobWorker(ctx.deps, options), startJobWorker(ctx.deps, options)];
    const queued = [];
    for (let i = 0; i < 12; i++) queued.push(await queue('Souběžná'));
    for (const s of queued) {
      const row = await settled(s.id);
      expect(row.state).toBe('FINISHED');
      expect(jobMetaOf(row.result)).toMatchObject({ attempts: 1, last_error: null });
      expect(calls.get(`screening-${s.id}`)).toHaveLength(1);
    }
    const finishes = await ctx.deps.prisma.auditLog.count({ where: { action: 'screening.finish', entityId: { in: queued.map((s) => String(s.id)) } } });
    expect(finishes).toBe(12);
  });

  it('retries transient failures with growing back-off, then finishes', async () => {
    const s = await queue('Dočasná');
    const row = await settled(s.id);
    expect(row.state).toBe('FINISHED');
    expect(row.error).toBeNull();
    expect(jobMetaOf(row.result).attempts).toBe(3);
    const [first, second, third] = calls.get(`screening-${s.id}`)!;
    expect(second! - first!).toBeGreaterThanOrEqual(options.retryDelayMs - 5);
    expect(third! - second!).toBeGreaterThanOrEqual(2 * options.retryDelayMs - 5);
  });

  it('fails after the last attempt when the register stays unavailable', async () => {
    const s = await queue('Nedostupná');
    const row = await settled(s.id);
    expect(row).toMatchObject({ state: 'FAILED', error: 'Prověrku se nepodařilo dokončit ani na 3. pokus. Poslední chyba: Registr je dočasně nedostupný (HTTP 502).' });
    expect(calls.get(`screening-${s.id}`)).toHaveLength(3);
  });

  it('fails at once, with a Czech reason, when the register refuses or answers nonsense', async () => {
    const refused = await queue('Odmítnutá');
    const broken = await queue('Rozbitá');
    expect(await settled(refused.id)).toMatchObject({ state: 'FAILED', error: 'Brána registrů odmítla dotaz (HTTP 400).', fileKey: null });
    expect(await settled(broken.id)).toMatchObject({ state: 'FAILED', error: 'Registr odpověděl v neočekávaném formátu.' });
    expect(calls.get(`screening-${refused.id}`)).toHaveLength(1);
    // The worker goes on working.
    expect((await settled((await queue('Souběžná')).id)).state).toBe('FINISHED');
  });

  it('aborts a run over the job time-out and fails it after the last attempt', async () => {
    await Promise.all(workers.map((w) => w.stop()));
    workers = [startJobWorker(ctx.deps, { ...options, timeoutMs: 700 })];
    const s = await queue('Pomalá');
    const row = await settled(s.id, 20_000);
    expect(row.state).toBe('FAILED');
    expect(row.error).toBe('Prověrku se nepodařilo dokončit ani na 3. pokus. Poslední chyba: Prověrka nebyla dokončena v časovém limitu.');
    expect(calls.get(`screening-${s.id}`)).toHaveLength(3);
    expect(row.finishedAt).not.toBeNull();
  });

  it('takes over a screening whose worker crashed, but not one whose worker is alive', async () => {
    const person = await createPerson(ctx.deps, { lastName: 'Převzatá' });
    const longAgo = new Date(Date.now() - 10 * 60_000);
    const crashed = await ctx.deps.prisma.screening.create({
      data: { personId: person.id, type: 'ISIR_INSOLVENCY', state: 'IN_PROGRESS', result: { _job: { attempts: 1, lease: 'mrtvy-worker' } }, createdAt: longAgo },
    });
    await ctx.deps.prisma.$executeRaw`UPDATE screenings SET updated_at = ${longAgo.toISOString()}::timestamp WHERE id = ${crashed.id}`;
    const hopeless = await ctx.deps.prisma.screening.create({
      data: { personId: person.id, type: 'RZP', state: 'IN_PROGRESS', result: { _job: { attempts: 3, lease: 'mrtvy-worker' } }, createdAt: longAgo },
    });
    await ctx.deps.prisma.$executeRaw`UPDATE screenings SET updated_at = ${longAgo.toISOString()}::timestamp WHERE id = ${hopeless.id}`;
    const alive = await ctx.deps.prisma.screening.create({
      data: { personId: person.id, type: 'ISPIS_CEE', state: 'IN_PROGRESS', result: { _job: { attempts: 1, lease: 'zivy-worker' } } },
    });

    await Promise.all(workers.map((w) => w.stop()));
    workers = [startJobWorker(ctx.deps, options)];
    const recovered = await settled(crashed.id);
    expect(recovered.state).toBe('FINISHED');
    expect(jobMetaOf(recovered.result).attempts).toBe(2);
    expect(await settled(hopeless.id)).toMatchObject({ state: 'FAILED', error: 'Zpracování prověrky bylo opakovaně přerušeno (restart nebo výpadek serveru).' });
    await new Promise((r) => setTimeout(r, 300));
    expect(await ctx.deps.prisma.screening.findUniqueOrThrow({ where: { id: alive.id } })).toMatchObject({ state: 'IN_PROGRESS' });
    await ctx.deps.prisma.screening.delete({ where: { id: alive.id } });
  });

  it('hands a running screening back to the queue when stopped, without counting the attempt', async () => {
    await Promise.all(workers.map((w) => w.stop()));
    workers = [];
    const worker = startJobWorker(ctx.deps, { ...options, timeoutMs: 20_000 });
    const s = await queue('Zaseklá');
    await eventually(async () => ((await ctx.deps.prisma.screening.findUniqueOrThrow({ where: { id: s.id } })).state === 'IN_PROGRESS' ? true : undefined));
    await worker.stop();
    const row = await ctx.deps.prisma.screening.findUniqueOrThrow({ where: { id: s.id } });
    expect(row.state).toBe('PENDING');
    expect(jobMetaOf(row.result)).toMatchObject({ attempts: 0, lease: null });
    await ctx.deps.prisma.screening.delete({ where: { id: s.id } });
  });
});

describe('screening queue', () => {
  it('fences a run that lost its lease out of every write', async () => {
    const person = await createPerson(ctx.deps, { lastName: 'Oplocená' });
    const s = await enqueueScreening(ctx.deps.prisma, { personId: person.id, type: 'RZP', requestedById: null });
    const now = new Date();
    const job = await claimNextScreening(ctx.deps.prisma, now, 60_000);
    expect(job).toMatchObject({ id: s.id, attempt: 1 });
    expect(await claimNextScreening(ctx.deps.prisma, now, 60_000)).toBeNull();
    expect(await heartbeat(ctx.deps.prisma, job!, now)).toBe(true);
    // After the lease runs out another worker takes it with a new lease...
    const later = new Date(now.getTime() + 61_000);
    const takeover = await claimNextScreening(ctx.deps.prisma, later, 60_000);
    expect(takeover).toMatchObject({ id: s.id, attempt: 2 });
    expect(takeover!.lease).not.toBe(job!.lease);
    // ...and the first run can neither report nor finish.
    expect(await heartbeat(ctx.deps.prisma, job!, later)).toBe(false);
    await expect(ctx.deps.prisma.$transaction((tx) => lockHeldScreening(tx, job!))).rejects.toBeInstanceOf(LeaseLost);
    await expect(ctx.deps.prisma.$transaction((tx) => lockHeldScreening(tx, takeover!))).resolves.toBeUndefined();
    await ctx.deps.prisma.screening.delete({ where: { id: s.id } });
  });
});
