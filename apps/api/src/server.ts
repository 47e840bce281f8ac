// Starts the whole product: PostgreSQL (embedded unless DATABASE_URL is set), migrations,
// demo data on first start, then the API with both front-ends on one port; and stops it again
// in the opposite order on SIGTERM/SIGINT/SIGHUP. The port listens from the start: until the API
// serves, it answers 503 with a Czech page saying what is happening (start-up-page.ts).
import { createServer, type RequestListener, type Server } from 'node:http';
import path from 'node:path';
import type pg from 'pg';
import { createApp } from './app.ts';
import { DEMO_PASSWORD, loadConfig, type Config } from './config.ts';
import { EMBEDDED_DATABASE, ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { listMigrations, migrateDeploy } from './db/migrate.ts';
import { connectDatabase, type Database } from './db/prisma.ts';
import { connectReadReplica } from './db/read-replica.ts';
import { discardInterruptedSeed, interruptedSeed } from './db/seed-marker.ts';
import { withStartupLock } from './db/startup-lock.ts';
import type { Deps } from './deps.ts';
import { loadBundledAddresses } from './integrations/address/load-bundled-addresses.ts';
import { createFileStorage } from './integrations/storage/index.ts';
import { migrateJobQueue, unlockJobsOfDeadWorkers } from './jobs/queue.ts';
import { startJobWorker, type JobWorker } from './jobs/worker.ts';
import { createLogger } from './logger.ts';
import { portalBaseUrl } from './modules/leads/portal-links.ts';
import { resolveSecrets } from './secrets.ts';
import { ensureAdmin, isEmpty } from './seed/ensure-admin.ts';
import type { SeedProgress } from './seed/seed-demo-data.ts';
import { describeProgress, startUpHandler, type StartUpState } from './start-up-page.ts';
import { readVersion } from './version.ts';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  process.stderr.write(`\nThe server could not start: ${(error as Error).message}\n`);
  process.exit(1);
}
const logger = createLogger(config.LOG_LEVEL);
const lifecycle = { draining: false };
let embedded: EmbeddedDatabase | null = null;
let db: Database | null = null;
/** The streaming replica's pool when DATABASE_READ_URL is set (reports read through readSource). */
let readPool: pg.Pool | null = null;
let server: Server | null = null;
let worker: JobWorker | null = null;
let stopping = false;
/** The first start's demo seed while it runs: stopping aborts it and waits for it to give up. */
let seeding: { abort: () => void; settled: Promise<unknown> } | null = null;
const startUp: StartUpState = { seeding: false, progress: null, stopping: false };
/** Answers requests: the start-up page until the API is made, then the API. */
let handle: RequestListener = startUpHandler(startUp);

/** A line for the person at the console (the start-up banner, the seed's progress), whatever LOG_LEVEL says. */
const say = (line: string) => process.stdout.write(`${line}\n`);

/** Stops taking connections and waits for the requests in flight, at most `timeoutMs`. */
async function closeHttp(s: Server, timeoutMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => s.close(() => resolve()));
  // Keep-alive connections with no request in flight go now; busy ones after their response
  // (the app answers `Connection: close` while draining); what is left after the timeout is cut.
  s.closeIdleConnections();
  const timer = setTimeout(() => s.closeAllConnections(), timeoutMs);
  await closed;
  clearTimeout(timer);
}

/** The reverse of start-up: HTTP, jobs, the pool, then PostgreSQL. Exits 0 unless something hung. */
async function shutdown(reason: string, exitCode = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  lifecycle.draining = true;
  startUp.stopping = true;
  logger.info({ reason }, 'shutting down');
  // A step that hangs must not keep the process alive for ever.
  const watchdog = setTimeout(() => {
    logger.error('shutdown did not finish in time; exiting');
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS * 2 + 20_000);
  watchdog.unref();
  const step = async (name: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      logger.error({ err: error }, `shutdown: ${name} did not stop cleanly`);
    }
  };
  // A demo seed in progress stops at its next query; what it wrote is discarded at the next start.
  if (seeding) {
    const seed = seeding;
    await step('demo data seed', async () => {
      seed.abort();
      await seed.settled;
    });
    say('Demo data: seeding stopped; the next start discards the partial data and seeds again.');
  }
  if (server) await step('HTTP server', () => closeHttp(server!, config.SHUTDOWN_TIMEOUT_MS));
  // Running jobs get a grace period, then go back to the queue for another replica.
  if (worker) await step('job worker', () => worker!.stop());
  if (db) await step('database pool', () => db!.close());
  if (readPool) await step('read-replica pool', () => readPool!.end());
  if (embedded) await step('embedded PostgreSQL', () => embedded!.stop());
  logger.info('stopped');
  process.exit(exitCode);
}

