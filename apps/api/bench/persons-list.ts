// Latency of GET /api/v1/persons/'s use case on 100,000 persons: a throw-away embedded
// PostgreSQL, migrations, 100k realistic Czech persons (valid birth numbers and IČO, phones,
// e-mails, ~30 % in deals, ~1 % blacklisted), then each scenario of the persons list run one
// query after another. Prints p50/p95 per scenario; exits 1 when a p95 misses the target.
//   pnpm bench:persons            (from the repository root)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PersonListQuery } from '@lending/contracts';
import { defaultRootDir } from '../src/config.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrateDeploy } from '../src/db/migrate.ts';
import { connectDatabase } from '../src/db/prisma.ts';
import { systemActor } from '../src/domain/actor.ts';
import { seededRandom } from '../src/integrations/address/data/generate-addresses.ts';
import { Prisma } from '../src/generated/prisma/client.ts';
import { listPersons, personListSql } from '../src/modules/persons/list-persons.ts';
import { generatePersons, type GeneratedPersons } from './generate-persons.ts';

const PERSONS = Number(process.env.BENCH_PERSONS ?? 100_000);
// BENCH_EXPLAIN=1 prints the plans of each scenario's count and page queries.
const EXPLAIN = Boolean(process.env.BENCH_EXPLAIN);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARM_UP = 20;
const TARGET_P95_MS = 100;

const out = (line = '') => process.stdout.write(`${line}\n`);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ascii = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

type Scenario = { name: string; filters: (random: () => number) => Partial<PersonListQuery> };

function scenarios(data: GeneratedPersons): Scenario[] {
  const pick = <T>(list: T[], random: () => number) => list[Math.floor(random() * list.length)]!;
  return [
    { name: 'no filter', filters: () => ({}) },
    {
      name: 'search by surname',
      filters: (random) => {
        const surname = pick(data.surnames, random);
        // As staff type it: whole or a prefix of 3+ letters, half the time without diacritics.
        const typed = random() < 0.5 ? surname : surname.slice(0, Math.max(3, Math.ceil(surname.length * random())));
        return { search: random() < 0.5 ? ascii(typed) : typed };
      },
    },
    {
      name: 'search by birth number prefix',
      filters: (random) => {
        const number = pick(data.birthNumbers, random);
        const roll = random();
        return { search: roll < 0.4 ? number.slice(0, 6) : roll < 0.7 ? number.slice(0, 4) : `${number.slice(0, 6)}/${number.slice(6)}` };
      },
    },
    { name: 'has_deal=true', filters: () => ({ has_deal: true }) },
    { name: 'is_blacklisted=true', filters: () => ({ is_blacklisted: true }) },
    { name: 'ordering=-created_at page 200', filters: () => ({ page: 200 }) },
  ];
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-bench-pg-'));
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), persistent: false });
  let db: ReturnType<typeof connectDatabase> | null = null;
  try {
    await ensureDatabase(embedded.url, 'bench');
    const url = embedded.url('bench');
    await migrateDeploy(defaultRootDir(), url);
    db = connectDatabase(url);
    // An idle connection cut while the server stops must not crash the run after the figures.
    db.pool.on('error', (error) => process.stderr.write(`PostgreSQL connection: ${error.message}\n`));
    const loadStart = performance.now();
    const data = await generatePersons(db.pool, PERSONS);
    // A live database is vacuumed by autovacuum: the visibility map lets counts use index-only scans.
    await db.pool.query('VACUUM ANALYZE');
    const [counts] = (
      await db.pool.query<{ persons: number; deals: number; in_deals: number; blacklisted: number }>(
        `SELECT (SELECT count(*) FROM persons)::int AS persons, (SELECT count(*) FROM deals)::int AS deals,
                (SELECT count(DISTINCT person_id) FROM deal_participants)::int AS in_deals, (SELECT count(DISTINCT person_id) FROM blacklist_entries)::int AS blacklisted`,
      )
    ).rows;
    out(`Loaded ${counts!.persons} persons (${counts!.in_deals} in ${counts!.deals} deals, ${counts!.blacklisted} blacklisted) in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);

    const deps = { prisma: db.prisma };
    const base: PersonListQuery = { page: 1, page_size: 20, ordering: [{ field: 'created_at', direction: 'desc' }] };
    let failed = false;
    out(`Runs per scenario: ${RUNS} (sequential, page_size 20, after ${WARM_UP} warm-up runs)`);
    for (const scenario of scenarios(data)) {
      const rnd = seededRandom(7);
      const timings: number[] = [];
      let found = 0;
      for (let i = 0; i < WARM_UP + RUNS; i++) {
        const filters = { ...base, ...scenario.filters(rnd) };
        const start = performance.now();
        const page = await listPersons(deps, systemActor('bench'), filters);
        const ms = performance.now() - start;
        if (i >= WARM_UP) {
          timings.push(ms);
          found += page.count;
        }
      }
      if (EXPLAIN) {
        const filters = { ...base, ...scenario.filters(seededRandom(7)) };
        const sql = personListSql(filters);
        for (const query of [sql.count, sql.page((filters.page - 1) * filters.page_size, filters.page_size)]) {
          const plan = await db.prisma.$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`);
          out(plan.map((row) => `      ${row['QUERY PLAN']}`).join('\n'));
        }
      }
      timings.sort((a, b) => a - b);
      const p95 = percentile(timings, 95);
      if (p95 >= TARGET_P95_MS) failed = true;
      out(
        `  ${scenario.name.padEnd(32)} p50 ${percentile(timings, 50).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   max ${timings.at(-1)!.toFixed(1).padStart(6)} ms   avg count ${Math.round(found / RUNS)}`,
      );
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
