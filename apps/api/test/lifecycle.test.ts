import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED_DATABASE, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { COMPILED_SERVER, PRODUCTION_NODE_FLAGS } from '../src/node-flags.ts';
import {
  CRASH_SIGNS,
  createApplication,
  descendants,
  isRunning,
  postmasterPid,
  spawnProduct,
  startCommand,
  startProduct,
  waitForOutput,
  waitUntilReady,
  type ProductProcess,
} from './product-process.ts';

// The product as an operator runs it (`node apps/api/src/server.ts` on its embedded PostgreSQL),
// under load, through the faults that used to crash it: PostgreSQL killed underneath it, SIGTERM,
// and a terminal's Ctrl-C. Every write the API acknowledged (201) must be stored afterwards.
// Then the first start stopped during its demo seed, and the README's start command
// (`npx -y pnpm@12.21.0 start`) stopped by a signal to its pid (docs/decisions/0041).

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Creates applications from `connections` parallel clients until `stop()`; records every answer. */
function load(baseUrl: string, connections = 8) {
  const acknowledged: string[] = [];
  const statuses: number[] = [];
  const retryAfter: (string | null | undefined)[] = [];
  let running = true;
  const workers = Array.from({ length: connections }, async () => {
    while (running) {
      const result = await createApplication(baseUrl);
      statuses.push(result.status);
      if (result.status === 503) retryAfter.push(result.retryAfter);
      if (result.token) acknowledged.push(result.token);
      if (result.status === 0) await new Promise((r) => setTimeout(r, 20));
    }
  });
  return {
    acknowledged,
    statuses,
    retryAfter,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

/** Tokens of `tokens` that are not stored in the product's database. */
async function missingTokens(databaseUrl: string, tokens: string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ token: string }>('SELECT token FROM application_forms WHERE token = ANY($1)', [tokens]);
    const stored = new Set(rows.map((r) => r.token));
    return tokens.filter((t) => !stored.has(t));
  } finally {
    await client.end();
  }
}

/** Starts PostgreSQL on a stopped product's data directory to check what it stored. */
async function storedAfterExit(product: ProductProcess, tokens: string[]): Promise<string[]> {
  const server = await startEmbeddedPostgres({ dataDir: path.join(product.dataDir, 'postgres'), persistent: true });
  try {
    return await missingTokens(server.url(EMBEDDED_DATABASE), tokens);
  } finally {
    await server.stop();
  }
}