// SIGHUP: the terminal was closed. A repeated signal (a second Ctrl-C) changes nothing: the
// watchdog bounds the stop.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
// Started by `pnpm start` (tools/launcher/start.mjs), the server keeps an IPC channel to the
// launcher, which passes signals on; if the launcher itself is killed, the channel closes.
if (process.channel) {
  process.channel.unref();
  process.once('disconnect', () => void shutdown('the launcher (pnpm start) is gone'));
}
process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'));
process.on('uncaughtException', (error) => {
  // State may be broken: stop the same orderly way, and say so with the exit code.
  logger.fatal({ err: error }, 'uncaught exception');
  void shutdown('uncaught exception', 1);
});

async function main() {
  const secrets = resolveSecrets(config);
  server = await listen((req, res) => handle(req, res));
  if (stopping) return;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    const dataDir = path.join(config.DATA_DIR, 'postgres');
    logger.info({ dataDir }, 'starting embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({
      dataDir,
      persistent: true,
      supervise: true,
      onLog: (line) => logger.debug({ postgres: line }),
      onEvent: (event) =>
        event.type === 'restarted' ? logger.warn('embedded PostgreSQL restarted') : logger.error({ ...event }, 'embedded PostgreSQL is down; restarting it'),
    });
    await ensureDatabase(embedded.url, EMBEDDED_DATABASE);
    databaseUrl = embedded.url(EMBEDDED_DATABASE);
  }
  if (stopping) return;

  db = connectDatabase(databaseUrl, {
    onIdleError: (error) => logger.warn({ code: (error as { code?: string }).code, reason: error.message }, 'database connection lost'),
  });
  const prisma = db.prisma;
  const admin = config.ADMIN_EMAIL && config.ADMIN_PASSWORD ? { adminEmail: config.ADMIN_EMAIL, adminPassword: config.ADMIN_PASSWORD } : null;
  // Replicas starting together take turns: one migrates and seeds, the others find it done.
  const seeded = await withStartupLock(databaseUrl, async () => {
    logger.info('applying migrations');
    await migrateDeploy(config.ROOT_DIR, databaseUrl);
    // The job queue's own schema: every enqueue (in the API's transactions) needs it.
    await migrateJobQueue(databaseUrl);
    // The embedded database has no other worker: a lock left in it is a killed run of ours.
    if (embedded && (await unlockJobsOfDeadWorkers(databaseUrl))) logger.warn('freed the jobs a killed run of the product had left locked');
    // A first start stopped during its demo seed left part of the demo: never serve it.
    const interrupted = await interruptedSeed(prisma);
    if (interrupted) {
      say(`Demo data: the seed begun at ${interrupted.startedAt.toISOString()} was interrupted; discarding its partial data${config.SEED_DEMO_DATA ? ' and seeding again' : ''}.`);
      const tables = await discardInterruptedSeed(prisma, createFileStorage(config));
      logger.warn({ startedAt: interrupted.startedAt, tables }, 'discarded the partial demo data of an interrupted first start');
    }
    await loadBundledAddresses(prisma);
    if (config.SEED_DEMO_DATA && admin && (await isEmpty(prisma))) {
      logger.info('empty database: seeding Czech demo data');
      await seedDemo(prisma, admin);
      return true;
    }
    if (admin) await ensureAdmin(prisma, admin);
    return false;
  });
  if (stopping) return;

  // Connections open on first use: a replica that is down now only sends reads to the primary.
  if (config.DATABASE_READ_URL) {
    readPool = connectReadReplica(config.DATABASE_READ_URL, {
      onIdleError: (error) => logger.warn({ component: 'read-replica', code: (error as { code?: string }).code, reason: error.message }, 'replica connection lost'),
    });
  }
  const deps: Deps = {
    config,
    secrets,
    prisma,
    pool: db.pool,
    ...(readPool ? { readPool } : {}),
    logger,
    lifecycle,
    migrations: listMigrations(config.ROOT_DIR),
    version: readVersion(config.ROOT_DIR, process.env.GIT_COMMIT),
    startedAt: new Date(),
    now: () => new Date(),
  };
  handle = createApp(deps);
  // Background and recurring jobs: every replica runs a worker unless JOB_WORKER=false.
  if (config.JOB_WORKER && !stopping) worker = startJobWorker(deps);
  printWelcome(seeded);
}

