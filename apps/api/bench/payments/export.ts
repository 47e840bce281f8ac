// bench:payments (export part, issue 14): GET /payments/export/ streams 1,000,000 payments as CSV
// with the server's RSS under 200 MB and at least 50,000 rows/s (docs/decisions/0035).
//
// A throw-away embedded PostgreSQL with the migrations; 1,000,000 payments inserted by
// generate_series (a third paired to 3,000 deals with 12 claims each and one or two allocations
// per paired payment, so the allocated columns are real sums); the API started as a child process
// in production mode as production runs it (src/node-flags.ts: the flags and the compiled server), so the RSS sampled (/proc/<pid>/status
// VmRSS every 100 ms) is the server's alone; the CSV downloaded over HTTP and counted as it
// arrives. Then the XLSX of 100,000 rows, for information. Prints the table; exits 1 when a
// target is missed.
//
// Settings (environment):
//   BENCH_PAYMENTS=1000000   payments generated (the CSV exports them all)
//   BENCH_XLSX_ROWS=100000   rows of the informational XLSX export (a date range of that size)
//   BENCH_DATA_DIR=          keep the database there and reuse it on the next run (no generation)
//   BENCH_CPU_PROF=1         the API writes a CPU profile (--cpu-prof) into the run's directory
//   BENCH_NODE_ARGS=         more node options for the API process, after the product's own (src/node-flags.ts)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { defaultRootDir } from '../../src/config.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../../src/db/embedded.ts';
import { migrateDeploy } from '../../src/db/migrate.ts';
import { connectDatabase } from '../../src/db/prisma.ts';
import { loadBundledAddresses } from '../../src/integrations/address/index.ts';
import { signAccessToken } from '../../src/modules/auth/tokens.ts';
import { COMPILED_SERVER, PRODUCTION_NODE_FLAGS } from '../../src/node-flags.ts';
import type pg from 'pg';
import { out, seconds, setting, table } from '../bench-output.ts';
import { rssMb, startApi, type ChildApi } from './child-api.ts';

const PAYMENTS = setting('bench:payments', 'BENCH_PAYMENTS', 1_000_000);
const XLSX_ROWS = setting('bench:payments', 'BENCH_XLSX_ROWS', 100_000);
const DATA_DIR = process.env.BENCH_DATA_DIR || null;
const CPU_PROF = ['1', 'true'].includes(process.env.BENCH_CPU_PROF ?? '');
// The product's own flags first: a flag given again in BENCH_NODE_ARGS wins (V8 takes the last).
const NODE_ARGS = [...PRODUCTION_NODE_FLAGS, ...COMPILED_SERVER.nodeArgs, ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)];
const DEALS = 3_000;
const DAYS = 1_000;
const RSS_TARGET_MB = 200;
const RATE_TARGET = 50_000;

