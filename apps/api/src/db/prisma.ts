import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.ts';
import { SerialTransactionsPg } from './serial-transactions.ts';

export type { PrismaClient };

export interface Database {
  prisma: PrismaClient;
  /** The pool behind Prisma, for health figures (total, idle, waiting). */
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  max?: number;
  /** Told about errors of idle connections (the server went away); they are never thrown. */
  onIdleError?: (error: Error) => void;
}

export function connectDatabase(url: string, options: DatabaseOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // While the database is away a request fails fast (answered 503) instead of queueing for ever.
    connectionTimeoutMillis: 5_000,
  });
  // pg emits 'error' for an idle client whose server ended it (a restart, an administrator's
  // shutdown). Without a listener that is an uncaught exception that kills the process; the pool
  // has already dropped the client, and the next query opens a new connection.
  // Once closing, a connection the server ends is expected, not news.
  let closing = false;
  pool.on('error', (error) => {
    if (!closing) options.onIdleError?.(error);
  });
  // pool.end() resolves once every client is released and told to end, not once its connection
  // is closed: the connections still open are awaited, so that a PostgreSQL stopped right after
  // close() (the embedded one, at shutdown) finds no session left to terminate.
  const open = new Set<pg.Client>();
  pool.on('connect', (client) => {
    open.add(client);
    client.once('end', () => open.delete(client));
  });
  const prisma = new PrismaClient({ adapter: new SerialTransactionsPg(pool) });
  return {
    prisma,
    pool,
    async close() {
      closing = true;
      await prisma.$disconnect().catch(() => undefined);
      await pool.end().catch(() => undefined);
      const closed = Promise.all([...open].map((client) => new Promise((resolve) => client.once('end', resolve))));
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    },
  };
}
