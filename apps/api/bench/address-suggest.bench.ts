// Latency of POST /api/v1/address/suggest's use case against the bundled address list:
// a throw-away embedded PostgreSQL, migrations, the list, then ≥ 1,000 realistic queries
// (typed prefixes of real addresses, with and without diacritics, every field type, a few
// typos), one after another. Prints p50/p95/p99; exits 1 when p95 misses the target.
//   pnpm bench:address            (from the repository root)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressSuggestionValue, AddressSuggestRequest } from '@lending/contracts';
import { defaultRootDir, loadConfig } from '../src/config.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrateDeploy } from '../src/db/migrate.ts';
import { connectDatabase } from '../src/db/prisma.ts';
import { systemActor } from '../src/domain/actor.ts';
import { generateCzechAddresses, seededRandom, type BundledAddress } from '../src/integrations/address/data/generate-addresses.ts';
import { loadBundledAddresses } from '../src/integrations/address/load-bundled-addresses.ts';
import { foldForSearch } from '../src/integrations/address/normalize.ts';
import { createLogger } from '../src/logger.ts';
import { suggestAddresses } from '../src/modules/address/suggest-addresses.ts';

const QUERIES = Number(process.env.BENCH_QUERIES ?? 1500);
const WARM_UP = 100;
const TARGET_P95_MS = 30;

const out = (line = '') => process.stdout.write(`${line}\n`);

/** What a person has typed so far: a prefix of 3 characters or more, half the time without diacritics. */
function typed(text: string, random: () => number): string {
  const length = Math.max(3, Math.floor(text.length * (0.3 + random() * 0.7)));
  let prefix = text.slice(0, length);
  if (random() < 0.5) prefix = prefix.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return prefix;
}

function makeQueries(addresses: BundledAddress[], count: number): AddressSuggestRequest[] {
  const random = seededRandom(42);
  const pick = () => addresses[Math.floor(random() * addresses.length)]!;
  const queries: AddressSuggestRequest[] = [];
  for (let i = 0; i < count; i++) {
    const a = pick();
    const street = a.street ?? a.city;
    const place = a.cityPart ?? a.city;
    const roll = random();
    let fieldType: AddressSuggestionValue;
    let values: AddressSuggestRequest['values'];
    if (roll < 0.45) {
      fieldType = 'WHOLE_ADDRESS';
      values = { WHOLE_ADDRESS: typed(a.wholeAddress, random) };
    } else if (roll < 0.6) {
      // "Masarykova 12 Brno": street, number and town in any order people type them.
      fieldType = 'WHOLE_ADDRESS';
      const orientation = a.number.split('/')[1] ?? a.number;
      values = { WHOLE_ADDRESS: typed(`${street} ${orientation} ${place}`, random) };
    } else if (roll < 0.7) {
      fieldType = 'STREET';
      values = { STREET: typed(street, random), CITY: random() < 0.5 ? place : '' };
    } else if (roll < 0.8) {
      fieldType = 'STREET_AND_NUMBER';
      values = { STREET_AND_NUMBER: typed(`${street} ${a.number}`, random), CITY: place, ZIP: a.zip };
    } else if (roll < 0.9) {
      fieldType = 'CITY';
      values = { CITY: typed(place, random) };
    } else {
      fieldType = 'ZIP';
      values = { ZIP: a.zip.slice(0, 3 + Math.floor(random() * 3)) };
    }
    queries.push({ id: i, fieldType, values, country: 'CZ', limit: 10 });
  }
  return queries;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

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
    const loaded = await loadBundledAddresses(db.prisma);
    out(`Loaded ${loaded} bundled addresses in ${(performance.now() - loadStart).toFixed(0)} ms`);

    const deps = { config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url }, defaultRootDir()), prisma: db.prisma, logger: createLogger('silent') };
    const queries = makeQueries(generateCzechAddresses(), WARM_UP + QUERIES);
    const actor = systemActor('address-suggest-bench');
    for (const q of queries.slice(0, WARM_UP)) await suggestAddresses(deps, actor, { search: q });

    const timings: number[] = [];
    const slowest: { ms: number; q: AddressSuggestRequest }[] = [];
    const byField = new Map<string, number[]>();
    let empty = 0;
    let found = 0;
    for (const q of queries.slice(WARM_UP)) {
      const start = performance.now();
      const answer = await suggestAddresses(deps, actor, { search: q });
      const ms = performance.now() - start;
      timings.push(ms);
      slowest.push({ ms, q });
      const list = byField.get(q.fieldType) ?? [];
      list.push(ms);
      byField.set(q.fieldType, list);
      if (answer.suggestions.length === 0) empty++;
      // Was the address the query came from (or its town/street) among the suggestions?
      const wanted = foldForSearch(Object.values(q.values).join(' ')).split(' ')[0] ?? '';
      if (answer.suggestions.some((s) => foldForSearch(s.values.WHOLE_ADDRESS).includes(wanted))) found++;
    }
    timings.sort((a, b) => a - b);
    const p95 = percentile(timings, 95);
    out(`Queries: ${timings.length} (sequential, limit 10), no suggestion for ${empty}, first typed word in a suggestion for ${found}`);
    out(`p50 ${percentile(timings, 50).toFixed(2)} ms   p95 ${p95.toFixed(2)} ms   p99 ${percentile(timings, 99).toFixed(2)} ms   max ${timings.at(-1)!.toFixed(2)} ms`);
    for (const [field, list] of [...byField].sort()) {
      list.sort((a, b) => a - b);
      out(`  ${field.padEnd(18)} n=${String(list.length).padStart(4)}  p50 ${percentile(list, 50).toFixed(2)} ms  p95 ${percentile(list, 95).toFixed(2)} ms`);
    }
    out('Slowest:');
    for (const { ms, q } of slowest.sort((a, b) => b.ms - a.ms).slice(0, 5)) out(`  ${ms.toFixed(1)} ms  ${q.fieldType} ${JSON.stringify(q.values)}`);
    out(p95 < TARGET_P95_MS ? `OK: p95 under ${TARGET_P95_MS} ms` : `TOO SLOW: p95 is not under ${TARGET_P95_MS} ms`);
    if (p95 >= TARGET_P95_MS) process.exitCode = 1;
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