/** Deals, claims, payments and allocations in a few set-based statements. */
async function generate(client: pg.ClientBase): Promise<{ paired: number; allocations: number }> {
  const q = (sql: string, params: unknown[] = []) => client.query(sql, params);
  await q('SELECT setseed(0.14)');
  // Consistent by construction; per-row triggers (foreign keys, paid_amount) would take most of the load time.
  await q('SET session_replication_role = replica');
  await q(
    `INSERT INTO deals (id, type, state, value, contract_number, variable_symbol, updated_at)
     SELECT n, 'CONSUMER_LOAN', 'ACTIVE', 300000, 'EXP-' || lpad(n::text, 6, '0'), (2000000000 + n)::text, now() FROM generate_series(1, $1::int) n`,
    [DEALS],
  );
  await q(`SELECT setval(pg_get_serial_sequence('deals', 'id'), $1::int)`, [DEALS]);
  // 12 claims a deal: six monthly installments of PRINCIPAL and INTEREST.
  await q(
    `INSERT INTO claims (deal_id, type, due_date, amount, updated_at)
     SELECT d, CASE WHEN k % 2 = 0 THEN 'PRINCIPAL' ELSE 'INTEREST' END::"ClaimType", date '2023-01-20' + (k / 2) * 30, CASE WHEN k % 2 = 0 THEN 4000.00 ELSE 812.37 END, now()
       FROM generate_series(1, $1::int) d, generate_series(0, 11) k ORDER BY d, k`,
    [DEALS],
  );
  // Every third payment paired to a deal; texts of real length, a few with `;` and quotes to escape.
  // Dates rise with the ids, as statements are imported day after day.
  await q(
    `INSERT INTO payments (direction, category, payment_type, date, amount, variable_symbol, specific_symbol, constant_symbol, counter_account, counter_account_name,
                           message, bank_reference, deal_id, updated_at)
     SELECT CASE WHEN n % 50 = 0 THEN 'OUTGOING_PAYMENT' ELSE 'INCOMING_PAYMENT' END::"PaymentDirection",
            CASE WHEN n % 3 = 0 THEN 'INTERNAL_INSTALLMENT' ELSE 'UNCATEGORIZED' END::"PaymentCategory",
            CASE WHEN n % 20 = 0 THEN 'CASH' ELSE 'BANK_TRANSFER' END::"PaymentType",
            date '2023-01-01' + ((n - 1)::bigint * $2::int / $1::int)::int, round((100 + random() * 20000)::numeric, 2),
            CASE WHEN n % 3 = 0 THEN (2000000000 + 1 + n % $3::int)::text ELSE (3000000000 + n)::text END,
            CASE WHEN n % 7 = 0 THEN (n % 9999)::text END, CASE WHEN n % 5 = 0 THEN '0308' END,
            (100000 + n % 900000)::text || '-' || (1000000000 + n)::text || '/0800', 'Plátce ' || n || CASE WHEN n % 97 = 0 THEN ' s.r.o.; "Praha"' ELSE '' END,
            'Splátka smlouvy číslo ' || n, 'BENCH-' || n, CASE WHEN n % 3 = 0 THEN 1 + n % $3::int END, now()
       FROM generate_series(1, $1::int) n`,
    [PAYMENTS, DAYS, DEALS],
  );
  // One or two allocation rows per paired payment, to the deal's first claims: the sums are real.
  const allocated = await q(
    `INSERT INTO payment_allocations (payment_id, claim_id, amount, rule, updated_at)
     SELECT p.id, c.id, round(p.amount * share, 2), 'LOAN_ALLOCATION_PROFILE_V1:' || CASE WHEN c.type = 'PRINCIPAL' THEN 'PRINCIPAL_DUE' ELSE 'INTEREST_DUE' END, now()
       FROM payments p
       JOIN LATERAL (SELECT c.id, c.type, CASE WHEN p.id % 2 = 0 THEN 0.5 ELSE 0.9 END AS share
                       FROM claims c WHERE c.deal_id = p.deal_id ORDER BY c.id LIMIT CASE WHEN p.id % 2 = 0 THEN 2 ELSE 1 END) c ON true
      WHERE p.deal_id IS NOT NULL AND p.direction = 'INCOMING_PAYMENT'`,
  );
  await q('SET session_replication_role = origin');
  const paired = await q(`SELECT count(*)::int AS n FROM payments WHERE deal_id IS NOT NULL`);
  return { paired: (paired.rows[0] as { n: number }).n, allocations: allocated.rowCount ?? 0 };
}

interface Download {
  status: number;
  bytes: number;
  rows: number;
  ms: number;
  peakRssMb: number;
  baselineRssMb: number;
}

/** Downloads the file as a client would, counting bytes and CRLF-ended rows; samples the server's RSS meanwhile. */
function download(api: ChildApi, target: string, token: string): Promise<Download> {
  const baselineRssMb = rssMb(api.pid);
  let peakRssMb = baselineRssMb;
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, rssMb(api.pid));
  }, 100);
  const started = performance.now();
  return new Promise<Download>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: api.port, path: target, headers: { authorization: `Bearer ${token}` }, agent: false }, (res) => {
      let bytes = 0;
      let lines = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      });
      res.on('end', () => {
        clearInterval(sampler);
        peakRssMb = Math.max(peakRssMb, rssMb(api.pid));
        // The header line is not a row.
        resolve({ status: res.statusCode ?? 0, bytes, rows: Math.max(0, lines - 1), ms: performance.now() - started, peakRssMb, baselineRssMb });
      });
      res.on('error', reject);
    });
    req.on('error', (error) => {
      clearInterval(sampler);
      reject(error);
    });
  });
}

