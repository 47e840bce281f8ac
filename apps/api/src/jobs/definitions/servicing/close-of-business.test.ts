import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/context.ts';
import { addDays } from '../../../domain/dates.ts';
import { dateToCloseAt } from '../../../modules/close-of-business/catch-up-close-of-business.ts';
import { recurringJobs } from '../../registry.ts';
import { startJobWorker, type JobWorker } from '../../worker.ts';
import { closeOfBusinessJob } from './close-of-business.ts';
import { addClaim, createDeal } from '../../../../test/fixtures/deals.ts';
import { eventually } from '../../../../test/fixtures/eventually.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the close-of-business job', () => {
  it('is a recurring job at minute 5 of every hour', () => {
    const item = recurringJobs().find((j) => j.identifier === closeOfBusinessJob.name);
    expect(item).toMatchObject({ task: closeOfBusinessJob.name, options: { backfillPeriod: HOUR, maxAttempts: 3, jobKey: closeOfBusinessJob.name } });
  });

  it('runs once across two replicas for a moment missed while no worker ran, closing the day before it in Prague', async () => {
    const p = ctx.deps.prisma;
    const now = Date.now();
    let moment = Math.floor(now / HOUR) * HOUR + 5 * MINUTE;
    if (moment > now) moment -= HOUR;
    const through = dateToCloseAt(new Date(moment));
    const deal = await createDeal(p);
    await addClaim(p, deal, { due: addDays(through, -3), amount: '1500.00' });
    // The job last ran an hour before that moment (graphile-worker's record, written as its scheduler does).
    await p.$executeRaw`
      INSERT INTO graphile_worker._private_known_crontabs (identifier, known_since, last_execution)
      VALUES (${closeOfBusinessJob.name}, ${new Date(now - 3 * HOUR)}::timestamptz, ${new Date(moment - HOUR)}::timestamptz)`;
    const workers: JobWorker[] = [startJobWorker(ctx.deps, { pollIntervalMs: 50 }), startJobWorker(ctx.deps, { pollIntervalMs: 50 })];
    try {
      await eventually(async () => (await p.closeOfBusiness.count()) > 0, { what: 'a close of business', timeoutMs: 20_000 });
      // Time for a second run, had either replica queued one too.
      await new Promise((r) => setTimeout(r, 1_500));
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    const runs = await p.closeOfBusiness.findMany();
    expect(runs.map((r) => [r.businessDate.toISOString().slice(0, 10), (r.stats as { trigger: string }).trigger, (r.stats as { runs: number }).runs])).toEqual([[through, 'JOB', 1]]);
    expect((await p.deal.findUniqueOrThrow({ where: { id: deal.id } })).daysPastDue).toBe(3);
  });
});
