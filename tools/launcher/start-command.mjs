// Which processes are "the start command" above the launcher, and a watch that tells when one of
// them is gone (docs/decisions/0041).
//
// `npx -y pnpm@12.21.0 start` is npx (npm exec) → pnpm → sh (pnpm's script wrapper) → start.mjs.
// npx passes SIGINT and SIGTERM on to its child, pnpm passes them to the script's process group;
// but npx passes no SIGHUP (and nothing survives SIGKILL): npx dies, and pnpm, orphaned, runs on
// with the server under it. So the launcher also watches the chain of package-manager processes
// above it (and the `sh -c` wrappers between them) and stops the server when a link breaks: a
// process of the chain gets another parent, which happens exactly when the one above it ended.
// The chain ends at the topmost package manager: a shell or supervisor above it may come and go
// (`nohup npx … &` outlives its terminal on purpose).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const PACKAGE_MANAGER = /^(\S*\/)?(npm|npx|pnpm|pnpx|yarn|corepack)(\s|$)|^(\S*\/)?node\S*\s+\S*\/(npm|npx|pnpm|pnpx|yarn|corepack)(-cli)?(\.c?js)?(\s|$)/;
const SHELL_COMMAND = /^(\S*\/)?(sh|bash|dash|ash|zsh|ksh)\s+-c\s/;

/**
 * What a command line (as /proc or ps shows it) is to the chain: a package manager (npm sets its
 * title to "npm exec …", pnpm to "pnpm …"; or node running one), a `sh -c` between them, or
 * something else, which ends the chain.
 * @param {string} command
 * @returns {'package manager' | 'shell' | 'other'}
 */
export function classifyCommand(command) {
  return PACKAGE_MANAGER.test(command) ? 'package manager' : SHELL_COMMAND.test(command) ? 'shell' : 'other';
}

/**
 * The parent and command line of a process (Linux: /proc; elsewhere: ps), or null.
 * @param {number} pid
 * @returns {{ ppid: number, command: string } | null}
 */
export function describeProcess(pid) {
  if (process.platform === 'linux') {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      return { ppid, command };
    } catch {
      return null;
    }
  }
  try {
    const line = execFileSync('ps', ['-o', 'ppid=', '-o', 'command=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const match = /^(\d+)\s+(.*)$/.exec(line);
    return match ? { ppid: Number(match[1]), command: /** @type {string} */ (match[2]) } : null;
  } catch {
    return null;
  }
}

/**
 * The ancestors of this process that belong to the start command, nearest first, up to the
 * topmost package manager; empty when no package manager started it (`node start.mjs`).
 * @returns {{ pid: number, ppid: number, command: string }[]}
 */
export function startCommandChain() {
  const chain = [];
  let top = -1;
  let pid = process.ppid;
  for (let depth = 0; depth < 12 && pid > 1; depth++) {
    const info = describeProcess(pid);
    if (!info) break;
    const kind = classifyCommand(info.command);
    if (kind === 'package manager') top = depth;
    else if (kind === 'other') break;
    chain.push({ pid, ...info });
    pid = info.ppid;
  }
  return chain.slice(0, top + 1);
}

/**
 * Calls `onGone` (once) when a process of the start command's chain has ended, checking every
 * `intervalMs`. Returns the chain it watches (empty: nothing to watch).
 * @param {() => void} onGone
 * @param {number} [intervalMs]
 */
export function watchStartCommand(onGone, intervalMs = 500) {
  const chain = startCommandChain();
  if (!chain.length) return chain;
  // Every link but the topmost must keep its parent, and this process its own.
  const links = [{ pid: process.pid, ppid: chain[0]?.pid }, ...chain.slice(0, -1)];
  const timer = setInterval(() => {
    const intact = links.every(({ pid, ppid }) => (pid === process.pid ? process.ppid : describeProcess(pid)?.ppid) === ppid);
    if (intact) return;
    clearInterval(timer);
    onGone();
  }, intervalMs);
  timer.unref();
  return chain;
}
