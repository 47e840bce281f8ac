// pnpm bench:deals — the loan book at volume (issue 13): a throw-away embedded PostgreSQL, 200,000
// deals with ~5 million claims and their payments, 150,000 persons as their parties (generate-deals.ts),
// the collateral (issue 25 §5, generate-realties.ts): the sandbox codebook of ~13,000 cadastral
// territories, ~145,000 realties of the 120,000 deals that are not consumer loans in a realty group
// each (with its LTV and an estimation), ~100,000 extracts of their title deeds; then
//   1. the close of business: the first close of a business date (every overdue claim gets its
//      penalty-interest claim), the next day (the nightly case), a re-run of that day (nothing to
//      change), and a catch-up of several days; target: under 5 minutes each on 2 cores;
//   2. one deal recomputed at once, as after a payment's allocation; then the day's notice run
//      (the collections job sending what the ladder queued: notices/s and peak RSS);
//   3. the list scenarios of list-scenarios.ts (the default page and each filter of GET /deals/,
//      GET /realties/ and GET /title-deeds/, the cadastral territories' search) over HTTP with an
//      ADMIN token, sequentially; target p95 < 50 ms (the territories' search: < 30 ms).
// Prints the tables; exits 1 when a target is missed.
//
// Settings (environment):
//   BENCH_DEALS=200000        deals generated
//   BENCH_DATE=2026-10-31     the business date of the first close
//   BENCH_CATCH_UP_DAYS=7     days the catch-up closes at once
//   BENCH_RUNS=200            requests per list scenario (after 20 warm-up requests)
//   BENCH_NOTICE_SECONDS=0    stops the notice run after this long (0: all of it)
//   BENCH_EXPLAIN=1           prints the plans of the close's statements (auto_explain, > 1 s)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, defaultRootDir } from '../../src/config.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../../src/db/embedded.ts';
import { listMigrations, migrateDeploy } from '../../src/db/migrate.ts';
import { connectDatabase } from '../../src/db/prisma.ts';
import { createApp } from '../../src/app.ts';
import type { Deps } from '../../src/deps.ts';
import { createLogger } from '../../src/logger.ts';
import { signAccessToken } from '../../src/modules/auth/tokens.ts';
import { addDays } from '../../src/domain/dates.ts';
import { recomputeDelinquency } from '../../src/modules/servicing/index.ts';
import { systemActor } from '../../src/domain/actor.ts';
import { catchUpCloseOfBusiness } from '../../src/modules/close-of-business/catch-up-close-of-business.ts';
import { closeBusinessDate } from '../../src/modules/close-of-business/close-business-date.ts';
import { sendDueNoticeGroups } from '../../src/modules/notices/send-due-notice-groups.ts';
import { seededRandom } from '../../src/integrations/address/data/generate-addresses.ts';
import type { CloseOfBusinessRun } from '@lending/contracts';
import { withoutSecondaryIndexes } from '../load/generate-leads.ts';
import { request } from '../load/servers.ts';
import { DEAL_TABLES, generateDeals, loadInconsistencies } from './generate-deals.ts';
import { generateRealties, REALTY_TABLES, realtyInconsistencies } from './generate-realties.ts';
import { listScenarios, type BenchData } from './list-scenarios.ts';
import { out, seconds, setting, table } from '../bench-output.ts';

