import { Writable } from 'node:stream';
import type { WorkerEvents } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { eventually } from '../../test/fixtures/eventually.ts';
import { queuedJobsOf } from '../../test/fixtures/job-queue.ts';
import { createLogger } from '../logger.ts';
import type { SweptRecords } from '../modules/auth/sweep-expired-records.ts';
import { sweepExpiredRecordsJob } from './definitions/maintenance/sweep-expired-records.ts';
import { startJobWorker, type JobWorker } from './worker.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// The test's clock: Date stands still at this moment (vi.useFakeTimers fakes Date alone; timers,
// sockets and PostgreSQL's own clock run on). graphile-worker's scheduler reads it, so which hour
// is due does not depend on when the test runs, and no new hour can begin while it runs.
const NOW = new Date('2026-03-10T10:20:30Z');
const lastHour = new Date('2026-03-10T10:00:00Z');

describe('recurring jobs', () => {
  it('run once per period however many replicas run a worker, and the hourly sweep deletes only what expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    try {
      const prisma = ctx.deps.prisma;
      const now = NOW.getTime();
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
      await prisma.$executeRaw`
        INSERT INTO graphile_worker._private_known_crontabs (identifier, known_since, last_execution)
        VALUES (${sweepExpiredRecordsJob.name}, ${new Date(now - 3 * HOUR)}::timestamptz, ${new Date(lastHour.getTime() - HOUR)}::timestamptz)`;

      // Two replicas start together; each schedules the sweep of the hour it finds due.
      const lines: string[] = [];
      const logger = createLogger('info', new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString()), done()) }));
      const deps = { ...ctx.deps, logger };
      const scheduled = new Set<number>();
      const replica = (n: number) => startJobWorker(deps, { pollIntervalMs: 50, observe: (events: WorkerEvents) => events.on('cron:started', () => scheduled.add(n)) });
      const sweeps = () =>
        lines.map((l) => JSON.parse(l) as { msg: string; scheduledFor: string | null; deleted: SweptRecords }).filter((l) => l.msg === 'expired records swept');
      const workers: JobWorker[] = [replica(1), replica(2)];
      try {
        // Both replicas have scheduled what they found due, and every sweep queued has run and
        // left the queue. No run can come after that: the clock stands still.
        await eventually(async () => scheduled.size === 2 && sweeps().length > 0 && (await queuedJobsOf(prisma, sweepExpiredRecordsJob.name)).length === 0, {
          what: 'both replicas to schedule and the sweep they queued to run',
          timeoutMs: 20_000,
        });
      } finally {
        await Promise.all(workers.map((w) => w.stop()));
      }
      const runs = sweeps();
      expect(runs.map((r) => r.scheduledFor)).toEqual([lastHour.toISOString()]);
      expect(runs[0]!.deleted).toEqual({ rate_limit_buckets: 1, refresh_tokens: 2, login_failures: 1 });

      expect((await prisma.rateLimitBucket.findMany({ select: { key: true } })).map((b) => b.key)).toEqual(['ip:nova']);
      expect((await prisma.refreshToken.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((t) => t.id)).toEqual(['revoked-just-now', 'valid']);
      expect(await prisma.loginFailure.count()).toBe(1);
      expect(await queuedJobsOf(prisma, sweepExpiredRecordsJob.name)).toEqual([]);
      const [known] = await prisma.$queryRaw<{ last_execution: Date }[]>`
        SELECT last_execution FROM graphile_worker._private_known_crontabs WHERE identifier = ${sweepExpiredRecordsJob.name}`;
      expect(known!.last_execution).toEqual(lastHour);
    } finally {
      vi.useRealTimers();
    }
  });
});
