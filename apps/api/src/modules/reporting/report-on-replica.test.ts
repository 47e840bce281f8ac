import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStreamingReplica, type StreamingReplica } from '../../../test/streaming-replica.ts';
import { defaultRootDir, loadConfig } from '../../config.ts';
import { ensureDatabase } from '../../db/embedded.ts';
import { migrateDeploy } from '../../db/migrate.ts';
import { connectDatabase } from '../../db/prisma.ts';
import { connectReadReplica, READ_SOURCE_CACHE_MS } from '../../db/read-replica.ts';
import type { Deps } from '../../deps.ts';
import { createLogger } from '../../logger.ts';
import { systemActor } from '../../domain/actor.ts';
import { generateReport } from './generate-report.ts';

// A billing report written off a real hot standby (docs/decisions/0049): the job reads the
// replica while it keeps up — a claim the standby has not replayed is not in the report — and the
// primary once the replica lags over DATABASE_READ_MAX_LAG_SECONDS, which the report's metadata
// says. The standby streams from a throw-away primary of its own with the product's schema.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let replica: StreamingReplica;
let db: ReturnType<typeof connectDatabase>;
let readPool: pg.Pool;
let deps: Deps;
let dataDir: string;
let dealId: number;

beforeAll(async () => {
  replica = await startStreamingReplica();
  await ensureDatabase(replica.primary.url, 'lending');
  await migrateDeploy(defaultRootDir(), replica.primary.url('lending'));
  db = connectDatabase(replica.primary.url('lending'), { max: 2 });
  readPool = connectReadReplica(replica.replicaUrl('lending'), { max: 2 });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-report-replica-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_READ_MAX_LAG_SECONDS: '1' }, defaultRootDir());
  deps = { prisma: db.prisma, pool: db.pool, readPool, config, logger: createLogger('silent'), now: () => new Date() } as unknown as Deps;
  const deal = await db.prisma.deal.create({ data: { type: 'CONSUMER_LOAN', state: 'ACTIVE', value: '50000.00' } });
  dealId = deal.id;
  await db.prisma.claim.create({ data: { dealId, type: 'PRINCIPAL', dueDate: new Date('2026-05-15T00:00:00Z'), amount: '1000.00' } });
  await replica.waitForReplay();
}, 180_000);

afterAll(async () => {
  await readPool?.end().catch(() => undefined);
  await db?.close();
  await replica?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function report() {
  const made = await db.prisma.report.create({ data: { type: 'CLAIMS_REPORT', format: 'csv', params: {}, requestKey: `replica-${Date.now()}` } });
  await generateReport(deps, systemActor('test'), { reportId: made.id, finalAttempt: true });
  return db.prisma.report.findUniqueOrThrow({ where: { id: made.id } });
}

describe('a report off the read replica', () => {
  it('reads the standby while it keeps up, and the primary once it lags, saying so', async () => {
    const fresh = await report();
    expect([fresh.state, fresh.rows, fresh.totals]).toEqual(['DONE', 1, { 'Částka': '1000.00', 'Uhrazeno': '0.00', 'Zbývá uhradit': '1000.00' }]);
    expect(fresh.metadata).toMatchObject({ source: 'replica', fallback_reason: null });

    await readPool.query('SELECT pg_wal_replay_pause()');
    try {
      await sleep(READ_SOURCE_CACHE_MS);
      await db.prisma.claim.create({ data: { dealId, type: 'INTEREST', dueDate: new Date('2026-06-15T00:00:00Z'), amount: '250.00' } });
      await sleep(2_000);
      // The standby has not applied the new claim: read there, the report would miss it.
      expect((await readPool.query('SELECT count(*)::int AS n FROM claims')).rows[0]).toEqual({ n: 1 });
      const lagging = await report();
      expect([lagging.rows, (lagging.totals as Record<string, string>)['Částka']]).toEqual([2, '1250.00']);
      expect(lagging.metadata).toMatchObject({ source: 'primary', lag_seconds: null, fallback_reason: expect.stringMatching(/^replica lag [\d.]+ s over 1 s$/) });
    } finally {
      await readPool.query('SELECT pg_wal_replay_resume()');
    }
  }, 60_000);
});
