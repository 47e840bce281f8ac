import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBirthNumber, makeBirthNumber } from '@lending/contracts';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';
import { listMigrations } from '../src/db/migrate.ts';
import { defaultRootDir } from '../src/config.ts';
import { runScreeningJob } from '../src/jobs/definitions/screenings/run-screening.ts';
import { bearer } from './fixtures/auth.ts';
import { eventually } from './fixtures/eventually.ts';
import { CRASH_SIGNS, startProduct, type ProductProcess } from './product-process.ts';

// The API is stateless on purpose: two replicas of the product, started at the same moment on
// one PostgreSQL (DATABASE_URL), in production mode, behave as one service.

const ADMIN = { email: 'spravce@uver.example.cz', password: 'Tajne-heslo-replik-42' };
let server: EmbeddedDatabase;
let dir: string;
let databaseUrl: string;
let replicas: ProductProcess[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-replicas-'));
  server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), persistent: false });
  await ensureDatabase(server.url, 'lending');
  databaseUrl = server.url('lending');
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'sdilene-tajemstvi-replik-'.padEnd(48, 'x'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    COMPANY_REGISTER: 'sandbox',
    ADDRESS_PROVIDER: 'bundled',
    BANK_STATEMENT_ANALYSIS: 'sandbox',
    BANK_CONNECTION_PROVIDER: 'none',
    SCREENING_PROVIDER: 'sandbox',
    EMAIL_PROVIDER: 'sandbox',
    SMS_PROVIDER: 'sandbox',
    SLACK_PROVIDER: 'sandbox',
    MAIL_PRINT_PROVIDER: 'sandbox',
    CADASTRE_PROVIDER: 'sandbox',
    LOG_LEVEL: 'warn',
  };
  // Both at once, on an empty database: they must not both migrate.
  replicas = await Promise.all([
    startProduct({ env, dataDir: path.join(dir, 'a') }),
    startProduct({ env, dataDir: path.join(dir, 'b') }),
  ]);
}, 240_000);

afterAll(async () => {
  for (const replica of replicas) replica.child.kill('SIGTERM');
  const codes = await Promise.all(replicas.map((r) => r.exited));
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  expect(codes).toEqual([0, 0]);
}, 60_000);

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

describe('two API replicas on one PostgreSQL', () => {
  it('applied each migration once, although both started together on an empty database', async () => {
    const rows = await query<{ migration_name: string; n: string; failed: string }>(
      `SELECT migration_name, count(*) AS n, count(*) FILTER (WHERE finished_at IS NULL OR rolled_back_at IS NOT NULL) AS failed
         FROM _prisma_migrations GROUP BY migration_name ORDER BY migration_name`,
    );
    expect(rows.map((r) => r.migration_name)).toEqual(listMigrations(defaultRootDir()));
    expect(rows.every((r) => r.n === '1' && r.failed === '0')).toBe(true);
  });

  it('in production: no demo data, only the configured administrator, and no password printed', async () => {
    const staff = await query<{ email: string }>('SELECT email FROM staff_users ORDER BY email');
    expect(staff.map((s) => s.email)).toEqual([ADMIN.email]);
    expect((await query<{ n: string }>('SELECT count(*) AS n FROM persons'))[0]!.n).toBe('0');
    for (const replica of replicas) {
      expect(replica.output()).not.toContain(ADMIN.password);
      expect(replica.output()).toContain('heslo z ADMIN_PASSWORD');
      expect(replica.output().match(CRASH_SIGNS)?.[0]).toBeUndefined();
    }
  });

  it('a login on one replica works on the other (tokens, refresh)', async () => {
    const [a, b] = replicas as [ProductProcess, ProductProcess];
    const login = await fetch(`${a.baseUrl}/api/v1/auth/token/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
    expect(login.status).toBe(200);
    const tokens = (await login.json()) as { access: string; refresh: string };
    const me = await fetch(`${b.baseUrl}/api/v1/auth/me/`, { headers: bearer(tokens.access) });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(ADMIN.email);
    const refreshed = await fetch(`${b.baseUrl}/api/v1/auth/token/refresh/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ refresh: tokens.refresh }) });
    expect(refreshed.status).toBe(200);
  });

  it('a background job runs once, on whichever replica takes it', async () => {
    const [a, b] = replicas as [ProductProcess, ProductProcess];
    const login = await fetch(`${b.baseUrl}/api/v1/auth/token/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const auth = { ...bearer(((await login.json()) as { access: string }).access), 'Content-Type': 'application/json' };
    const created = await fetch(`${a.baseUrl}/api/v1/persons/`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ first_name: 'Radek', last_name: 'Horák', birth_number: formatBirthNumber(makeBirthNumber(new Date(Date.UTC(1979, 4, 12)), 'M', 417)), email: 'radek.horak@seznam.cz' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const person = (await created.json()) as { id: number };
    const queued = await fetch(`${a.baseUrl}/api/v1/persons/${person.id}/screenings/`, { method: 'POST', headers: auth, body: JSON.stringify({ type: 'ISIR_INSOLVENCY' }) });
    expect(queued.status).toBe(202);
    const screening = (await queued.json()) as { id: number };
    await eventually(
      async () => {
        const res = await fetch(`${b.baseUrl}/api/v1/persons/${person.id}/screenings/${screening.id}/`, { headers: auth });
        return ((await res.json()) as { state: string }).state === 'FINISHED';
      },
      { what: 'the screening to finish', timeoutMs: 60_000, intervalMs: 200 },
    );
    // Its job has left the queue: no replica can run it again. Then count the runs the audit
    // log recorded.
    const key = runScreeningJob.key({ screening_id: screening.id });
    await eventually(async () => (await query('SELECT 1 FROM graphile_worker.jobs WHERE key = $1', [key])).length === 0, { what: 'the job to leave the queue' });
    const runs = await query<{ n: string }>(`SELECT count(*) AS n FROM audit_log WHERE action = 'screening.finish' AND entity_id = $1`, [String(screening.id)]);
    expect(runs[0]!.n).toBe('1');
  });
});
