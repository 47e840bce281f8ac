import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createLogger } from '../logger.ts';
import type { SweptRecords } from '../modules/auth/sweep-expired-records.ts';
import { sweepExpiredRecordsJob } from './definitions/maintenance/sweep-expired-records.ts';
import { startJobWorker, type JobWorker } from './worker.ts';
import { eventually } from '../../test/fixtures/eventually.ts';
import { queuedJob } from '../../test/fixtures/job-queue.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('recurring jobs', () => {
  it('run once per period however many replicas run a worker, and the hourly sweep deletes only what expired', async () => {
    const prisma = ctx.deps.prisma;
    const now = Date.now();
    await prisma.rateLimitBucket.createMany({
      data: [
        { key: 'ip:stara', windowStart: new Date(now - 2 * DAY), hits: 7 },
        { key: 'ip:nova', windowStart: new Date(now - 60_000), hits: 1 },
      ],
    });
    const user = await prisma.staffUser.create({ data: { email: 'uklid@test.cz', role: 'VIEWER', passwordHash: 'x' } });
    await prisma.refreshToken.createMany({
      data: [
        { id: 'expired', userId: user.id, expiresAt: new Date(now - HOUR) },
        { id: 'revoked-long-ago', userId: user.id, expiresAt: new Date(now + DAY), revokedAt: new Date(now - 2 * DAY) },
        { id: 'revoked-just-now', userId: user.id, expiresAt: new Date(now + DAY), revokedAt: new Date(now - HOUR) },
        { id: 'valid', userId: user.id, expiresAt: new Date(now + DAY) },
      ],
    });
    await prisma.loginFailure.createMany({
      data: [
        { email: 'uklid@test.cz', ip: '10.0.0.1', createdAt: new Date(now - 2 * DAY) },
        { email: 'uklid@test.cz', ip: '10.0.0.1', createdAt: new Date(now - 60_000) },
      ],
    });

    // The sweep last ran two hours ago, and no worker ran since: the last full hour is due.
    // (graphile-worker's record of it; private, so written here as its scheduler writes it.)
    const lastHour = new Date(Math.floor(now / HOUR) * HOUR);
    await prisma.$executeRaw`
      INSERT INTO graphile_worker._private_known_crontabs (identifier, known_since, last_execution)
      VALUES (${sweepExpiredRecordsJob.name}, ${new Date(now - 3 * HOUR)}::timestamptz, ${new Date(lastHour.getTime() - HOUR)}::timestamptz)`;

    // Two replicas start together; each schedules the sweep of the hour it finds due.
    const lines: string[] = [];
    const logger = createLogger('info', new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString()), done()) }));
    const deps = { ...ctx.deps, logger };
    const workers: JobWorker[] = [startJobWorker(deps, { pollIntervalMs: 50 }), startJobWorker(deps, { pollIntervalMs: 50 })];
    try {
      const sweeps = () =>
        lines.map((l) => JSON.parse(l) as { msg: string; scheduledFor: string | null; deleted: SweptRecords }).filter((l) => l.msg === 'expired records swept');
      await eventually(() => sweeps().length > 0, { what: 'a sweep', timeoutMs: 20_000 });
      // Time for a second run, had either replica queued one too.
      await new Promise((r) => setTimeout(r, 1_500));
      const runs = sweeps();
      const periods = runs.map((r) => r.scheduledFor);
      expect(new Set(periods).size).toBe(runs.length);
      for (const p of periods) expect(new Date(p!).getTime() % HOUR).toBe(0);
      // One period was due: the last full hour (two, if an hour began while this test ran).
      if (Math.floor(Date.now() / HOUR) * HOUR === lastHour.getTime()) expect(periods).toEqual([lastHour.toISOString()]);
      expect(runs.reduce((sum, r) => sum + r.deleted.rate_limit_buckets, 0)).toBe(1);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }

    expect((await prisma.rateLimitBucket.findMany({ select: { key: true } })).map((b) => b.key)).toEqual(['ip:nova']);
    expect((await prisma.refreshToken.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((t) => t.id)).toEqual(['revoked-just-now', 'valid']);
    expect(await prisma.loginFailure.count()).toBe(1);
    expect(await queuedJob(prisma, sweepExpiredRecordsJob.name)).toBeUndefined();
    const [known] = await prisma.$queryRaw<{ last_execution: Date }[]>`
      SELECT last_execution FROM graphile_worker._private_known_crontabs WHERE identifier = ${sweepExpiredRecordsJob.name}`;
    expect(known!.last_execution.getTime()).toBeGreaterThanOrEqual(lastHour.getTime());
  });
});
