// pnpm bench:load — the load benchmark (issue 11 §7, issue 21 §5). A throw-away embedded
// PostgreSQL gets realistic volume (100k persons, 300k leads, a loan book of 1M payments with
// their claims and allocations), then the product runs as production runs it (the compiled
// server with the product's flags, src/node-flags.ts; NODE_ENV=production, every production
// setting chosen here) under autocannon at 64 connections: the leads list (page 1 and a
// filtered page), a persons search, a lead detail, the payments list (the default page, the
// unpaired queue, a deal's payments, a search) and partner pushes; each scenario right after on
// the baseline (baseline-server.ts: node:http + pg doing the same work as well as it can be
// done, byte for byte the JSON the API answers, checked first), so that the pair sees the same
// load of a shared machine. The pushes of both are checked in the database afterwards
// (pushes.ts: every 201 stored once, exactly as sent, with its applicant, contacts and audit
// row; nothing else). Prints requests/s, p50/p99, errors and API/baseline per scenario with the
// targets, and writes the same as JSON to bench-results/load-<time>.json (logs and CPU profiles
// in bench-results/load-<time>/). Exits 0 after printing whatever the figures; non-zero when the
// harness itself failed or the pushes' check found a lead lost, duplicated or stored wrong.
//
// Settings (environment):
//   BENCH_PERSONS=100000  BENCH_LEADS=300000   volume
//   BENCH_PAYMENTS=1000000                     payments of the loan book (over the deals of the persons)
//   BENCH_DURATION=20     BENCH_WARMUP=3       seconds per scenario (measured / thrown away; together
//                                              under the access token's 15 minutes)
//   BENCH_CONNECTIONS=64
//   BENCH_SEARCH=Novák                         the surname the persons and the payments searches look for
//   BENCH_ONLY=payments,partner-push           only the scenarios whose key starts with one of these
//                                              (leads, persons, lead-detail, payments, partner-push)
//   BENCH_PG_DIR=                              keep PostgreSQL there, the generated data as a template
//                                              database: later runs with the same volume clone it
//   BENCH_CPU_PROF=1                           the API runs with --cpu-prof (profiles listed at the end)
//   BENCH_API_<NAME>=value                     passes <NAME>=value to the API (e.g. BENCH_API_JOB_WORKER=false)
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StaffRole } from '@lending/contracts';
import pg from 'pg';
import { defaultRootDir } from '../../src/config.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../../src/db/embedded.ts';
import { migrateDeploy } from '../../src/db/migrate.ts';
import { signAccessToken } from '../../src/modules/auth/tokens.ts';
import { generatePersons } from '../generate-persons.ts';
import { generateLeads, LOADED_TABLES, withoutSecondaryIndexes, type GeneratedLeads } from './generate-leads.ts';
import { generatePayments, paymentInconsistencies, type GeneratedPayments } from './generate-payments.ts';
import { runLoad, stopLoad, type LoadFigures } from './load.ts';
import { PUSH_PATH, pushFactory, verifyPushes, type PushOutcome, type PushVerification } from './pushes.ts';
import { COMPILED_SERVER, PRODUCTION_NODE_FLAGS } from '../../src/node-flags.ts';
import { errorLines, request, startServer, type ChildServer } from './servers.ts';

class HarnessError extends Error {}

function setting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    process.stderr.write(`bench:load: ${name} must be a positive number (got "${raw}")\n`);
    process.exit(2);
  }
  return value;
}

const PERSONS = Math.round(setting('BENCH_PERSONS', 100_000));
const LEADS = Math.round(setting('BENCH_LEADS', 300_000));
const PAYMENTS = Math.round(setting('BENCH_PAYMENTS', 1_000_000));
const DURATION_S = setting('BENCH_DURATION', 20);
const WARMUP_S = setting('BENCH_WARMUP', 3);
const CONNECTIONS = Math.round(setting('BENCH_CONNECTIONS', 64));
const SEARCH = process.env.BENCH_SEARCH || 'Novák';
const CPU_PROF = ['1', 'true'].includes(process.env.BENCH_CPU_PROF ?? '');
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const PG_DIR = process.env.BENCH_PG_DIR || null;
// The same Host header to the API and the baseline: next/previous links are built from it.
const HOST = 'bench.local';
// Issue 11 §7 for the leads and persons lists; issue 21 §5 for the payments list and the pushes.
const LIST_TARGET = { ratio: 0.5, p99Ms: 150 };
const PAYMENTS_TARGET = { ratio: 0.6, p99Ms: 300 };
const TARGET_PUSHES_PER_S = 500;
const TARGET_PUSHES_RATIO = 0.6;
/** Whether a scenario (by key) runs: all of them unless BENCH_ONLY names some. */
const wanted = (key: string) => !ONLY.length || ONLY.some((prefix) => key.startsWith(prefix) || key.startsWith(`parity-${prefix}`));

