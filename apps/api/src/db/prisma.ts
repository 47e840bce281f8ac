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

export function connectDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  const prisma = new PrismaClient({ adapter: new SerialTransactionsPg(pool) });
  return {
    prisma,
    pool,
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
    },
  };
}
