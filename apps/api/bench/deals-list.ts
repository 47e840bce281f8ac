// Latency of GET /api/v1/deals/'s use case on 200,000 deals (docs/decisions/0022): a throw-away
// embedded PostgreSQL, migrations, persons and deals over every type and state (days past due,
// breaches, flags, settings, participants, ~15 claims per running deal), then each filter of the
// list and the default page run one query after another. Prints p50/p95 per scenario (and with
// BENCH_EXPLAIN=1 the plans); exits 1 when a p95 misses 50 ms.
//   node apps/api/bench/deals-list.ts      (BENCH_DEALS=200000, BENCH_RUNS=100)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { defaultRootDir } from '../src/config.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrateDeploy } from '../src/db/migrate.ts';
import { connectDatabase } from '../src/db/prisma.ts';
import { seededRandom } from '../src/integrations/address/data/generate-addresses.ts';
import { Prisma } from '../src/generated/prisma/client.ts';
import { dealListSql, listDeals, type DealListQuery } from '../src/modules/deals/list-deals.ts';
import { generatePersons, type GeneratedPersons } from './generate-persons.ts';

const DEALS = Number(process.env.BENCH_DEALS ?? 200_000);
const EXPLAIN = Boolean(process.env.BENCH_EXPLAIN);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const WARM_UP = 10;
const TARGET_P95_MS = 50;
const NOW = new Date(Date.UTC(2026, 10, 20, 9));

const out = (line = '') => process.stdout.write(`${line}\n`);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Deals, participants and claims in set-based SQL (deterministic: setseed). */
async function generateDeals(pool: pg.Pool, count: number): Promise<void> {
  await pool.query(`SELECT setseed(0.24)`);
  // generatePersons made ~30 % of the persons a deal; top up to `count` deals.
  await pool.query(`
    INSERT INTO deals (type, state, value, created_at, updated_at)
    SELECT (enum_range(NULL::"DealType"))[1 + floor(random() * 12)::int],
           (ARRAY['NEW_APPLICATION','CONTRACT_COMPLETION','CONTRACT_SIGN','ACTIVE','ACTIVE','ACTIVE','ACTIVE','ACTIVE','CLOSED','CLOSED','CLOSED_APPLICATION','FILED_FOR_INSOLVENCY']::"DealState"[])[1 + floor(random() * 12)::int],
           round((30000 + random() * 3000000)::numeric, 2), now(), now()
    FROM generate_series(1, greatest(0, ${count} - (SELECT count(*) FROM deals)))`);
  // Every deal: believable fields for its state.
  await pool.query(`
    UPDATE deals d SET
      created_at = timestamptz '2026-11-20' - (random() * interval '6 years'),
      contract_number = CASE WHEN d.state NOT IN ('NEW_APPLICATION','CLOSED_APPLICATION') THEN 'SU-' || (2020 + d.id % 7) || '-' || lpad(d.id::text, 6, '0') END,
      variable_symbol = (1000000000 + d.id * 7)::text,
      external_id = CASE WHEN d.id % 2 = 0 THEN 'PD-' || d.id END,
      closed_reason = CASE WHEN d.state = 'CLOSED' THEN (enum_range(NULL::"DealClosedReason"))[1 + floor(random() * 17)::int] END,
      days_past_due = CASE WHEN d.state IN ('ACTIVE','FILED_FOR_INSOLVENCY') THEN
        (CASE WHEN random() < 0.78 THEN 0 WHEN random() < 0.5 THEN floor(random() * 30 + 1) WHEN random() < 0.5 THEN floor(random() * 60 + 31) ELSE floor(random() * 900 + 91) END)::int ELSE 0 END,
      abp = random() < 0.03,
      insolvency = d.state = 'FILED_FOR_INSOLVENCY' OR random() < 0.01,
      liquidated = random() < 0.01,
      settings = CASE WHEN random() < 0.05 THEN ARRAY['DISABLE_NON_PAYING_NOTICE']::"NoticeDisablingSetting"[]
                      WHEN random() < 0.02 THEN ARRAY['DISABLE_NOTARIAL_DEED_NOTICE','DISABLE_BLOCKAGE_AGREEMENT_NOTICE']::"NoticeDisablingSetting"[] ELSE '{}' END`);
  await pool.query(`UPDATE deals SET updated_at = created_at + random() * interval '300 days'`);
  await pool.query(`
    UPDATE deals SET breach_types = (CASE WHEN days_past_due > 30 THEN ARRAY['NON_PAYING']::"BreachType"[] ELSE '{}' END)
      || (CASE WHEN state = 'ACTIVE' AND random() < 0.02 THEN ARRAY['UNDELIVERED_NOTARIAL_DEED']::"BreachType"[] ELSE '{}' END)`);
  // A borrower for the deals generatePersons left without one, co-debtors for some.
  await pool.query(`
    INSERT INTO deal_participants (deal_id, person_id, role, updated_at)
    SELECT d.id, (SELECT min(id) FROM persons) + floor(random() * (SELECT count(*) FROM persons))::int, (CASE WHEN random() < 0.5 THEN 'BORROWER' ELSE 'DEBTOR' END)::"PersonRole", now()
    FROM deals d WHERE NOT EXISTS (SELECT 1 FROM deal_participants dp WHERE dp.deal_id = d.id)
    ON CONFLICT DO NOTHING`);
  // Monthly claims of running deals: principal and interest of 15 instalments, the older ones paid
  // (paid_amount is the allocation trigger's: paid claims get an allocation of a payment).
  await pool.query(`
    INSERT INTO claims (deal_id, type, due_date, amount, updated_at)
    SELECT d.id, t.type, (d.created_at AT TIME ZONE 'Europe/Prague')::date + (n || ' months')::interval, round(d.value / (CASE WHEN t.type = 'PRINCIPAL' THEN 36 ELSE 120 END), 2), now()
    FROM deals d CROSS JOIN generate_series(1, 15) n CROSS JOIN (VALUES ('PRINCIPAL'::"ClaimType"), ('INTEREST'::"ClaimType")) t(type)
    WHERE d.state IN ('ACTIVE','CLOSED','FILED_FOR_INSOLVENCY') AND d.id % 2 = 0`);
}