const out = (line = '') => process.stdout.write(`${line}\n`);
const seconds = (since: number) => (performance.now() - since) / 1000;
const fixed = (n: number, digits = 1) => n.toFixed(digits);

interface ListScenario {
  key: string;
  title: string;
  path: string;
  /** Measured lists: the targets. */
  target?: { ratio: number; p99Ms: number };
  /** Paths the measured requests rotate over (a deal's payments: many deals); the first few are compared. */
  paths?: string[];
}

/** How many of a rotating scenario's paths are compared byte for byte. */
const COMPARED_PATHS = 25;

interface ScenarioResult {
  key: string;
  title: string;
  server: 'api' | 'baseline';
  method: 'GET' | 'POST';
  path: string;
  figures: LoadFigures;
}

interface Check {
  target: string;
  ok: boolean;
  value: string;
}

// What to undo on the way out, last first (also on Ctrl-C).
const cleanups: (() => Promise<unknown> | void)[] = [];
async function cleanUp(): Promise<void> {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch (error) {
      process.stderr.write(`clean-up: ${(error as Error).message}\n`);
    }
  }
}

function gitCommit(root: string): { commit: string | null; dirty: boolean | null } {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() !== '';
    return { commit, dirty };
  } catch {
    return { commit: null, dirty: null };
  }
}

/**
 * The API's environment: production, with every setting production requires chosen here and
 * nothing inherited from the caller's shell but PATH, HOME, TMPDIR, LANG, TZ (and BENCH_API_*).
 */
function productionEnv(databaseUrl: string, dataDir: string, admin: { email: string; password: string }, jwtSecret: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ']) if (process.env[name] !== undefined) env[name] = process.env[name];
  Object.assign(env, {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // No network here and no benchmarked path calls an outside service: the sandboxes, chosen
    // explicitly as production requires, and no bank-connection pages.
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
    PUBLIC_URL: `http://${HOST}`,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    JWT_SECRET: jwtSecret,
    CRM_WEBHOOK_PASSWORD: randomBytes(18).toString('base64url'),
    // 64 connections from one address must not be throttled.
    RATE_LIMIT_FACTOR: '1000',
    // Access logs of every request at info would measure the logger; production keeps info, so
    // this is said in the output.
    LOG_LEVEL: 'warn',
  });
  for (const [name, value] of Object.entries(process.env)) if (name.startsWith('BENCH_API_') && value !== undefined) env[name.slice('BENCH_API_'.length)] = value;
  return env;
}

function describeEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const secret = /PASSWORD|SECRET|TOKEN|KEY/;
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (!['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'DATABASE_URL', 'DATA_DIR'].includes(name)) shown[name] = secret.test(name) ? '(set)' : String(value);
  return shown;
}

async function login(port: number, admin: { email: string; password: string }): Promise<string> {
  const reply = await request(port, 'POST', '/api/v1/auth/token/', { host: HOST, 'content-type': 'application/json' }, JSON.stringify(admin));
  if (reply.status !== 200) throw new HarnessError(`Login as ${admin.email} answered ${reply.status}: ${reply.body.toString('utf8').slice(0, 500)}`);
  return (JSON.parse(reply.body.toString('utf8')) as { access: string }).access;
}

async function fetchList(server: ChildServer, listPath: string, token: string): Promise<Buffer> {
  const reply = await request(server.port, 'GET', listPath, { host: HOST, authorization: `Bearer ${token}` });
  if (reply.status !== 200) throw new HarnessError(`${server.name}: GET ${listPath} answered ${reply.status}: ${reply.body.toString('utf8').slice(0, 500)}`);
  return reply.body;
}

/** The paths of a scenario that are compared: its path, or the first few it rotates over. */
const comparedPaths = (scenario: ListScenario) => (scenario.paths ? scenario.paths.slice(0, COMPARED_PATHS) : [scenario.path]);

/** Fails the run unless both bodies are the same bytes; both are kept for a look. */
function compareBodies(runDir: string, key: string, listPath: string, api: Buffer, baseline: Buffer): void {
  if (api.equals(baseline)) return;
  let at = 0;
  while (at < api.length && at < baseline.length && api[at] === baseline[at]) at++;
  const apiFile = path.join(runDir, `${key}.api.json`);
  const baselineFile = path.join(runDir, `${key}.baseline.json`);
  fs.writeFileSync(apiFile, api);
  fs.writeFileSync(baselineFile, baseline);
  const around = (b: Buffer) => b.subarray(Math.max(0, at - 120), at + 120).toString('utf8');
  throw new HarnessError(
    `The baseline does not answer the API's JSON for GET ${listPath} (first difference at byte ${at} of ${api.length} / ${baseline.length}):\n` +
      `  API:      …${around(api)}…\n  baseline: …${around(baseline)}…\n` +
      `Both bodies: ${apiFile}, ${baselineFile}. Fix baseline-server.ts to write what the API writes.`,
  );
}

function line(cells: string[], widths: number[]): string {
  return cells.map((c, i) => (i === 0 || i === 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
}

function printTable(results: ScenarioResult[]): void {
  const widths = [40, 9, 9, 8, 8, 8, 13];
  out(line(['Scenario', 'Server', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'API/baseline'], widths));
  out('-'.repeat(widths.reduce((a, b) => a + b + 2, -2)));
  const seen = new Set<string>();
  for (const r of results) {
    if (seen.has(r.key)) continue;
    seen.add(r.key);
    for (const server of ['api', 'baseline'] as const) {
      const row = results.find((x) => x.key === r.key && x.server === server);
      if (!row) continue;
      const baseline = results.find((x) => x.key === r.key && x.server === 'baseline');
      const ratio = server === 'api' && baseline ? `${fixed(row.figures.rps / baseline.figures.rps, 2)}×` : '';
      out(
        line(
          [server === 'api' ? r.title : '', server === 'api' ? 'API' : 'baseline', fixed(row.figures.rps), fixed(row.figures.p50, 0), fixed(row.figures.p99, 0), String(row.figures.errors), ratio],
          widths,
        ),
      );
    }
  }
}

async function main(): Promise<void> {
  const root = defaultRootDir();
  const startedAt = new Date();
  const stamp = startedAt.toISOString().slice(0, 19).replace(/[:T]/g, '-');
  const resultsDir = path.join(root, 'bench-results');
  const runDir = path.join(resultsDir, `load-${stamp}`);
  fs.mkdirSync(runDir, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-bench-load-'));
  cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const loadStart = os.loadavg();
  out(
    `Load benchmark: ${PERSONS.toLocaleString('en')} persons, ${LEADS.toLocaleString('en')} leads, ${PAYMENTS.toLocaleString('en')} payments; ${CONNECTIONS} connections, ` +
      `${DURATION_S} s per scenario after a ${WARMUP_S} s warm-up${ONLY.length ? `; only ${ONLY.join(', ')}` : ''}`,
  );
  out(`Machine: ${os.cpus().length} CPUs, load average ${loadStart.map((l) => fixed(l, 2)).join(' ')} (the load generator, PostgreSQL and the server share them)`);

  // 1. The database and its data: generated, or cloned from the template an earlier run kept (BENCH_PG_DIR).
  let t = performance.now();
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(PG_DIR ?? tmp, 'postgres'), persistent: Boolean(PG_DIR) });
  cleanups.push(() => embedded.stop());
  const template = `bench_load_${PERSONS}_${LEADS}_${PAYMENTS}`;
  const setup: Record<string, number> = {};
  let generated: { leads: GeneratedLeads; payments: GeneratedPayments } | null = null;
  {
    const admin = new pg.Pool({ connectionString: embedded.url('postgres'), max: 1 });
    admin.on('error', () => undefined);
    try {
      await admin.query('DROP DATABASE IF EXISTS bench WITH (FORCE)');
      if (PG_DIR && (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount) {
        await admin.query(`CREATE DATABASE bench TEMPLATE ${template}`);
        out(`Data: cloned from ${template} (BENCH_PG_DIR=${PG_DIR}) in ${fixed(seconds(t))} s`);
      } else {
        const name = PG_DIR ? `${template}_new` : 'bench';
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        await ensureDatabase(embedded.url, name);
        await migrateDeploy(root, embedded.url(name));
        setup.databaseS = seconds(t);
        // The load's own connection: room to sort a million rows and build indexes in memory.
        // One connection also keeps the generators' setseed() and random() in one session.
        const loader = new pg.Pool({ connectionString: embedded.url(name), max: 1, options: '-c work_mem=256MB -c maintenance_work_mem=512MB' });
        loader.on('error', () => undefined);
        try {
          const { result, rebuildS } = await withoutSecondaryIndexes(loader, LOADED_TABLES, async () => {
            t = performance.now();
            await generatePersons(loader, PERSONS);
            setup.personsS = seconds(t);
            t = performance.now();
            const leads = await generateLeads(loader, LEADS);
            setup.leadsS = seconds(t);
            t = performance.now();
            const payments = await generatePayments(loader, PAYMENTS);
            setup.paymentsS = seconds(t);
            return { leads, payments };
          });
          generated = result;
          setup.indexesS = rebuildS;
          const wrong = await paymentInconsistencies(loader);
          if (Object.keys(wrong).length) throw new HarnessError(`The generated payments are inconsistent: ${JSON.stringify(wrong)}`);
          t = performance.now();
          await loader.query('VACUUM ANALYZE');
          setup.vacuumS = seconds(t);
        } finally {
          await loader.end();
        }
        if (PG_DIR) {
          await admin.query(`ALTER DATABASE ${name} RENAME TO ${template}`);
          await admin.query(`CREATE DATABASE bench TEMPLATE ${template}`);
        }
        out(
          `Data: ${PERSONS.toLocaleString('en')} persons in ${fixed(setup.personsS!)} s, ${generated!.leads.leads.toLocaleString('en')} leads (${generated!.leads.forms.toLocaleString('en')} forms, ` +
            `${generated!.leads.offers.toLocaleString('en')} offers) in ${fixed(setup.leadsS!)} s, ${generated!.payments.payments.toLocaleString('en')} payments of ${generated!.payments.loans.toLocaleString('en')} loans ` +
            `(${generated!.payments.unpaired.toLocaleString('en')} unpaired, ${generated!.payments.reversals} stornos; ${generated!.payments.claims.toLocaleString('en')} claims, ` +
            `${generated!.payments.allocations.toLocaleString('en')} allocations) in ${fixed(setup.paymentsS!)} s, indexes ${fixed(setup.indexesS!)} s, VACUUM ANALYZE ${fixed(setup.vacuumS!)} s ` +
            `(PostgreSQL and migrations ${fixed(setup.databaseS!)} s)`,
        );
      }
    } finally {
      await admin.end();
    }
  }
  const databaseUrl = embedded.url('bench');
  // A template kept from an earlier run gets the migrations added since.
  t = performance.now();
  await migrateDeploy(root, databaseUrl);
  setup.migrationsS = seconds(t);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', (error) => process.stderr.write(`harness PostgreSQL connection: ${error.message}\n`));
  cleanups.push(() => pool.end());

  // A deal's payments: deals with a history of some length, the same ones on every run of a volume.
  const dealIds = (
    await pool.query<{ deal_id: number }>(
      `SELECT deal_id FROM payments WHERE deal_id IS NOT NULL GROUP BY deal_id HAVING count(*) >= 12 ORDER BY md5(deal_id::text) LIMIT 500`,
    )
  ).rows.map((r) => r.deal_id);
  const reversedDeal = (await pool.query<{ deal_id: number }>(`SELECT deal_id FROM payments WHERE reversal_of_id IS NOT NULL ORDER BY id LIMIT 1`)).rows[0]?.deal_id;
  if (!dealIds.length || reversedDeal === undefined) throw new HarnessError('The loan book has no deal with payments (or no storno): more BENCH_PAYMENTS');
  const search = encodeURIComponent(SEARCH);
  const allLists: ListScenario[] = [
    { key: 'leads-page-1', title: 'GET /leads/ page 1', path: '/api/v1/leads/', target: LIST_TARGET },
    { key: 'leads-filtered', title: 'GET /leads/ filtered, page 3', path: '/api/v1/leads/?state=IN_PROGRESS&deal_type=CONSUMER_LOAN&page=3', target: LIST_TARGET },
    { key: 'persons-search', title: `GET /persons/?search=${SEARCH}`, path: `/api/v1/persons/?search=${search}`, target: LIST_TARGET },
    { key: 'payments-page-1', title: 'GET /payments/ page 1', path: '/api/v1/payments/', target: PAYMENTS_TARGET },
    { key: 'payments-unpaired', title: 'GET /payments/?unpaired=true', path: '/api/v1/payments/?unpaired=true', target: PAYMENTS_TARGET },
    {
      key: 'payments-deal',
      title: `GET /payments/?deal={id} (${dealIds.length} deals)`,
      path: `/api/v1/payments/?deal=${dealIds[0]}`,
      paths: dealIds.map((id) => `/api/v1/payments/?deal=${id}`),
      target: PAYMENTS_TARGET,
    },
    { key: 'payments-search', title: `GET /payments/?search=${SEARCH}`, path: `/api/v1/payments/?search=${search}`, target: PAYMENTS_TARGET },
  ];
  // Not measured, only compared: pages that show what the measured ones may not (amounts with
  // hellers, closing reasons, leads without a person, a previous link to page 1, 100 rows;
  // stornos and the payments they took back, payouts, notes, other orderings).
  const allParity: ListScenario[] = [
    { key: 'parity-leads-backoffice', title: 'leads by staff', path: '/api/v1/leads/?source=BACKOFFICE&page_size=100' },
    { key: 'parity-leads-portal-closed', title: 'closed portal leads', path: '/api/v1/leads/?source=PORTAL&state=CLOSED,NEW&page=2&page_size=100' },
    { key: 'parity-persons', title: 'persons search', path: '/api/v1/persons/?search=ja&page=2&page_size=50' },
    { key: 'parity-payments-unpaired', title: 'unpaired, page 3 of 100', path: '/api/v1/payments/?unpaired=true&page=3&page_size=100' },
    { key: 'parity-payments-storno', title: 'a deal with a storno', path: `/api/v1/payments/?deal=${reversedDeal}&page_size=100&ordering=date` },
    { key: 'parity-payments-stornos', title: 'stornos by amount', path: '/api/v1/payments/?search=storno&page_size=100&ordering=amount' },
    { key: 'parity-payments-notes', title: 'notes, page 2', path: `/api/v1/payments/?search=${encodeURIComponent('dotaz na banku')}&page=2&page_size=10` },
    { key: 'parity-payments-paired', title: 'paired, oldest first, page 2', path: '/api/v1/payments/?unpaired=false&ordering=date,-amount&page=2&page_size=50' },
  ];
  const lists = allLists.filter((l) => wanted(l.key));
  const compared = [...lists, ...allParity.filter((l) => wanted(l.key.replace(/^parity-/, '')))];
  const detailIds = (await pool.query<{ id: number }>('SELECT id FROM leads ORDER BY random() LIMIT 2000')).rows.map((r) => r.id);
  let detailTurn = 0;

  const admin = { email: 'bench-admin@example.cz', password: randomBytes(18).toString('base64url') };
  const jwtSecret = randomBytes(48).toString('base64url');
  const apiEnv = productionEnv(databaseUrl, path.join(tmp, 'api-data'), admin, jwtSecret);
  const profiles: string[] = [];
  const nodeArgs = (phase: string) => {
    if (!CPU_PROF) return [...PRODUCTION_NODE_FLAGS, ...COMPILED_SERVER.nodeArgs];
    const dir = path.join(runDir, `cpu-profile-${phase}`);
    profiles.push(dir);
    return [...PRODUCTION_NODE_FLAGS, ...COMPILED_SERVER.nodeArgs, '--cpu-prof', `--cpu-prof-dir=${dir}`];
  };
  out(`API: node ${[...PRODUCTION_NODE_FLAGS, ...COMPILED_SERVER.nodeArgs, COMPILED_SERVER.script].join(' ')} with ${Object.entries(describeEnv(apiEnv)).map(([k, v]) => `${k}=${v}`).join(' ')}`);
  out(`     LOG_LEVEL=warn: no access log line per request (production's default is info)${CPU_PROF ? '; CPU profiles on' : ''}`);
  out('');

  const results: ScenarioResult[] = [];
  // Errors the servers logged per phase (also those answered after the load generator hung up).
  const serverErrors: Record<string, number> = {};
  const server = async (name: string, script: string, env: NodeJS.ProcessEnv, args: string[], log: string) => {
    const started = await startServer({ name, script, cwd: root, env, nodeArgs: args, logFile: path.join(runDir, log) });
    let stopping: Promise<number | null> | null = null;
    const stop = () =>
      (stopping ??= started.stop().then((code) => {
        if (code !== 0) out(`  note: ${name} exited with code ${code} (see ${started.logFile})`);
        serverErrors[log] = errorLines(started.logFile);
        return code;
      }));
    cleanups.push(stop);
    return { ...started, stop };
  };
  // The server has finished what a stopped run left in flight when no session of the benchmark
  // database but the harness's own is busy (a query, or a transaction between two).
  const settle = async () => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const busy = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid() AND state IS NOT NULL AND state <> 'idle'`,
      );
      if (busy.rows[0]!.n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // …and has written its last answers.
    await new Promise((r) => setTimeout(r, 300));
  };
  const measure = async (key: string, title: string, srv: ChildServer, spec: Omit<Parameters<typeof runLoad>[0], 'port' | 'connections' | 'durationS' | 'warmupS' | 'settle'>) => {
    const figures = await runLoad({ ...spec, port: srv.port, connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S, settle });
    const result: ScenarioResult = { key, title, server: srv.name === 'baseline' ? 'baseline' : 'api', method: spec.method, path: spec.path, figures };
    results.push(result);
    out(`  ${title.padEnd(40)} ${srv.name.padEnd(8)} ${fixed(figures.rps).padStart(8)} req/s  p50 ${fixed(figures.p50, 0).padStart(5)} ms  p99 ${fixed(figures.p99, 0).padStart(5)} ms  errors ${figures.errors}`);
    return result;
  };

  // 2. The lists (read-only, so both servers see the same data) and the lead detail.
  const listRequest = (scenario: ListScenario, token: string) => {
    let turn = 0;
    return {
      method: 'GET' as const,
      path: scenario.path,
      headers: { host: HOST, authorization: `Bearer ${token}` },
      ...(scenario.paths ? { nextPath: () => scenario.paths![turn++ % scenario.paths!.length]! } : {}),
    };
  };
  // Both servers run side by side (an idle one costs nothing) and each scenario is measured on
  // the API and right after on the baseline: on shared cores the load of the machine drifts
  // over minutes, and the pair then sees the same machine.
  const reference = new Map<string, Buffer>();
  const measureDetail = wanted('lead-detail');
  const baselineEnv: NodeJS.ProcessEnv = { PATH: process.env.PATH, DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret, HOST: '127.0.0.1' };
  if (compared.length || measureDetail) {
    t = performance.now();
    const api = await server('API', COMPILED_SERVER.script, apiEnv, nodeArgs('lists'), 'api-lists.log');
    setup.apiReadyS = seconds(t);
    out(`API ready in ${fixed(setup.apiReadyS)} s (migrations check, bundled addresses, admin).`);
    for (const scenario of compared) {
      for (const listPath of comparedPaths(scenario)) {
        const body = await fetchList(api, listPath, await login(api.port, admin));
        const page = JSON.parse(body.toString('utf8')) as { count: number; results: unknown[] };
        if (!page.count || !page.results.length) throw new HarnessError(`GET ${listPath} finds nothing: pick a filter or BENCH_SEARCH that matches (or more data)`);
        reference.set(listPath, body);
      }
      fs.writeFileSync(path.join(runDir, `${scenario.key}.json`), reference.get(scenario.path)!);
    }
    // The baseline, after proving it answers the same bytes. Its token is signed by the product's
    // own code with the API's secret, for the API's administrator.
    let baseline: Awaited<ReturnType<typeof server>> | null = null;
    let baselineToken = '';
    if (compared.length) {
      const user = (await pool.query<{ id: number; role: StaffRole }>('SELECT id, role FROM staff_users WHERE email = $1', [admin.email])).rows[0];
      if (!user) throw new HarnessError(`The API did not create its administrator ${admin.email}`);
      baselineToken = signAccessToken(jwtSecret, user);
      baseline = await server('baseline', 'apps/api/bench/load/baseline-server.ts', baselineEnv, [], 'baseline.log');
      for (const scenario of compared) {
        for (const listPath of comparedPaths(scenario)) compareBodies(runDir, scenario.key, listPath, reference.get(listPath)!, await fetchList(baseline, listPath, baselineToken));
      }
      out(`Baseline ready; its JSON is byte-identical to the API's for the ${reference.size} URLs of the ${lists.length} measured scenarios and ${compared.length - lists.length} more pages.`);
    }
    out('Measuring, one scenario at a time, the API then the baseline:');
    for (const scenario of lists) {
      await measure(scenario.key, scenario.title, api, listRequest(scenario, await login(api.port, admin)));
      await measure(scenario.key, scenario.title, baseline!, listRequest(scenario, baselineToken));
    }
    await baseline?.stop();
    if (measureDetail) {
      const token = await login(api.port, admin);
      const first = await request(api.port, 'GET', `/api/v1/leads/${detailIds[0]}/`, { host: HOST, authorization: `Bearer ${token}` });
      if (first.status !== 200) throw new HarnessError(`GET /api/v1/leads/${detailIds[0]}/ answered ${first.status}: ${first.body.toString('utf8').slice(0, 500)}`);
      await measure('lead-detail', `GET /leads/{id}/ (${detailIds.length} ids)`, api, {
        method: 'GET',
        path: `/api/v1/leads/${detailIds[0]}/`,
        headers: { host: HOST, authorization: `Bearer ${token}` },
        nextPath: () => `/api/v1/leads/${detailIds[detailTurn++ % detailIds.length]}/`,
      });
    }
    for (const [listPath, body] of reference) {
      const again = await fetchList(api, listPath, await login(api.port, admin));
      if (!again.equals(body)) throw new HarnessError(`GET ${listPath} changed during the read-only scenarios: the comparison with the baseline would be meaningless`);
    }
    await api.stop();
  }

  // 3. Partner pushes (they change the lists, so they come last): the product on a fresh
  // process, then the baseline, with one key made by the operator's command, as production
  // would; each run's pushes checked in the database after its server stopped (requests in
  // flight drained).
  const verifications: Record<string, PushVerification> = {};
  if (wanted('partner-push')) {
    const apiKey = execFileSync(process.execPath, ['apps/api/src/cli.ts', 'create-api-key', 'LEADSOR', 'bench:load'], { cwd: root, env: apiEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
    if (!/^lk_\S+$/.test(apiKey)) throw new HarnessError(`pnpm cli create-api-key printed no key: ${apiKey}`);
    const keyPrefix = apiKey.slice(3, 11);
    const push = async (srv: ChildServer & { stop: () => Promise<unknown> }, prefix: string) => {
      const factory = await pushFactory(pool, prefix);
      const outcomes: PushOutcome[] = [];
      await measure('partner-push', 'POST /leads/leadsor/ (new applicant)', srv, {
        method: 'POST',
        path: PUSH_PATH,
        headers: { host: HOST, 'content-type': 'application/json', authorization: `Api-Key ${apiKey}` },
        body: () => factory.next(),
        onResponse: (status, body) => outcomes.push({ status, body }),
      });
      await srv.stop();
      // In flight when the warm-up and when the run stopped: at most one per connection each.
      verifications[srv.name] = await verifyPushes(pool, { prefix, keyPrefix, sent: factory.sent, outcomes, inFlightBound: 2 * CONNECTIONS });
    };
    out('API restarted for the partner pushes, then the baseline:');
    await push(await server('API', COMPILED_SERVER.script, apiEnv, nodeArgs('pushes'), 'api-pushes.log'), 'LS-LOAD-');
    await push(await server('baseline', 'apps/api/bench/load/baseline-server.ts', baselineEnv, [], 'baseline-pushes.log'), 'LS-BASE-');
  }

  // 4. The figures.
  out('');
  out(`Results (${DURATION_S} s per scenario, ${CONNECTIONS} connections; req/s counts 2xx answers; errors = socket errors + timeouts + non-2xx):`);
  printTable(results);
  const checks: Check[] = [];
  const ratios: Record<string, number> = {};
  const ratioOf = (key: string) => {
    const a = results.find((r) => r.key === key && r.server === 'api')!;
    const b = results.find((r) => r.key === key && r.server === 'baseline');
    return { api: a, ratio: b ? a.figures.rps / b.figures.rps : NaN };
  };
  for (const scenario of lists) {
    const { api, ratio } = ratioOf(scenario.key);
    ratios[scenario.key] = ratio;
    const target = scenario.target!;
    checks.push({ target: `${scenario.title}: API ≥ ${target.ratio * 100} % of baseline`, ok: ratio >= target.ratio, value: `${fixed(ratio * 100, 0)} %` });
    checks.push({ target: `${scenario.title}: API p99 < ${target.p99Ms} ms`, ok: api.figures.p99 < target.p99Ms, value: `${fixed(api.figures.p99, 0)} ms` });
  }
  const pushOk = Object.values(verifications).every((v) => v.ok);
  if (wanted('partner-push')) {
    const { api: pushes, ratio } = ratioOf('partner-push');
    ratios['partner-push'] = ratio;
    const mine = verifications.API!;
    checks.push({ target: `partner pushes ≥ ${TARGET_PUSHES_PER_S}/s`, ok: pushes.figures.rps >= TARGET_PUSHES_PER_S, value: `${fixed(pushes.figures.rps)}/s` });
    checks.push({ target: `partner pushes: API ≥ ${TARGET_PUSHES_RATIO * 100} % of baseline`, ok: ratio >= TARGET_PUSHES_RATIO, value: `${fixed(ratio * 100, 0)} %` });
    checks.push({ target: 'partner pushes: zero errors', ok: pushes.figures.errors === 0, value: String(pushes.figures.errors) });
    checks.push({ target: 'partner pushes: zero lost (every 201 stored as answered)', ok: mine.lost === 0, value: String(mine.lost) });
    checks.push({ target: 'partner pushes: zero duplicated', ok: mine.duplicated === 0, value: String(mine.duplicated) });
    checks.push({ target: 'partner pushes: every lead, applicant, contact, audit row as sent', ok: mine.wrong === 0 && mine.orphans === 0, value: `${mine.wrong} wrong, ${mine.orphans} half-written` });
    out('');
    for (const [name, v] of Object.entries(verifications)) {
      out(
        `Pushes of the ${name} checked in the database: ${v.sent} sent (warm-up included), answers ${Object.entries(v.answered).map(([st, n]) => `${st}×${n}`).join(', ') || 'none'}; ` +
          `lost ${v.lost}, duplicated ${v.duplicated}, stored other than sent ${v.wrong}, half-written ${v.orphans}, ` +
          `stored without a 201 seen (in flight when the warm-up or the run stopped; at most ${v.inFlightBound}) ${v.storedWithoutCreated}: ${v.ok ? 'all right' : 'WRONG'}`,
      );
      for (const problem of v.problems) out(`  e.g. ${problem}`);
    }
  }
  out(`Errors logged by the servers (warm-ups and answers after the generator hung up included): ${Object.entries(serverErrors).map(([log, n]) => `${log} ${n}`).join(', ')}`);
  out('');
  out('Targets (issue 11 §7, issue 21 §5; reported, not enforced):');
  for (const check of checks) out(`  ${check.ok ? 'met   ' : 'MISSED'}  ${check.target.padEnd(70)} ${check.value}`);

  const loadEnd = os.loadavg();
  const file = path.join(resultsDir, `load-${stamp}.json`);
  fs.writeFileSync(
    file,
    `${JSON.stringify(
      {
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        git: gitCommit(root),
        machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, node: process.version, loadAverageStart: loadStart, loadAverageEnd: loadEnd },
        settings: {
          persons: PERSONS,
          leads: LEADS,
          payments: PAYMENTS,
          durationS: DURATION_S,
          warmupS: WARMUP_S,
          connections: CONNECTIONS,
          search: SEARCH,
          only: ONLY,
          host: HOST,
          cpuProfile: CPU_PROF,
          api: describeEnv(apiEnv),
        },
        setupSeconds: setup,
        data: generated ?? `cloned from ${template}`,
        scenarios: results,
        ratios,
        pushes: verifications,
        serverErrorLines: serverErrors,
        targets: checks,
        logs: runDir,
      },
      null,
      2,
    )}\n`,
  );
  out('');
  out(`Setup: ${Object.entries(setup).map(([k, v]) => `${k.replace(/S$/, '')} ${fixed(v)} s`).join(', ')}; whole run ${fixed((Date.now() - startedAt.getTime()) / 1000, 0)} s`);
  out(`Load average at the end: ${loadEnd.map((l) => fixed(l, 2)).join(' ')} — on shared cores, compare runs made on a quiet machine only.`);
  out(`JSON: ${path.relative(process.cwd(), file)}   logs: ${path.relative(process.cwd(), runDir)}/`);
  for (const dir of profiles) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')) : [];
    out(`CPU profile (${path.basename(dir).replace('cpu-profile-', '')}): ${files.length ? files.map((f) => path.relative(process.cwd(), path.join(dir, f))).join(', ') : `none written in ${dir}`}`);
  }
  if (!pushOk) throw new HarnessError('The pushes were not all stored exactly once as sent (see above): a correctness failure, whatever the figures.');
}

process.once('SIGINT', () => {
  process.stderr.write('\nInterrupted: stopping the servers and PostgreSQL…\n');
  stopLoad();
  void cleanUp().finally(() => process.exit(130));
});

main()
  .then(cleanUp)
  .catch(async (error: unknown) => {
    process.stderr.write(`\nbench:load failed: ${error instanceof HarnessError ? error.message : ((error as Error)?.stack ?? String(error))}\n`);
    await cleanUp();
    process.exit(1);
  });
