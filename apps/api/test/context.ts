import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import request from 'supertest';
import type { StaffRole } from '@lending/contracts';
import { createApp } from '../src/app.ts';
import { defaultRootDir, loadConfig } from '../src/config.ts';
import { listMigrations } from '../src/db/migrate.ts';
import { connectDatabase } from '../src/db/prisma.ts';
import type { Deps } from '../src/deps.ts';
import { createLogger } from '../src/logger.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';

const TEMPLATE = 'lending_test_template';

export function databaseUrl(name: string): string {
  return `${inject('pgServerUrl').replace(/\/$/, '')}/${name}`;
}

async function onServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl('postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database cloned from the template. */
export async function createTestDatabase(): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await onServer((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`));
  return {
    name,
    url: databaseUrl(name),
    drop: () => onServer((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

export interface TestContext {
  deps: Deps;
  app: ReturnType<typeof createApp>;
  http: () => ReturnType<typeof request>;
  /** Creates a staff user and returns its tokens. */
  login: (role: StaffRole, email?: string) => Promise<{ access: string; refresh: string; email: string; password: string }>;
  close: () => Promise<void>;
}

/** The real app on a database of its own: one per test file. */
export async function createTestContext(overrides: Partial<Deps> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const db = connectDatabase(database.url, { max: 4 });
  // Every test file calls from one address: public rate limits are raised (rate-limit.test.ts checks them at factor 1).
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, LOG_LEVEL: 'silent', RATE_LIMIT_FACTOR: '1000' }, defaultRootDir());
  const deps: Deps = {
    config,
    secrets: { jwtSecret: randomBytes(48).toString('base64url'), crmWebhookPassword: 'crm-heslo-test' },
    prisma: db.prisma,
    pool: db.pool,
    logger: createLogger('silent'),
    lifecycle: { draining: false },
    migrations: listMigrations(config.ROOT_DIR),
    version: 'test',
    startedAt: new Date(),
    now: () => new Date(),
    ...overrides,
  };
  const app = createApp(deps);
  const http = () => request(app);
  let counter = 0;
  return {
    deps,
    app,
    http,
    async login(role, email) {
      const password = 'Testovaci-heslo-1';
      const address = email ?? `${role.toLowerCase()}-${++counter}-${randomBytes(3).toString('hex')}@test.cz`;
      await deps.prisma.staffUser.create({ data: { email: address, role, passwordHash: await hashPassword(password) } });
      const res = await http().post('/api/v1/auth/token/').send({ email: address, password });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { ...(res.body as { access: string; refresh: string }), email: address, password };
    },
    async close() {
      await db.close();
      await database.drop();
    },
  };
}
