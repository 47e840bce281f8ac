// A real PostgreSQL primary with a real hot standby streaming from it, both throw-away, for
// tests and benchmarks of reads off the primary (src/db/read-replica.ts).
//
// The embedded binaries have no pg_basebackup, so the standby's base backup is taken with
// PostgreSQL's low-level API ("Making a Base Backup Using the Low Level API" in the manual): on
// one session pg_backup_start, a file copy of the running primary's data directory,
// pg_backup_stop, whose backup_label goes into the copy. A physical replication slot made
// first keeps every WAL segment from before the backup until the standby has streamed it.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { embeddedServerCommand, freePort, killGroup, launchPostgres, startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';

export interface StreamingReplica {
  primary: EmbeddedDatabase;
  /** `postgresql://postgres:postgres@127.0.0.1:<port>/<database>` of the standby. */
  replicaUrl(database: string): string;
  /** The standby postmaster's process id while it runs. */
  replicaPid(): number | null;
  /** Waits until the standby has replayed all the WAL the primary has written so far. */
  waitForReplay(timeoutMs?: number): Promise<void>;
  /** Stops the standby (fast shutdown: its clients are disconnected), as an outage would. */
  stopReplica(): Promise<void>;
  /** Stops both servers and removes their data. */
  stop(): Promise<void>;
}

const SLOT = 'streaming_replica_test';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
/** The primary's embedded user (src/db/embedded.ts). */
const USER = 'postgres';
const PASSWORD = 'postgres';

/** Left empty in the copy (the manual's list): the standby makes their contents itself. */
const EMPTIED = new Set(['pg_wal', 'pg_replslot', 'pg_stat_tmp', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_subtrans']);
/** Not copied at all: the running primary's, or made from pg_backup_stop's answer. */
const SKIPPED = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'backup_label.old']);

