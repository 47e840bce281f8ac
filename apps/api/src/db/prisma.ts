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
  pool.on('error', (error) => options.onIdleError?.(error));
  const prisma = new PrismaClient({ adapter: new SerialTransactionsPg(pool) });
  return {
    prisma,
    pool,
    async close() {
      await prisma.$disconnect().catch(() => undefined);
      await pool.end().catch(() => undefined);
    },
  };
}
