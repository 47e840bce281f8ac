import { NOTICE_FILES } from '../modules/notices/send-notice-group.ts';
import type { FileStorage } from '../integrations/storage/index.ts';
import { STATEMENT_FILES } from '../modules/payments/statements/statement-file.ts';
import type { PrismaClient } from './prisma.ts';

// The demo seed of a first start runs for minutes in thousands of transactions (it makes the loan
// book through the engine's use cases and imports statements as the job does), so it cannot be
// one transaction. It is all-or-nothing by a marker instead (docs/decisions/0041): before writing
// anything it records what the database held (the tables with rows — migrations, reference data,
// the bundled addresses — the positions of the sequences and of the job queue); at its end it
// records that it completed. A start that finds a seed started and not completed knows that the
// one before it was stopped halfway, and puts the database back as it was before the seed, in
// one transaction, so that the seed can run again on an empty database.
//
// The marker lives in a schema of its own, outside Prisma's (`public`): no migration, and
// Prisma never sees it.

const SCHEMA = 'lending_startup';
const TABLE = `${SCHEMA}.demo_seed`;
const JOBS = 'graphile_worker.jobs';

interface Snapshot {
  /** Tables of `public` that held rows when the seed began: kept as they are. */
  keptTables: string[];
  sequences: { name: string; lastValue: string | null; startValue: string }[];
  /** The newest job queued before the seed (null: no queue yet). */
  lastJobId: string | null;
}

