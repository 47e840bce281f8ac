import type { Logger } from 'pino';
import type pg from 'pg';
import type { Config } from './config.ts';
import type { PrismaClient } from './db/prisma.ts';
import type { Secrets } from './secrets.ts';

/** Everything a use case may need, passed explicitly: no module reads globals. */
export interface Deps {
  config: Config;
  secrets: Secrets;
  prisma: PrismaClient;
  pool: pg.Pool;
  /**
   * A pool on the streaming replica when DATABASE_READ_URL is set (unset otherwise). Never query
   * it directly: reports, exports and dashboard aggregates ask readSource (db/read-replica.ts),
   * which answers the primary's pool while the replica lags, is down or is no standby.
   */
  readPool?: pg.Pool;
  logger: Logger;
  /** Set while the server shuts down: readiness answers 503, connections close after their answer. */
  lifecycle: { draining: boolean };
  /** Migration names shipped with this build, for readiness checks. */
  migrations: string[];
  version: string;
  startedAt: Date;
  now: () => Date;
}