type Scenario = { name: string; filters: (random: () => number) => Partial<DealListQuery> };

function scenarios(data: GeneratedPersons, maxId: number): Scenario[] {
  const pick = <T>(list: readonly T[], random: () => number) => list[Math.floor(random() * list.length)]!;
  const id = (random: () => number) => 1 + Math.floor(random() * maxId);
  return [
    { name: 'default page', filters: () => ({}) },
    { name: 'page 500', filters: () => ({ page: 500 }) },
    { name: 'abp=true', filters: () => ({ abp: true }) },
    { name: 'breach_type=NON_PAYING', filters: () => ({ breach_type: ['NON_PAYING'] }) },
    { name: 'closed_reason', filters: (r) => ({ closed_reason: [pick(['CLOSED_DULY', 'CLOSED_REFINANCED', 'OTHER'] as const, r)] }) },
    { name: 'days_past_due=91+', filters: () => ({ days_past_due: [{ min: 91, max: null }] }) },
    { name: 'days_past_due=0', filters: () => ({ days_past_due: [{ min: 0, max: 0 }] }) },
    { name: 'days_past_due=1-30,31-60', filters: () => ({ days_past_due: [{ min: 1, max: 30 }, { min: 31, max: 60 }] }) },
    { name: 'external_id (3)', filters: (r) => ({ external_id: [`PD-${2 * id(r)}`, `PD-${2 * id(r)}`, `PD-${2 * id(r)}`] }) },
    { name: 'id', filters: (r) => ({ id: [id(r)] }) },
    { name: 'insolvency=true', filters: () => ({ insolvency: true }) },
    { name: 'liquidated=false', filters: () => ({ liquidated: false }) },
    { name: 'person', filters: (r) => ({ person: 1 + Math.floor(r() * 150_000) }) },
    { name: 'search surname', filters: (r) => ({ search: pick(data.surnames, r).normalize('NFD').replace(/[\u0300-\u036f]/g, '') }) },
    { name: 'search birth number', filters: (r) => ({ search: pick(data.birthNumbers, r) }) },
    {
      name: 'search contract number',
      filters: (r) => {
        const n = id(r);
        return { search: `SU-${2020 + (n % 7)}-${String(n).padStart(6, '0')}` };
      },
    },
    { name: 'search contract number part', filters: (r) => ({ search: String(id(r)).padStart(6, '0') }) },
    { name: 'search variable symbol', filters: (r) => ({ search: String(1_000_000_000 + id(r) * 7) }) },
    { name: 'settings_on', filters: () => ({ settings_on: ['DISABLE_NON_PAYING_NOTICE'] }) },
    { name: 'settings_off', filters: () => ({ settings_off: ['DISABLE_NON_PAYING_NOTICE'] }) },
    { name: 'state=ACTIVE', filters: () => ({ state: ['ACTIVE'] }) },
    { name: 'state=CONTRACT_SIGN', filters: () => ({ state: ['CONTRACT_SIGN'] }) },
    { name: 'type=LEASE', filters: () => ({ type: ['LEASE'] }) },
    { name: 'value 100000–200000', filters: () => ({ value_from: '100000.00', value_to: '200000.00' }) },
    { name: 'value_from 2900000', filters: () => ({ value_from: '2900000.00' }) },
    { name: 'ordering=-days_past_due', filters: () => ({ ordering: [{ field: 'days_past_due', direction: 'desc' }] }) },
    { name: 'ordering=value', filters: () => ({ ordering: [{ field: 'value', direction: 'asc' }] }) },
    { name: 'ordering=state', filters: () => ({ ordering: [{ field: 'state', direction: 'asc' }] }) },
    { name: 'state=ACTIVE, ordering=-value', filters: () => ({ state: ['ACTIVE'], ordering: [{ field: 'value', direction: 'desc' }] }) },
  ];
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-bench-deals-'));
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), persistent: false });
  let db: ReturnType<typeof connectDatabase> | null = null;
  try {
    await ensureDatabase(embedded.url, 'bench');
    const url = embedded.url('bench');
    await migrateDeploy(defaultRootDir(), url);
    db = connectDatabase(url);
    db.pool.on('error', (error) => process.stderr.write(`PostgreSQL connection: ${error.message}\n`));
    const loadStart = performance.now();
    const data = await generatePersons(db.pool, 150_000);
    await generateDeals(db.pool, DEALS);
    await db.pool.query('VACUUM ANALYZE');
    const [counts] = (
      await db.pool.query<{ deals: number; claims: number; participants: number; max_id: number }>(
        `SELECT (SELECT count(*) FROM deals)::int AS deals, (SELECT count(*) FROM claims)::int AS claims,
                (SELECT count(*) FROM deal_participants)::int AS participants, (SELECT max(id) FROM deals)::int AS max_id`,
      )
    ).rows;
    out(`Loaded ${counts!.deals} deals, ${counts!.participants} participants, ${counts!.claims} claims in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);

    const deps = { prisma: db.prisma, now: () => NOW };
    const base: DealListQuery = { page: 1, page_size: 20, ordering: [{ field: 'created_at', direction: 'desc' }] };
    let failed = false;
    out(`Runs per scenario: ${RUNS} (sequential, page_size 20, after ${WARM_UP} warm-up runs)`);
    for (const scenario of scenarios(data, counts!.max_id)) {
      const rnd = seededRandom(7);
      const timings: number[] = [];
      let found = 0;
      for (let i = 0; i < WARM_UP + RUNS; i++) {
        const filters = { ...base, ...scenario.filters(rnd) };
        const start = performance.now();
        const page = await listDeals(deps, filters, 'http://localhost/api/v1/deals/');
        const ms = performance.now() - start;
        if (i >= WARM_UP) {
          timings.push(ms);
          found += page.count;
        }
      }
      timings.sort((a, b) => a - b);
      const p95 = percentile(timings, 95);
      if (p95 >= TARGET_P95_MS) failed = true;
      out(
        `  ${scenario.name.padEnd(34)} p50 ${percentile(timings, 50).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   max ${timings.at(-1)!.toFixed(1).padStart(6)} ms   avg count ${Math.round(found / RUNS)}`,
      );
      if (EXPLAIN) {
        const filters = { ...base, ...scenario.filters(seededRandom(7)) };
        const sql = dealListSql(filters, new Date('2026-11-20T00:00:00Z'));
        for (const query of [sql.count, sql.page((filters.page - 1) * filters.page_size, filters.page_size)]) {
          const plan = await db.prisma.$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`);
          out(plan.map((row) => `      ${row['QUERY PLAN']}`).join('\n'));
        }
      }
    }
    out(failed ? `TOO SLOW: some p95 is not under ${TARGET_P95_MS} ms` : `OK: every p95 under ${TARGET_P95_MS} ms`);
    if (failed) process.exitCode = 1;
  } finally {
    await db?.close();
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