export async function startStreamingReplica(options: { onLog?: (line: string) => void } = {}): Promise<StreamingReplica> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-replica-'));
  const { postgres, ids } = await embeddedServerCommand();
  let primary: EmbeddedDatabase | null = null;
  let standby: ChildProcess | null = null;
  const replicaDir = path.join(dir, 'replica');

  const stopStandby = async () => {
    const proc = standby;
    standby = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    // Closing the guardian's pipe asks for a fast shutdown (SIGINT), as `pg_ctl stop` does.
    proc.stdin?.end();
    const timedOut = await Promise.race([exited.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), STOP_TIMEOUT_MS).unref())]);
    if (timedOut) {
      killGroup(proc, 'SIGKILL');
      await exited;
    }
  };
  const stopAll = async () => {
    await stopStandby();
    await primary?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    primary = await startEmbeddedPostgres({ dataDir: path.join(dir, 'primary'), persistent: false, onLog: options.onLog });
    const admin = new pg.Client({ connectionString: primary.url('postgres') });
    await admin.connect();
    try {
      await allowReplicationFromLoopback(admin);
      await admin.query('SELECT pg_create_physical_replication_slot($1, true)', [SLOT]);
      const primaryDir = (await admin.query<{ data_directory: string }>('SHOW data_directory')).rows[0]!.data_directory;
      await admin.query("SELECT pg_backup_start('replica-test', true)");
      let backup: { labelfile: string; spcmapfile: string | null };
      try {
        copyDataDirectory(primaryDir, replicaDir, true);
      } finally {
        // On the same session as pg_backup_start; no WAL archive here to wait for (the slot
        // keeps the WAL, and the standby streams it).
        backup = (await admin.query<{ labelfile: string; spcmapfile: string | null }>('SELECT labelfile, spcmapfile FROM pg_backup_stop(false)')).rows[0]!;
      }
      fs.writeFileSync(path.join(replicaDir, 'backup_label'), backup.labelfile, { mode: 0o600 });
      if (backup.spcmapfile) fs.writeFileSync(path.join(replicaDir, 'tablespace_map'), backup.spcmapfile, { mode: 0o600 });
    } finally {
      await admin.end();
    }

    const primaryPort = new URL(primary.url('postgres')).port;
    const port = await freePort();
    fs.writeFileSync(path.join(replicaDir, 'standby.signal'), '', { mode: 0o600 });
    fs.appendFileSync(
      path.join(replicaDir, 'postgresql.auto.conf'),
      [
        '',
        '# A hot standby streaming from the primary (test/streaming-replica.ts)',
        `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=${USER} password=${PASSWORD} application_name=streaming_replica_test'`,
        `primary_slot_name = '${SLOT}'`,
        'hot_standby = on',
        `port = ${port}`,
        '',
      ].join('\n'),
    );
    if (ids) chownTree(replicaDir, ids);

    // A hot standby takes read-only connections once it has reached a consistent state.
    standby = await launchPostgres(postgres, ids, replicaDir, port, { onLog: options.onLog, readyText: 'database system is ready to accept read-only connections' });
    const replicaUrl = (database: string) => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
    await until(async () => (await queryOnce(replicaUrl('postgres'), 'SELECT status FROM pg_stat_wal_receiver'))[0]?.status === 'streaming', START_TIMEOUT_MS, 'the standby does not stream from the primary');

    const running = primary;
    return {
      primary: running,
      replicaUrl,
      replicaPid: () => (standby?.exitCode === null ? postmasterPid(replicaDir) : null),
      async waitForReplay(timeoutMs = 10_000) {
        const [{ lsn }] = (await queryOnce(running.url('postgres'), 'SELECT pg_current_wal_lsn()::text AS lsn')) as [{ lsn: string }];
        await until(
          async () => (await queryOnce(replicaUrl('postgres'), 'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [lsn]))[0]?.done === true,
          timeoutMs,
          `the standby has not replayed the primary's WAL up to ${lsn}`,
        );
      },
      stopReplica: stopStandby,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll().catch(() => undefined);
    throw error;
  }
}

/**
 * initdb's pg_hba.conf lets replication connections in from 127.0.0.1; a line is added (and the
 * configuration reloaded) only where that is not so.
 */
async function allowReplicationFromLoopback(admin: pg.Client): Promise<void> {
  const file = (await admin.query<{ hba_file: string }>('SHOW hba_file')).rows[0]!.hba_file;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const allowed = lines.some((line) => /^\s*host\s+replication\s+(all|postgres)\s+127\.0\.0\.1\/32\s+(password|md5|scram-sha-256|trust)\b/.test(line));
  if (allowed) return;
  fs.appendFileSync(file, `\nhost replication ${USER} 127.0.0.1/32 password\n`);
  await admin.query('SELECT pg_reload_conf()');
}

/**
 * The running primary's data directory, file by file: files the primary removes meanwhile are
 * skipped (the WAL replayed from the backup's start repairs whatever the copy caught mid-write).
 */
function copyDataDirectory(from: string, to: string, top: boolean): void {
  fs.mkdirSync(to, { mode: 0o700 });
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (top && SKIPPED.has(entry.name)) continue;
    if (entry.name === 'pg_internal.init' || entry.name.startsWith('pgsql_tmp')) continue;
    if (entry.isDirectory()) {
      if (top && EMPTIED.has(entry.name)) fs.mkdirSync(target, { mode: 0o700 });
      else copyDataDirectory(source, target, false);
    } else if (entry.isSymbolicLink()) {
      fs.symlinkSync(fs.readlinkSync(source), target);
    } else if (entry.isFile()) {
      try {
        fs.copyFileSync(source, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  if (top) {
    // The layout PostgreSQL expects under pg_wal (it makes what is missing, but not on every version).
    fs.mkdirSync(path.join(to, 'pg_wal', 'archive_status'), { mode: 0o700 });
    fs.mkdirSync(path.join(to, 'pg_wal', 'summaries'), { mode: 0o700 });
  }
}

/** Run as root, PostgreSQL runs as `postgres` (src/db/embedded.ts): the copy must be its own. */
function chownTree(dir: string, ids: { uid: number; gid: number }): void {
  fs.chownSync(dir, ids.uid, ids.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(full, ids);
    else fs.lchownSync(full, ids.uid, ids.gid);
  }
}


function postmasterPid(dataDir: string): number | null {
  try {
    return Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]) || null;
  } catch {
    return null;
  }
}

/** One query on a connection of its own. */
export async function queryOnce(url: string, text: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

async function until(check: () => Promise<boolean>, timeoutMs: number, failure: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
      last = null;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${failure} after ${timeoutMs / 1000} s${last ? ` (${(last as Error).message})` : ''}`);
}