type Db = Pick<PrismaClient, '$queryRawUnsafe' | '$executeRawUnsafe'>;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The tables of `public` (partitions are emptied with their parent). */
async function publicTables(db: Db): Promise<string[]> {
  const rows = await db.$queryRawUnsafe<{ name: string }[]>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

async function exists(db: Db, relation: string): Promise<boolean> {
  const [row] = await db.$queryRawUnsafe<{ found: string | null }[]>(`SELECT to_regclass($1)::text AS found`, relation);
  return Boolean(row?.found);
}

async function takeSnapshot(db: Db): Promise<Snapshot> {
  const tables = await publicTables(db);
  const kept = tables.length
    ? await db.$queryRawUnsafe<{ name: string }[]>(
        tables.map((t) => `SELECT '${t.replaceAll("'", "''")}' AS name WHERE EXISTS (SELECT 1 FROM public.${quote(t)})`).join(' UNION ALL '),
      )
    : [];
  const sequences = await db.$queryRawUnsafe<{ name: string; lastValue: string | null; startValue: string }[]>(
    `SELECT sequencename AS name, last_value::text AS "lastValue", start_value::text AS "startValue" FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
  );
  const lastJobId = (await exists(db, JOBS)) ? ((await db.$queryRawUnsafe<{ id: string }[]>(`SELECT coalesce(max(id), 0)::text AS id FROM ${JOBS}`))[0]?.id ?? '0') : null;
  return { keptTables: kept.map((k) => k.name).sort(), sequences, lastJobId };
}

/** Records that the demo seed begins, with what the database holds before it. */
export async function markSeedStarted(db: Db): Promise<void> {
  await db.$executeRawUnsafe(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`);
  await db.$executeRawUnsafe(
    `CREATE TABLE IF NOT EXISTS ${TABLE} (
       id boolean PRIMARY KEY DEFAULT true CHECK (id),
       started_at timestamptz NOT NULL DEFAULT now(),
       completed_at timestamptz,
       snapshot jsonb NOT NULL)`,
  );
  const snapshot = await takeSnapshot(db);
  await db.$executeRawUnsafe(
    `INSERT INTO ${TABLE} (snapshot) VALUES ($1::jsonb)
       ON CONFLICT (id) DO UPDATE SET started_at = now(), completed_at = NULL, snapshot = excluded.snapshot`,
    JSON.stringify(snapshot),
  );
}

/** Records that the demo seed has written everything. */
export async function markSeedCompleted(db: Db): Promise<void> {
  await db.$executeRawUnsafe(`UPDATE ${TABLE} SET completed_at = now()`);
}

/** When an earlier start began the demo seed and never completed it: when it began. */
export async function interruptedSeed(db: Db): Promise<{ startedAt: Date } | null> {
  if (!(await exists(db, TABLE))) return null;
  const [row] = await db.$queryRawUnsafe<{ started_at: Date }[]>(`SELECT started_at FROM ${TABLE} WHERE completed_at IS NULL`);
  return row ? { startedAt: row.started_at } : null;
}

/** True when the demo seed ran to its end in this database (databases seeded before the marker say false). */
export async function seedCompleted(db: Db): Promise<boolean> {
  if (!(await exists(db, TABLE))) return false;
  const [row] = await db.$queryRawUnsafe<{ done: boolean }[]>(`SELECT completed_at IS NOT NULL AS done FROM ${TABLE}`);
  return row?.done ?? false;
}

/**
 * Puts the database back as it was before an interrupted demo seed: first the files the seed
 * stored (the bank statements it imported and the notices' PDFs it sent: every file of their folder, those its rows name and
 * those an upload killed before its row committed left unnamed — nobody but the seed stores files
 * before the first start has finished), then in one transaction empties every table that was
 * empty before the seed (its rows and nothing else), restarts the sequences where they stood,
 * removes the jobs it queued, and the marker. A stop in between leaves the marker, so the next
 * start discards again; never a completed demo missing its files. Returns the number of tables
 * emptied. Refuses (throws) rather than touch a table that held rows before the seed.
 */
export async function discardInterruptedSeed(prisma: PrismaClient, storage: FileStorage): Promise<number> {
  const [marker] = await prisma.$queryRawUnsafe<{ snapshot: Snapshot }[]>(`SELECT snapshot FROM ${TABLE} WHERE completed_at IS NULL`);
  if (!marker) return 0;
  if (!marker.snapshot.keptTables.includes('payment_statements')) {
    for await (const file of storage.list(STATEMENT_FILES)) await storage.delete(file.key);
    // A statement being written when the seed was killed left its temporary file (nothing else
    // writes there while the demo is seeded: the product answers 503 until it is complete).
    await storage.discardIncomplete(STATEMENT_FILES);
  }
  // The PDFs of the notices its collections history sent (docs/decisions/0048), likewise.
  if (!marker.snapshot.keptTables.includes('notices')) {
    for await (const file of storage.list(NOTICE_FILES)) await storage.delete(file.key);
    await storage.discardIncomplete(NOTICE_FILES);
  }
  return prisma.$transaction(
    async (tx) => {
      const [row] = await tx.$queryRawUnsafe<{ snapshot: Snapshot }[]>(`SELECT snapshot FROM ${TABLE} WHERE completed_at IS NULL FOR UPDATE`);
      if (!row) return 0;
      const { keptTables, sequences, lastJobId } = row.snapshot;
      const kept = new Set(keptTables);
      const seeded = (await publicTables(tx)).filter((t) => !kept.has(t));
      // No CASCADE: were a kept table to reference one of these, PostgreSQL refuses, and so do we.
      if (seeded.length) await tx.$executeRawUnsafe(`TRUNCATE TABLE ${seeded.map((t) => `public.${quote(t)}`).join(', ')} RESTART IDENTITY`);
      for (const s of sequences) {
        await tx.$executeRawUnsafe(`SELECT setval($1::regclass, $2::bigint, $3)`, `public.${quote(s.name)}`, s.lastValue ?? s.startValue, s.lastValue !== null);
      }
      if (lastJobId !== null && (await exists(tx, JOBS))) {
        await tx.$executeRawUnsafe(`SELECT graphile_worker.complete_jobs(array(SELECT id FROM ${JOBS} WHERE id > $1::bigint))`, lastJobId);
      }
      await tx.$executeRawUnsafe(`DELETE FROM ${TABLE}`);
      return seeded.length;
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}
