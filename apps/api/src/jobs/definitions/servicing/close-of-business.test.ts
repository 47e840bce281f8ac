import type { WorkerEvents } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/context.ts';
import { addClaim, createDeal } from '../../../../test/fixtures/deals.ts';
import { eventually } from '../../../../test/fixtures/eventually.ts';
import { queuedJob } from '../../../../test/fixtures/job-queue.ts';
import { recurringJobs } from '../../registry.ts';
import { startJobWorker, type JobWorker } from '../../worker.ts';
import { closeOfBusinessJob } from './close-of-business.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// The test's clock: Date stands still at 10:20:30 UTC on 10 March 2026 (vi.useFakeTimers fakes
// Date alone; timers, sockets and PostgreSQL's clock run on). The job's last moment was 10:05,
// which closes 9 March, the day before it in Prague, whatever day the test runs; and no new
// moment can come while it runs.
const NOW = new Date('2026-03-10T10:20:30Z');
const MOMENT = new Date('2026-03-10T10:05:00Z');
const THROUGH = '2026-03-09';

describe('the close-of-business job', () => {
  it('is a recurring job at minute 5 of every hour', () => {
    const item = recurringJobs().find((j) => j.identifier === closeOfBusinessJob.name);
    expect(item).toMatchObject({ task: closeOfBusinessJob.name, options: { backfillPeriod: HOUR, maxAttempts: 3, jobKey: closeOfBusinessJob.name } });
  });

  it('runs once across two replicas for a moment missed while no worker ran, closing the day before it in Prague', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    try {
      const p = ctx.deps.prisma;
      const deal = await createDeal(p);
      await addClaim(p, deal, { due: '2026-03-06', amount: '1500.00' });
      // The job last ran an hour before that moment (graphile-worker's record, written as its scheduler does).
      await p.$executeRaw`
        INSERT INTO graphile_worker._private_known_crontabs (identifier, known_since, last_execution)
        VALUES (${closeOfBusinessJob.name}, ${new Date(NOW.getTime() - 3 * HOUR)}::timestamptz, ${new Date(MOMENT.getTime() - HOUR)}::timestamptz)`;
      const scheduled = new Set<number>();
      const replica = (n: number) => startJobWorker(ctx.deps, { pollIntervalMs: 50, observe: (events: WorkerEvents) => events.on('cron:started', () => scheduled.add(n)) });
      const workers: JobWorker[] = [replica(1), replica(2)];
      try {
        // Both replicas have scheduled what they found due, and the job they queued has run and
        // left the queue: no other run can come (the clock stands still).
        await eventually(async () => scheduled.size === 2 && (await p.closeOfBusiness.count()) > 0 && !(await queuedJob(p, closeOfBusinessJob.name)), {
          what: 'both replicas to schedule and the close they queued to run',
          timeoutMs: 20_000,
        });
      } finally {
        await Promise.all(workers.map((w) => w.stop()));
      }
      const runs = await p.closeOfBusiness.findMany();
      expect(runs.map((r) => [r.businessDate.toISOString().slice(0, 10), (r.stats as { trigger: string }).trigger, (r.stats as { runs: number }).runs])).toEqual([[THROUGH, 'JOB', 1]]);
      expect((await p.deal.findUniqueOrThrow({ where: { id: deal.id } })).daysPastDue).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
