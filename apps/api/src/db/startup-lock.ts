import pg from 'pg';

// Any constant shared by the replicas (distinct from the address loader's).
const STARTUP_LOCK = 7_301_123;

/**
 * Runs `work` (migrations, the first seed) while holding a session-level advisory lock on the
 * database, so that replicas starting together do it one after another: the first applies the
 * migrations and seeds, the others then find nothing left to do. The lock lives on a connection
 * of its own and ends with it, also when this process dies halfway.
 */
export async function withStartupLock<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // An error of the idle lock connection (the server restarting) must not crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}