/** Opens the port at once; `handler` answers each request as things stand. */
function listen(handler: RequestListener): Promise<Server> {
  return new Promise<Server>((resolve, reject) => {
    const s = createServer(handler);
    s.listen(config.PORT, config.HOST, () => resolve(s));
    s.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`Port ${config.PORT} is already in use: set PORT to a free one.`) : error),
    );
  });
}

/** The first start's demo data, with its progress on the console and the start-up page. */
async function seedDemo(prisma: Database['prisma'], admin: { adminEmail: string; adminPassword: string }): Promise<void> {
  const began = Date.now();
  const controller = new AbortController();
  startUp.seeding = true;
  say('Demo data: the database is empty, seeding Czech demo data (two to three minutes; the port answers 503 until then)…');
  // A counted step prints when it begins, at most every 3 s, and when it ends.
  let last = { step: '', at: 0 };
  const onProgress = (progress: SeedProgress) => {
    startUp.progress = progress;
    const { step, done, total } = progress;
    const now = Date.now();
    if (step === last.step && done !== total && now - last.at < 3_000) return;
    last = { step, at: now };
    say(`Demo data: ${describeProgress(progress)}`);
  };
  const run = import('./seed/seed-demo-data.ts').then(({ seedDemoData }) =>
    seedDemoData(prisma, { ...admin, config, publicUrl: portalBaseUrl(config), storage: createFileStorage(config), deals: config.SEED_DEMO_DEALS, onProgress, signal: controller.signal }),
  );
  seeding = { abort: () => controller.abort(new Error('the server is stopping')), settled: run.catch(() => undefined) };
  const result = await run;
  seeding = null;
  startUp.seeding = false;
  const seconds = Math.round((Date.now() - began) / 1000);
  say(`Demo data: done in ${seconds} s (${result.persons} persons, ${result.deals} deals, ${result.payments} payments).`);
  logger.info({ seconds, persons: result.persons, deals: result.deals, payments: result.payments }, 'seeded Czech demo data');
}

function printWelcome(seeded: boolean): void {
  const base = `http://localhost:${config.PORT}`;
  // The demo password is public (README); any other password is never printed.
  const login = !config.ADMIN_EMAIL
    ? 'žádný správce: vytvořte účet příkazem `pnpm cli create-user <e-mail> ADMIN`'
    : config.ADMIN_PASSWORD === DEMO_PASSWORD
      ? `${config.ADMIN_EMAIL} / ${DEMO_PASSWORD}   (výchozí demo heslo)`
      : `${config.ADMIN_EMAIL} / heslo z ADMIN_PASSWORD`;
  const lines = [
    '',
    '  Úvěrová platforma běží / the lending platform is running',
    `  Portál žadatele:   ${base}/`,
    `  Back-office:       ${base}/admin/`,
    `  API dokumentace:   ${base}/api/v1/docs/`,
    `  Připravenost:      ${base}/api/v1/healthcheck/ready/`,
    `  Přihlášení:        ${login}`,
    ...(seeded ? [`  Další demo účty (stejné heslo): underwriter@demo.cz, vymahani@demo.cz, ucetni@demo.cz, ucetni2@demo.cz, nahled@demo.cz`] : []),
    `  Databáze:          ${embedded ? `vestavěný PostgreSQL v ${path.join(config.DATA_DIR, 'postgres')}` : 'DATABASE_URL'}`,
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch(async (error: unknown) => {
  // Stopping while starting (during the seed, say) fails what was under way: that is no error.
  if (stopping) return;
  process.stderr.write(`\nThe server could not start: ${(error as Error)?.message ?? String(error)}\n`);
  await shutdown('start-up failed', 1);
});
