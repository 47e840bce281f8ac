// Starts the whole product: PostgreSQL (embedded unless DATABASE_URL is set), migrations,
// demo data on first start, then the API with both front-ends on one port.
import type { Server } from 'node:http';
import path from 'node:path';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { EMBEDDED_DATABASE, ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { listMigrations, migrateDeploy } from './db/migrate.ts';
import { connectDatabase, type Database } from './db/prisma.ts';
import { loadBundledAddresses } from './integrations/address/load-bundled-addresses.ts';
import { migrateJobQueue } from './jobs/queue.ts';
import { startJobWorker, type JobWorker } from './jobs/worker.ts';
import { createLogger } from './logger.ts';
import { resolveSecrets } from './secrets.ts';
import { ensureAdmin, isEmpty, seedDemoData } from './seed/seed-demo-data.ts';
import { portalBaseUrl } from './modules/leads/portal-links.ts';
import { readVersion } from './version.ts';

let embedded: EmbeddedDatabase | null = null;
let db: Database | null = null;
let server: Server | null = null;
let worker: JobWorker | null = null;

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const secrets = resolveSecrets(config);
  let stopping = false;

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    // Running jobs get a grace period, then go back to the queue for another replica.
    await worker?.stop().catch((error: unknown) => logger.error({ err: error }, 'job worker did not stop cleanly'));
    await db?.close().catch(() => undefined);
    await embedded?.stop().catch((error: unknown) => logger.error({ err: error }, 'embedded PostgreSQL did not stop cleanly'));
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    const dataDir = path.join(config.DATA_DIR, 'postgres');
    logger.info({ dataDir }, 'starting embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({ dataDir, persistent: true, onLog: (line) => logger.debug({ postgres: line }) });
    await ensureDatabase(embedded.url, EMBEDDED_DATABASE);
    databaseUrl = embedded.url(EMBEDDED_DATABASE);
  }

  logger.info('applying migrations');
  await migrateDeploy(config.ROOT_DIR, databaseUrl);
  // The job queue's own schema: every enqueue (in the API's transactions) needs it.
  await migrateJobQueue(databaseUrl);
  db = connectDatabase(databaseUrl);
  await loadBundledAddresses(db.prisma);

  const admin = { adminEmail: config.ADMIN_EMAIL, adminPassword: config.ADMIN_PASSWORD };
  let seeded = false;
  if (config.SEED_DEMO_DATA && (await isEmpty(db.prisma))) {
    logger.info('empty database: seeding Czech demo data');
    await seedDemoData(db.prisma, { ...admin, publicUrl: portalBaseUrl(config) });
    seeded = true;
  } else {
    await ensureAdmin(db.prisma, admin);
  }

  const deps = {
    config,
    secrets,
    prisma: db.prisma,
    pool: db.pool,
    logger,
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
  const base = `http://localhost:${config.PORT}`;
  const lines = [
    '',
    '  Úvěrová platforma běží / the lending platform is running',
    `  Portál žadatele:   ${base}/`,
    `  Back-office:       ${base}/admin/`,
    `  API dokumentace:   ${base}/api/v1/docs/`,
    `  Připravenost:      ${base}/api/v1/healthcheck/ready/`,
    `  Přihlášení:        ${config.ADMIN_EMAIL} / ${config.ADMIN_PASSWORD}` + (config.ADMIN_PASSWORD === 'Demo-heslo-2026' ? '   (výchozí demo heslo)' : ''),
    ...(seeded ? ['  Další demo účty (stejné heslo): underwriter@demo.cz, vymahani@demo.cz, ucetni@demo.cz, nahled@demo.cz'] : []),
    `  Databáze:          ${embedded ? `vestavěný PostgreSQL v ${path.join(config.DATA_DIR, 'postgres')}` : 'DATABASE_URL'}`,
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch(async (error: unknown) => {
  process.stderr.write(`\nThe server could not start: ${(error as Error)?.message ?? String(error)}\n`);
  await db?.close().catch(() => undefined);
  await embedded?.stop().catch(() => undefined);
  process.exit(1);
});