const DEALS = setting('bench:deals', 'BENCH_DEALS', 200_000);
const BUSINESS_DATE = process.env.BENCH_DATE ?? '2026-10-31';
const CATCH_UP_DAYS = setting('bench:deals', 'BENCH_CATCH_UP_DAYS', 7);
const RUNS = setting('bench:deals', 'BENCH_RUNS', 200);
const EXPLAIN = Boolean(process.env.BENCH_EXPLAIN);
const WARM_UP = 20;
const CLOSE_TARGET_S = 300;
const LIST_TARGET_P95_MS = 50;
const RECOMPUTES = 200;
const NOTICE_SECONDS = Number(process.env.BENCH_NOTICE_SECONDS ?? 0);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-bench-deals-'));
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), persistent: false });
  let db: ReturnType<typeof connectDatabase> | null = null;
  let failed = false;
  try {
    await ensureDatabase(embedded.url, 'bench');
    const url = embedded.url('bench');
    await migrateDeploy(defaultRootDir(), url);
    db = connectDatabase(url, { max: 4 });
    db.pool.on('error', (error) => process.stderr.write(`PostgreSQL connection: ${error.message}\n`));
    if (EXPLAIN) {
      await db.pool.query(`ALTER DATABASE bench SET session_preload_libraries = 'auto_explain'`);
      await db.pool.query(`ALTER DATABASE bench SET auto_explain.log_min_duration = '1s'`);
      await db.pool.query(`ALTER DATABASE bench SET auto_explain.log_analyze = on`);
    }

    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent', DATA_DIR: path.join(dir, 'app') }, defaultRootDir());
    out(`Generating ${DEALS.toLocaleString('en')} deals as of ${BUSINESS_DATE} …`);
    const loadStart = performance.now();
    const client = await db.pool.connect();
    let data: BenchData;
    try {
      const loaded = await withoutSecondaryIndexes(db.pool, DEAL_TABLES, () => generateDeals(client, DEALS, BUSINESS_DATE));
      out(`  loaded in ${seconds(performance.now() - loadStart)} (indexes rebuilt in ${loaded.rebuildS.toFixed(1)} s)`);
      const wrong = await loadInconsistencies(client);
      if (Object.keys(wrong).length) throw new Error(`the generated data is inconsistent: ${JSON.stringify(wrong)}`);
      const realtyStart = performance.now();
      const prisma = db.prisma;
      const realties = await withoutSecondaryIndexes(db.pool, REALTY_TABLES, () => generateRealties(client, { prisma, config }, BUSINESS_DATE));
      const astray = await realtyInconsistencies(client);
      if (Object.keys(astray).length) throw new Error(`the generated realties are inconsistent: ${JSON.stringify(astray)}`);
      const r = realties.result;
      out(
        `  realties: the codebook of ${r.territories.toLocaleString('en')} cadastral territories, ${r.realties.toLocaleString('en')} realties in ${r.groups.toLocaleString('en')} realty groups, ` +
          `${r.titleDeeds.toLocaleString('en')} title-deed extracts in ${seconds(performance.now() - realtyStart)} (indexes rebuilt in ${realties.rebuildS.toFixed(1)} s)`,
      );
      data = { ...loaded.result, ...r };
      const vacuum = performance.now();
      // A live database is vacuumed and analysed by autovacuum; a fresh load is neither.
      await client.query('VACUUM ANALYZE');
      out(`  VACUUM ANALYZE in ${seconds(performance.now() - vacuum)}`);
    } finally {
      client.release();
    }
    out(
      `  ${data.deals.toLocaleString('en')} deals (${data.serviced.toLocaleString('en')} ACTIVE or FILED_FOR_INSOLVENCY), ${data.claims.toLocaleString('en')} claims, ` +
        `${data.payments.toLocaleString('en')} payments, ${data.allocations.toLocaleString('en')} allocations; checked: paid amounts = sums of allocations, every key points at its row`,
    );
    out();

    // 1. The close of business.
    const deps = { prisma: db.prisma, now: () => new Date(), logger: createLogger('silent') };
    const closes: { name: string; ms: number; runs: CloseOfBusinessRun[] }[] = [];
    const timed = async (name: string, run: () => Promise<CloseOfBusinessRun[]>) => {
      const started = performance.now();
      const runs = await run();
      closes.push({ name, ms: performance.now() - started, runs });
      out(`  ${name}: ${seconds(performance.now() - started)}`);
    };
    const next = addDays(BUSINESS_DATE, 1);
    out('Close of business:');
    await timed(`first close (${BUSINESS_DATE})`, async () => [(await closeBusinessDate(deps, BUSINESS_DATE, 'CLI'))!]);
    await timed(`next day (${next})`, async () => [(await closeBusinessDate(deps, next, 'CLI'))!]);
    await timed(`same day again (${next})`, async () => [(await closeBusinessDate(deps, next, 'CLI'))!]);
    await timed(`catch-up of ${CATCH_UP_DAYS} days (to ${addDays(next, CATCH_UP_DAYS)})`, () => catchUpCloseOfBusiness(deps, systemActor('bench'), { through: addDays(next, CATCH_UP_DAYS) }));
    out();
    const sum = (runs: CloseOfBusinessRun[], pick: (s: NonNullable<CloseOfBusinessRun['stats']>) => number) => String(runs.reduce((total, r) => total + pick(r.stats!), 0));
    table(
      ['close of business', 'time', 'per date', 'serviced', 'overdue', '1-30', '31-60', '61-90', '91+', 'DPD chg', 'penalty new', 'penalty upd', 'accrued CZK', 'breach +', 'breach -', 'notice groups +', 'notices +'],
      closes.map(({ name, ms, runs }) => {
        const last = runs.at(-1)!.stats!;
        const perDate = ms / runs.length;
        if (perDate / 1000 >= CLOSE_TARGET_S) failed = true;
        return [
          name,
          seconds(ms),
          seconds(perDate),
          String(last.serviced_deals),
          String(last.overdue_deals),
          String(last.dpd_buckets['1-30']),
          String(last.dpd_buckets['31-60']),
          String(last.dpd_buckets['61-90']),
          String(last.dpd_buckets['91+']),
          sum(runs, (s) => s.deals_dpd_changed),
          sum(runs, (s) => s.penalty_claims_created),
          sum(runs, (s) => s.penalty_claims_updated),
          runs.reduce((total, r) => total + Number(r.stats!.penalty_interest_accrued), 0).toFixed(2),
          sum(runs, (s) => s.breaches_started),
          sum(runs, (s) => s.breaches_ended),
          sum(runs, (s) => s.collections?.notice_groups_queued ?? 0),
          sum(runs, (s) => s.collections?.notices_queued ?? 0),
        ];
      }),
    );
    out(`  (the last date's DPD buckets; counts summed over the dates closed; target: each date under ${CLOSE_TARGET_S / 60} minutes)`);
    out();

    // 2. One deal at once, as the payments work calls it after an allocation.
    const overdue = await db.pool.query<{ id: number }>(`SELECT id FROM deals WHERE days_past_due > 0 ORDER BY id LIMIT $1`, [RECOMPUTES]);
    const recomputes: number[] = [];
    const today = addDays(next, CATCH_UP_DAYS);
    for (const { id } of overdue.rows) {
      const started = performance.now();
      await db.prisma.$transaction((tx) => recomputeDelinquency(tx, id, today));
      recomputes.push(performance.now() - started);
    }
    recomputes.sort((a, b) => a - b);
    out(`recomputeDelinquency of one overdue deal (${recomputes.length} deals, one transaction each): p50 ${percentile(recomputes, 50).toFixed(1)} ms, p95 ${percentile(recomputes, 95).toFixed(1)} ms`);
    out();

    // 2b. The day's notice run: the collections job sends every group the ladder queued (each
    // notice's content from the claims statement of its date, its PDF rendered and stored, the
    // messages to the sandbox outbox). BENCH_NOTICE_SECONDS stops it after that long (it is a
    // rate, reported per notice). Peak RSS sampled every 100 ms.
    {
      const noticeConfig = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent', DATA_DIR: path.join(dir, 'notices') }, defaultRootDir());
      const queued = await db.prisma.noticeGroup.count({ where: { state: 'PREPARED', step: { autoSend: true } } });
      let peak = process.memoryUsage().rss;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
      const rssBefore = process.memoryUsage().rss;
      const started = performance.now();
      const signal = NOTICE_SECONDS ? AbortSignal.timeout(NOTICE_SECONDS * 1000) : undefined;
      const sent = await sendDueNoticeGroups({ ...deps, config: noticeConfig, logger: createLogger(process.env.BENCH_NOTICE_LOG ? 'warn' : 'silent') }, systemActor('bench'), { today, signal });
      const ms = performance.now() - started;
      clearInterval(sampler);
      out(
        `notice run: ${sent.sent.toLocaleString('en')} of ${queued.toLocaleString('en')} groups queued, ${sent.notices.toLocaleString('en')} notices rendered and stored in ${seconds(ms)}` +
          ` (${(sent.notices / (ms / 1000)).toFixed(1)} notices/s, ${(ms / Math.max(1, sent.sent)).toFixed(0)} ms a group; ${sent.cancelled} cancelled, ${sent.failed} failed for want of an addressee, ${sent.refused} refused);` +
          ` RSS ${(rssBefore / 2 ** 20).toFixed(0)} MB before, peak ${(peak / 2 ** 20).toFixed(0)} MB`,
      );
      out();
    }

    // 3. Lists over HTTP, as staff call them: during the day after the nightly close, when
    // autovacuum has cleared what the close updated (run right after the closes, the lists met a
    // deals table with more dead rows than live ones, and autovacuum working beside them).
    const vacuum = performance.now();
    await db.pool.query('VACUUM ANALYZE deals, claims');
    out(`VACUUM ANALYZE deals, claims after the closes: ${seconds(performance.now() - vacuum)}`);
    out();
    const apiDeps: Deps = {
      config,
      secrets: { jwtSecret: randomBytes(48).toString('base64url'), crmWebhookPassword: randomBytes(16).toString('hex') },
      prisma: db.prisma,
      pool: db.pool,
      logger: createLogger('silent'),
      lifecycle: { draining: false },
      migrations: listMigrations(config.ROOT_DIR),
      version: 'bench',
      startedAt: new Date(),
      now: () => new Date(),
    };
    const admin = await db.prisma.staffUser.create({ data: { email: 'bench@bench.local', role: 'ADMIN', passwordHash: 'x' } });
    const server = createApp(apiDeps).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const rows: string[][] = [];
      for (const scenario of listScenarios) {
        const random = seededRandom(7);
        const timings: number[] = [];
        let found = 0;
        const runs = scenario.runs ?? RUNS;
        const warmUp = scenario.runs ? 1 : WARM_UP;
        const targetMs = scenario.targetP95Ms ?? LIST_TARGET_P95_MS;
        for (let i = 0; i < warmUp + runs; i++) {
          const target = typeof scenario.path === 'string' ? scenario.path : scenario.path(data, random);
          const started = performance.now();
          const reply = await request(port, 'GET', target, { authorization: `Bearer ${signAccessToken(apiDeps.secrets.jwtSecret, admin)}` });
          const ms = performance.now() - started;
          if (reply.status !== 200) throw new Error(`${scenario.name}: GET ${target} answered ${reply.status}: ${reply.body.toString().slice(0, 300)}`);
          if (i >= warmUp) {
            timings.push(ms);
            found += (JSON.parse(reply.body.toString()) as { count: number }).count;
          }
        }
        timings.sort((a, b) => a - b);
        const p95 = percentile(timings, 95);
        if (p95 >= targetMs) failed = true;
        rows.push([scenario.name, `${percentile(timings, 50).toFixed(1)} ms`, `${p95.toFixed(1)} ms`, `${timings.at(-1)!.toFixed(1)} ms`, `< ${targetMs} ms${p95 >= targetMs ? ' MISSED' : ''}`, String(runs), Math.round(found / runs).toLocaleString('en')]);
      }
      out(`Lists (${RUNS} sequential requests each after ${WARM_UP} warm-up unless the row says fewer; target p95 < ${LIST_TARGET_P95_MS} ms unless the row says its own):`);
      table(['list scenario', 'p50', 'p95', 'max', 'target p95', 'requests', 'avg count'], rows);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    out();
    out(failed ? 'TOO SLOW: a target was missed' : 'OK: every target met');
    if (failed) process.exitCode = 1;
  } finally {
    await db?.close();
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:deals failed: ${(error as Error)?.stack ?? String(error)}\n`);
  process.exit(1);
});
