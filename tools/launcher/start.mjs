// `pnpm start` (docs/decisions/0041): checks the Node.js version, builds what changed (turbo),
// then runs the compiled server as production does (apps/api/src/node-flags.ts) and stays its
// parent, to pass signals on and to exit with the server's exit code.
//
// - SIGINT, SIGTERM and SIGHUP to this process (from pnpm, which passes them on to the script,
//   or sent to it directly) go to the server once: it stops in order (HTTP, jobs, pool,
//   PostgreSQL) and exits 0. During the build they stop the build.
// - The server runs in a process group of its own, so a signal to this process's group (pnpm
//   sends it to the group) is not delivered to it twice.
// - When the start command above dies without passing anything on — npx on SIGHUP, or on
//   SIGKILL — start-command.mjs notices and the server is sent SIGTERM.
// - When this process itself is killed, the server sees its IPC channel close and stops too.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkNode } from './check-node.mjs';
import { watchStartCommand } from './start-command.mjs';

checkNode();

const root = fileURLToPath(new URL('../..', import.meta.url));
/** @type {import('node:child_process').ChildProcess | null} */
let child = null;
/** @type {NodeJS.Signals | null} */
let stopSignal = null;

/** @param {number | null} code @param {NodeJS.Signals | null} signal */
const exitCodeOf = (code, signal) => code ?? 128 + (signal ? constants.signals[signal] : 0);

/** Passes the first stop request on to what runs now (the build, or the server). */
function stop(/** @type {NodeJS.Signals} */ signal) {
  if (stopSignal) return;
  stopSignal = signal;
  if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
}

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) process.on(signal, () => stop(signal));
watchStartCommand(() => {
  console.error('start: the start command was stopped (a process above this one ended): stopping the server.');
  stop('SIGTERM');
});

/**
 * Runs a command to its end.
 * @param {string} command @param {string[]} args @param {import('node:child_process').SpawnOptions} options
 * @returns {Promise<number>} its exit code (128 + signal number when a signal ended it)
 */
function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const proc = spawn(command, args, { cwd: root, ...options });
    child = proc;
    proc.once('error', reject);
    proc.once('exit', (code, signal) => resolve(exitCodeOf(code, signal)));
  });
}

// 1. The build (the portal, the back-office, the contracts and the API; cached when unchanged).
process.stdout.write('start: building (turbo run build)…\n');
const built = await run('node_modules/.bin/turbo', ['run', 'build', '--output-logs=errors-only'], {
  stdio: 'inherit',
  env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
});
if (stopSignal) process.exit(128 + constants.signals[stopSignal]);
if (built !== 0) process.exit(built);

// 2. The server, in its own process group, with an IPC channel it watches (see the top). Its
//    command comes from node-flags.ts, as just compiled (importing the TypeScript source would
//    load Node's type stripper into this process: ~17 MB for as long as the server runs).
/** @type {typeof import('../../apps/api/src/node-flags.ts')} */
const { COMPILED_SERVER, PRODUCTION_NODE_FLAGS } = await import(pathToFileURL(path.join(root, 'apps/api/dist/node-flags.js')).href);
const code = await run(process.execPath, [...PRODUCTION_NODE_FLAGS, ...COMPILED_SERVER.nodeArgs, COMPILED_SERVER.script], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  detached: true,
});
process.exit(code);
