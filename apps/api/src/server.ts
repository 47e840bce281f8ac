// Starts the whole product: PostgreSQL (embedded unless DATABASE_URL is set), migrations,
// demo data on first start, then the API with both front-ends on one port; and stops it again
// in the opposite order on SIGTERM/SIGINT.
import type { Server } from 'node:http';
import path from 'node:path';
import { createApp } from './app.ts';
import { DEMO_PASSWORD, loadConfig, type Config } from './config.ts';
import { EMBEDDED_DATABASE, ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { listMigrations, migrateDeploy } from './db/migrate.ts';
import { connectDatabase, type Database } from './db/prisma.ts';
import { withStartupLock } from './db/startup-lock.ts';
import type { Deps } from './deps.ts';
import { loadBundledAddresses } from './integrations/address/load-bundled-addresses.ts';
import { migrateJobQueue, unlockJobsOfDeadWorkers } from './jobs/queue.ts';
import { startJobWorker, type JobWorker } from './jobs/worker.ts';
import { createLogger } from './logger.ts';
import { portalBaseUrl } from './modules/leads/portal-links.ts';
import { resolveSecrets } from './secrets.ts';
import { ensureAdmin, isEmpty } from './seed/ensure-admin.ts';
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
let server: Server | null = null;
let worker: JobWorker | null = null;
let stopping = false;

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
  if (server) await step('HTTP server', () => closeHttp(server!, config.SHUTDOWN_TIMEOUT_MS));
  // Running jobs get a grace period, then go back to the queue for another replica.
  if (worker) await step('job worker', () => worker!.stop());
  if (db) await step('database pool', () => db!.close());
  if (embedded) await step('embedded PostgreSQL', () => embedded!.stop());
  logger.info('stopped');
  process.exit(exitCode);
}

process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'));
process.on('uncaughtException', (error) => {
  // State may be broken: stop the same orderly way, and say so with the exit code.
  logger.fatal({ err: error }, 'uncaught exception');
  void shutdown('uncaught exception', 1);
});

async function main() {
  const secrets = resolveSecrets(config);
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
    await loadBundledAddresses(prisma);
    if (config.SEED_DEMO_DATA && admin && (await isEmpty(prisma))) {
      logger.info('empty database: seeding Czech demo data');
      const { seedDemoData } = await import('./seed/seed-demo-data.ts');
      await seedDemoData(prisma, { ...admin, publicUrl: portalBaseUrl(config) });
      return true;
    }
    if (admin) await ensureAdmin(prisma, admin);
    return false;
  });
  if (stopping) return;

  const deps: Deps = {
    config,
    secrets,
    prisma,
    pool: db.pool,
    logger,
    lifecycle,
    migrations: listMigrations(config.ROOT_DIR),
    version: readVersion(config.ROOT_DIR, process.env.GIT_COMMIT),
    startedAt: new Date(),
    now: () => new Date(),
  };
  const app = createApp(deps);
  server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.PORT, config.HOST, () => resolve(s));
    s.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`Port ${config.PORT} is already in use: set PORT to a free one.`) : error),
    );
  });
  // Background and recurring jobs: every replica runs a worker unless JOB_WORKER=false.
  if (config.JOB_WORKER && !stopping) worker = startJobWorker(deps);
  printWelcome(seeded);
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
    ...(seeded ? [`  Další demo účty (stejné heslo): underwriter@demo.cz, vymahani@demo.cz, ucetni@demo.cz, nahled@demo.cz`] : []),
    `  Databáze:          ${embedded ? `vestavěný PostgreSQL v ${path.join(config.DATA_DIR, 'postgres')}` : 'DATABASE_URL'}`,
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch(async (error: unknown) => {
  process.stderr.write(`\nThe server could not start: ${(error as Error)?.message ?? String(error)}\n`);
  await shutdown('start-up failed', 1);
});
