import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { defaultRootDir } from '../src/config.ts';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';
import { migrateDeploy } from '../src/db/migrate.ts';
import { connectDatabase } from '../src/db/prisma.ts';
import { migrateJobQueue } from '../src/jobs/queue.ts';
import { loadBundledAddresses } from '../src/integrations/address/load-bundled-addresses.ts';

export const TEMPLATE_DATABASE = 'lending_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `postgresql://…/` of the test server; append a database name. */
    pgServerUrl: string;
  }
}

/**
 * One real PostgreSQL for the run: embedded in a temporary directory, or the server of
 * TEST_DATABASE_URL. The template database is migrated once; each test file clones it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | null = null;
  let dir: string | null = null;
  let serverUrl: (db: string) => string;
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    serverUrl = (db) => {
      const u = new URL(external);
      u.pathname = `/${db}`;
      return u.toString();
    };
  } else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-test-pg-'));
    embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), persistent: false });
    serverUrl = embedded.url;
  }
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: serverUrl('postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  await admin.end();
  await ensureDatabase(serverUrl, TEMPLATE_DATABASE);
  await migrateDeploy(defaultRootDir(), serverUrl(TEMPLATE_DATABASE));
  await migrateJobQueue(serverUrl(TEMPLATE_DATABASE));
  // Every test database is cloned from the template, so each has the bundled address list.
  const template = connectDatabase(serverUrl(TEMPLATE_DATABASE), { max: 1 });
  await loadBundledAddresses(template.prisma);
  // Four-eyes (ROLES.md §2) is on in every product database the migration makes. The tests of
  // other features act as one user with it switched off, as a lender may configure it; the
  // approvals tests (modules/approvals) switch it on for themselves, and the browser tests run
  // the product as it ships, with it on.
  await template.prisma.fourEyesSetting.updateMany({ data: { enabled: false } }).finally(() => template.close());
  project.provide('pgServerUrl', serverUrl(''));

  return async () => {
    await embedded?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}