async function main() {
  const root = defaultRootDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-bench-payments-export-'));
  const embedded = await startEmbeddedPostgres({ dataDir: DATA_DIR ?? path.join(dir, 'data'), persistent: DATA_DIR !== null });
  let db: ReturnType<typeof connectDatabase> | null = null;
  let api: ChildApi | null = null;
  let failed = false;
  try {
    await ensureDatabase(embedded.url, 'bench');
    const url = embedded.url('bench');
    await migrateDeploy(root, url);
    db = connectDatabase(url, { max: 2 });
    db.pool.on('error', (error) => process.stderr.write(`PostgreSQL connection: ${error.message}\n`));

    const existing = Number((await db.pool.query(`SELECT count(*)::int AS n FROM payments`)).rows[0].n);
    if (existing === 0) {
      out(`Generating ${PAYMENTS.toLocaleString('en')} payments (${DEALS.toLocaleString('en')} deals with 12 claims each) …`);
      const loadStart = performance.now();
      const client = await db.pool.connect();
      let generated;
      try {
        generated = await generate(client);
        await client.query('VACUUM ANALYZE deals, claims, payments, payment_allocations');
      } finally {
        client.release();
      }
      out(`  ${generated.paired.toLocaleString('en')} paired, ${generated.allocations.toLocaleString('en')} allocation rows; loaded and analysed in ${seconds(performance.now() - loadStart)}`);
      // A server in service loaded the bundled addresses at its first start, long ago; the API
      // started below is measured as such a server, not as one filling an empty database.
      await loadBundledAddresses(db.prisma);
    } else if (existing !== PAYMENTS) {
      throw new Error(`${DATA_DIR} holds ${existing} payments, not BENCH_PAYMENTS=${PAYMENTS}: use another BENCH_DATA_DIR`);
    } else out(`Reusing the ${existing.toLocaleString('en')} payments in ${DATA_DIR}`);

    const jwtSecret = randomBytes(48).toString('base64url');
    const staff = await db.prisma.staffUser.upsert({ where: { email: 'bench-export@bench.local' }, create: { email: 'bench-export@bench.local', role: 'ACCOUNTANT', passwordHash: 'x' }, update: {} });
    const token = signAccessToken(jwtSecret, staff);
    const logFile = path.join(dir, 'api.log');
    const profileDir = path.join(DATA_DIR ? path.dirname(DATA_DIR) : os.tmpdir(), `payments-export-cpu-${Date.now()}`);
    api = await startApi(root, url, path.join(dir, 'app'), jwtSecret, logFile, [...NODE_ARGS, ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])]);
    if (CPU_PROF) out(`CPU profile: ${profileDir}`);
    out(`API: node ${[...NODE_ARGS, COMPILED_SERVER.script].join(' ')} (NODE_ENV=production, LOG_LEVEL=warn), pid ${api.pid}, log ${logFile}`);
    out();

    const csv = await download(api, '/api/v1/payments/export/?format=csv', token);
    if (csv.status !== 200) throw new Error(`CSV export answered ${csv.status}`);
    // The XLSX of about XLSX_ROWS rows: a date range of that share of the generated days.
    const days = Math.max(1, Math.round((DAYS * XLSX_ROWS) / PAYMENTS));
    const xlsxTo = new Date(Date.UTC(2023, 0, 1 + days - 1)).toISOString().slice(0, 10);
    const xlsx = await download(api, `/api/v1/payments/export/?format=xlsx&date_from=2023-01-01&date_to=${xlsxTo}`, token);
    if (xlsx.status !== 200) throw new Error(`XLSX export answered ${xlsx.status}`);
    const xlsxRows = Number((await db.pool.query(`SELECT count(*)::int AS n FROM payments WHERE date <= $1::date`, [xlsxTo])).rows[0].n);

    const csvRate = csv.rows / (csv.ms / 1000);
    const rowsOk = csv.rows === PAYMENTS;
    const rssOk = csv.peakRssMb < RSS_TARGET_MB;
    const rateOk = csvRate >= RATE_TARGET;
    failed = !(rowsOk && rssOk && rateOk);
    out('GET /api/v1/payments/export/ over HTTP:');
    table(
      ['export', 'rows', 'seconds', 'rows/s', 'peak RSS MB', 'RSS before MB', 'bytes', 'target', 'result'],
      [
        [
          'CSV, all payments',
          csv.rows.toLocaleString('en'),
          (csv.ms / 1000).toFixed(1),
          Math.round(csvRate).toLocaleString('en'),
          csv.peakRssMb.toFixed(0),
          csv.baselineRssMb.toFixed(0),
          csv.bytes.toLocaleString('en'),
          `${PAYMENTS.toLocaleString('en')} rows, < ${RSS_TARGET_MB} MB, >= ${RATE_TARGET.toLocaleString('en')}/s`,
          rowsOk && rssOk && rateOk ? 'OK' : `FAIL${rowsOk ? '' : ' rows'}${rssOk ? '' : ' RSS'}${rateOk ? '' : ' rate'}`,
        ],
        [
          `XLSX, ${xlsxRows.toLocaleString('en')} payments`,
          xlsxRows.toLocaleString('en'),
          (xlsx.ms / 1000).toFixed(1),
          Math.round(xlsxRows / (xlsx.ms / 1000)).toLocaleString('en'),
          xlsx.peakRssMb.toFixed(0),
          xlsx.baselineRssMb.toFixed(0),
          xlsx.bytes.toLocaleString('en'),
          'information',
          '-',
        ],
      ],
    );
    out(`  (RSS of the API process, /proc/${api.pid}/status VmRSS every 100 ms; rows counted as CRLF lines received, header excluded)`);
  } finally {
    await api?.stop().catch(() => undefined);
    await db?.close();
    await embedded.stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:payments export: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(2);
});