const port = (product: ProductProcess) => Number(fs.readFileSync(path.join(product.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]);

describe('the running product under faults', () => {
  it('survives PostgreSQL being killed under load: 503 with Retry-After while it is away, then recovers by itself', async () => {
    const product = await startProduct();
    dirs.push(product.dataDir);
    const pgDir = path.join(product.dataDir, 'postgres');
    const traffic = load(product.baseUrl);
    await new Promise((r) => setTimeout(r, 1500));
    const before = traffic.acknowledged.length;

    // Twice, so the second outage starts on connections opened after the first restart.
    const readiness: number[] = [];
    for (let round = 0; round < 2; round++) {
      const pid = postmasterPid(pgDir);
      process.kill(pid, 'SIGKILL');
      // The supervisor starts a new postmaster and the API serves again, with nobody's help;
      // meanwhile readiness says the database is away.
      const deadline = Date.now() + 60_000;
      for (;;) {
        const status = await fetch(`${product.baseUrl}/api/v1/healthcheck/ready/`).then((r) => r.status, () => 0);
        readiness.push(status);
        if (status === 200 && postmasterPid(pgDir) !== pid) break;
        expect(Date.now(), product.output()).toBeLessThan(deadline);
        await new Promise((r) => setTimeout(r, 20));
      }
      const afterRestart = traffic.acknowledged.length;
      await new Promise((r) => setTimeout(r, 1000));
      expect(traffic.acknowledged.length, 'writes are acknowledged again after the restart').toBeGreaterThan(afterRestart);
    }
    await traffic.stop();

    expect(product.child.exitCode, 'the API process is still running').toBeNull();
    expect(traffic.acknowledged.length).toBeGreaterThan(before);
    // Nothing but created (201) or "come back later" (503, with Retry-After); never a 500.
    expect(new Set(traffic.statuses.filter((s) => s !== 201 && s !== 503)), JSON.stringify(traffic.statuses.filter((s) => s !== 201))).toEqual(new Set());
    expect(traffic.statuses).toContain(503);
    // Readiness answered only 200 or 503 (never a 500, never no answer), and 503 while PostgreSQL was away.
    expect(new Set(readiness.filter((r) => r !== 200 && r !== 503))).toEqual(new Set());
    expect(readiness).toContain(503);
    for (const value of traffic.retryAfter) expect(Number(value)).toBeGreaterThan(0);
    expect(product.output().match(CRASH_SIGNS)?.[0]).toBeUndefined();
    const url = `postgresql://postgres:postgres@127.0.0.1:${port(product)}/${EMBEDDED_DATABASE}`;
    expect(await missingTokens(url, traffic.acknowledged)).toEqual([]);
    product.child.kill('SIGTERM');
    expect(await product.exited, product.output()).toBe(0);
  }, 180_000);

  it('stops on SIGTERM under load: drains, exits 0, no crash trace, every acknowledged write stored', async () => {
    // A product of its own: the test does not depend on the one above having run, nor on its state.
    const product = await startProduct();
    dirs.push(product.dataDir);
    const traffic = load(product.baseUrl);
    await new Promise((r) => setTimeout(r, 1500));
    product.child.kill('SIGTERM');
    const code = await product.exited;
    await traffic.stop();

    expect(code, product.output()).toBe(0);
    expect(product.output().match(CRASH_SIGNS)?.[0]).toBeUndefined();
    // Answers were created, or the connection was refused once the server stopped listening.
    expect(new Set(traffic.statuses.filter((s) => s !== 201 && s !== 0))).toEqual(new Set());
    expect(traffic.acknowledged.length).toBeGreaterThan(0);
    expect(await storedAfterExit(product, traffic.acknowledged)).toEqual([]);
  }, 120_000);

  it("stops on a terminal's Ctrl-C (SIGINT to the whole process group) with exit 0: PostgreSQL is stopped last, by the API", async () => {
    const interactive = await startProduct({ detached: true });
    dirs.push(interactive.dataDir);
    const traffic = load(interactive.baseUrl, 4);
    await new Promise((r) => setTimeout(r, 1000));
    // What a terminal does on Ctrl-C: the signal goes to every process of the foreground group.
    process.kill(-interactive.child.pid!, 'SIGINT');
    const code = await interactive.exited;
    await traffic.stop();

    expect(code, interactive.output()).toBe(0);
    expect(interactive.output().match(CRASH_SIGNS)?.[0]).toBeUndefined();
    expect(fs.existsSync(path.join(interactive.dataDir, 'postgres', 'postmaster.pid')), 'PostgreSQL stopped with the product').toBe(false);
    expect(await storedAfterExit(interactive, traffic.acknowledged)).toEqual([]);
  }, 120_000);

  it('leaves no PostgreSQL behind when the API itself is killed (SIGKILL, out of memory), and starts again on the same data', async () => {
    const killed = await startProduct();
    dirs.push(killed.dataDir);
    const created = await createApplication(killed.baseUrl);
    expect(created.status).toBe(201);
    const pid = postmasterPid(path.join(killed.dataDir, 'postgres'));
    killed.child.kill('SIGKILL');
    await killed.exited;
    // Its guardian sees the API's pipe close and stops PostgreSQL.
    const deadline = Date.now() + 20_000;
    while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(isAlive(pid), 'PostgreSQL of a killed API still runs').toBe(false);
    const again = await startProduct({ dataDir: killed.dataDir });
    expect(await missingTokens(`postgresql://postgres:postgres@127.0.0.1:${port(again)}/${EMBEDDED_DATABASE}`, [created.token!])).toEqual([]);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);
});

/** Waits until `done()` holds; fails with `what` after `timeoutMs`. Returns the milliseconds it took. */
/** Every storage key a row of the database names (statements, form documents, screening evidence, title deeds). */
const STORAGE_REFERENCES = `SELECT storage_key AS key FROM payment_statements WHERE storage_key IS NOT NULL
  UNION ALL SELECT storage_key FROM form_documents
  UNION ALL SELECT file_key FROM screenings WHERE file_key IS NOT NULL
  UNION ALL SELECT file_key FROM title_deeds WHERE file_key IS NOT NULL
  UNION ALL SELECT pdf_key FROM notices WHERE pdf_key IS NOT NULL`;

async function until(done: () => boolean | Promise<boolean>, timeoutMs: number, what: () => string): Promise<number> {
  const began = Date.now();
  while (!(await done())) {
    if (Date.now() - began > timeoutMs) throw new Error(what());
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - began;
}

/** Runs queries on a running product's database. */
async function query<T extends Record<string, unknown>>(product: ProductProcess, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${port(product)}/${EMBEDDED_DATABASE}` });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('the first start stopped during its demo seed', () => {
  // A small book (SEED_DEMO_DEALS, for tests only): the whole seed takes seconds instead of minutes.
  const env = { SEED_DEMO_DATA: 'true', SEED_DEMO_DEALS: '30' };

  it('is discarded by the next start, which says so and seeds the whole demo again (SIGTERM, then kill -9)', async () => {
    // 1. Stopped with SIGTERM while it makes the deals (its progress says so).
    const first = await spawnProduct({ env });
    dirs.push(first.dataDir);
    await waitForOutput(first, /Demo data: deals \d+\/30/, 180_000);
    // Meanwhile the port answers: 503, readiness says why, browsers get a Czech page.
    const ready = await fetch(`${first.baseUrl}/api/v1/healthcheck/ready/`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'starting', seeding: true });
    const page = await fetch(`${first.baseUrl}/admin/`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('Probíhá první spuštění – připravujeme ukázková data…');
    first.child.kill('SIGTERM');
    expect(await first.exited, first.output()).toBe(0);
    expect(first.output()).toContain('Demo data: seeding stopped; the next start discards the partial data and seeds again.');
    expect(first.output().match(CRASH_SIGNS)?.[0]).toBeUndefined();
    expect(first.output()).not.toMatch(/pool after calling end|could not start|connection lost/);
    expect(fs.existsSync(path.join(first.dataDir, 'postgres', 'postmaster.pid')), 'PostgreSQL stopped with the product').toBe(false);

    // 2. Started again: it discards the first one's deals, seeds again, and is killed (kill -9)
    //    while it imports the payments.
    const second = await spawnProduct({ env, dataDir: first.dataDir });
    await waitForOutput(second, /Demo data: payments: statement \d+\/\d+/, 180_000);
    expect(second.output()).toMatch(/Demo data: the seed begun at \S+ was interrupted; discarding its partial data and seeding again\./);
    const postmaster = postmasterPid(path.join(second.dataDir, 'postgres'));
    second.child.kill('SIGKILL');
    await second.exited;
    await until(() => !isAlive(postmaster), 20_000, () => 'the PostgreSQL of the killed start still runs');

    // 3. The third start discards that one too and completes the whole (small) demo.
    const third = await spawnProduct({ env, dataDir: first.dataDir });
    await waitUntilReady(third, 240_000);
    const out = third.output();
    expect(out).toMatch(/Demo data: the seed begun at \S+ was interrupted; discarding its partial data and seeding again\./);
    const done = out.match(/Demo data: done in \d+ s \((\d+) persons, (\d+) deals, (\d+) payments\)\./);
    expect(done, out).not.toBeNull();
    const [persons, deals, payments] = done!.slice(1).map(Number) as [number, number, number];
    expect(deals).toBe(30);
    expect(payments).toBeGreaterThan(0);
    // The database holds this seed and nothing of the two interrupted ones: the counts are the
    // ones it made, ids start at 1 again, the statements are all booked, the closes of business ran
    // (a year of month ends, the collections history's nine weekly closes and today's).
    const [db] = await query<{ persons: number; deals: number; first_deal: number; staff: number; payments: number; statements: number; booked: number; closes: number; completed: boolean }>(
      third,
      `SELECT (SELECT count(*) FROM persons)::int AS persons, (SELECT count(*) FROM deals)::int AS deals,
              (SELECT min(id) FROM deals)::int AS first_deal, (SELECT count(*) FROM staff_users)::int AS staff,
              (SELECT count(*) FROM payments)::int AS payments, (SELECT count(*) FROM payment_statements)::int AS statements,
              (SELECT count(*) FROM payment_statements WHERE state = 'DONE')::int AS booked,
              (SELECT count(*) FROM close_of_business)::int AS closes,
              (SELECT completed_at IS NOT NULL FROM lending_startup.demo_seed) AS completed`,
    );
    expect(db).toMatchObject({ persons, deals: 30, first_deal: 1, staff: 6, payments, closes: 22, completed: true });
    expect(db!.statements).toBeGreaterThan(0);
    expect(db!.booked).toBe(db!.statements);
    // Each statement's file is in the product's storage, and the interrupted seeds left none behind:
    // every stored file belongs to a row of this seed (the job worker may still be writing a
    // screening's evidence, so its file may appear a moment before its row names it).
    const uploads = path.join(first.dataDir, 'uploads');
    const storedFiles = () => fs.readdirSync(uploads, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(uploads, path.join(e.parentPath, e.name))).sort();
    const statementKeys = (await query<{ key: string }>(third, 'SELECT storage_key AS key FROM payment_statements')).map((r) => r.key);
    expect(storedFiles()).toEqual(expect.arrayContaining(statementKeys));
    let orphans: string[] = [];
    await until(async () => {
      const referenced = new Set((await query<{ key: string }>(third, STORAGE_REFERENCES)).map((r) => r.key));
      orphans = storedFiles().filter((f) => !referenced.has(f));
      return orphans.length === 0;
    }, 15_000, () => `files no row of this seed names: ${orphans.join(', ')}`);
    expect(out.match(CRASH_SIGNS)?.[0]).toBeUndefined();

    // A fourth start finds the demo complete: nothing discarded, nothing seeded.
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    const fourth = await startProduct({ env, dataDir: first.dataDir });
    expect(fourth.output()).not.toMatch(/Demo data:/);
    fourth.child.kill('SIGTERM');
    expect(await fourth.exited).toBe(0);
  }, 600_000);
});

// The README's start command as a supervisor, `kill <pid>` or a closed terminal stop it: a signal
// to the pid of npx, two processes above the launcher and three above the server.
describe.runIf(process.platform === 'linux')('the README start command (npx -y pnpm@12.21.0 start)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-start-command-'));
  dirs.push(dataDir);

  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    it(`stops the server and its PostgreSQL on ${signal} to its pid: every process it started ends, the port is free`, async () => {
      const product = await startCommand({ dataDir });
      const started = descendants(product.child.pid!);
      try {
        // The compiled server, run as production runs it, and its PostgreSQL, on this DATA_DIR.
        const server = started.filter((p) => p.command.endsWith(` ${[...PRODUCTION_NODE_FLAGS, ...COMPILED_SERVER.nodeArgs, COMPILED_SERVER.script].join(' ')}`));
        expect(server, JSON.stringify(started, null, 1)).toHaveLength(1);
        // The postmaster the data directory names is among them. (Counting the processes with its
        // command line races: a backend it has just forked carries that line until it renames itself.)
        const postmaster = `/postgres -D ${path.join(dataDir, 'postgres')} `;
        const postmasterPid = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
        expect(started.filter((p) => p.pid === postmasterPid && p.command.includes(postmaster)), JSON.stringify(started, null, 1)).toHaveLength(1);

        process.kill(product.child.pid!, signal);
        await until(() => started.every((p) => !isRunning(p.pid)), 30_000, () => `still running: ${JSON.stringify(started.filter((p) => isRunning(p.pid)))}\n${product.output()}`);
        const refused = await fetch(`${product.baseUrl}/api/v1/healthcheck/live/`).then(() => false, () => true);
        expect(refused, 'the port is free').toBe(true);
        expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid')), 'PostgreSQL stopped').toBe(false);
        // npx ends by the signal it was sent, passes its number on as an exit code, or the
        // server's own 0 (it stopped cleanly).
        expect([signal, 128 + os.constants.signals[signal], 0]).toContain(await product.exited);
        expect(product.output().match(CRASH_SIGNS)?.[0]).toBeUndefined();
      } finally {
        // Whatever failed above, leave nothing running.
        for (const p of started.filter((p) => isRunning(p.pid)).reverse()) {
          try {
            process.kill(p.pid, 'SIGKILL');
          } catch {
            // ended meanwhile
          }
        }
      }
    }, 420_000);
  }
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
