import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultRootDir } from '../src/config.ts';
import { freePort } from '../src/db/embedded.ts';
import { PRODUCTION_NODE_FLAGS } from '../src/node-flags.ts';

/**
 * The real product in a child process, as an operator runs it: the production V8 flags, on the
 * TypeScript sources rather than the compiled build (docs/decisions/0039), so a test never runs
 * a stale build; the end-to-end tests start the compiled server.
 */
export interface ProductProcess {
  port: number;
  baseUrl: string;
  child: ChildProcess;
  dataDir: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
}

export interface ProductOptions {
  env?: Record<string, string>;
  dataDir?: string;
  detached?: boolean;
}

/** Starts the product and waits until it is ready (readiness 200). */
export async function startProduct(options: ProductOptions = {}): Promise<ProductProcess> {
  const product = await spawnProduct(options);
  await waitUntilReady(product);
  return product;
}

/** Starts the product without waiting (the first start's seed is watched through its output). */
export async function spawnProduct(options: ProductOptions = {}): Promise<ProductProcess> {
  return launch([process.execPath, ...PRODUCTION_NODE_FLAGS, path.join(defaultRootDir(), 'apps/api/src/server.ts')], options);
}

/**
 * The README's start command, verbatim: `npx -y pnpm@12.21.0 start` in the repository root (npx,
 * pnpm, the launcher tools/launcher/start.mjs, the build if anything changed, then the compiled
 * server), ready. Its child is npx: the pid a supervisor or `kill <pid>` signals.
 */
export async function startCommand(options: ProductOptions = {}): Promise<ProductProcess> {
  const product = await launch(['npx', '-y', 'pnpm@12.21.0', 'start'], options);
  // The build is cached by the suite's own (pnpm test builds first); a cold one takes minutes.
  await waitUntilReady(product, 360_000);
  return product;
}

async function launch([command, ...args]: string[], options: ProductOptions): Promise<ProductProcess> {
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lending-product-'));
  const child = spawn(command!, args, {
    cwd: defaultRootDir(),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...networkSettings(),
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      RATE_LIMIT_FACTOR: '1000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  return { port, baseUrl: `http://127.0.0.1:${port}`, child, dataDir, output: () => output, exited };
}

/**
 * How this machine reaches the npm registry (certificates, proxies), for npx: without them it
 * retries an unreachable registry for a minute before it takes pnpm from its cache.
 */
function networkSettings(): Record<string, string> {
  const names = /^(NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR|https?_proxy|no_proxy|npm_config_(registry|cafile|proxy|https_proxy|noproxy))$/i;
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => names.test(e[0]) && e[1] !== undefined));
}

/** Waits until readiness answers 200; fails (killing the product) when it exits or takes too long. */
export async function waitUntilReady(product: ProductProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (product.child.exitCode !== null || product.child.signalCode !== null) throw new Error(`the product exited while starting:\n${product.output()}`);
    const ready = await fetch(`${product.baseUrl}/api/v1/healthcheck/ready/`).then((r) => r.status === 200, () => false);
    if (ready) return;
    if (Date.now() > deadline) {
      product.child.kill('SIGKILL');
      throw new Error(`the product did not become ready:\n${product.output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Waits until the product has printed something matching `pattern`; returns the match. */
export async function waitForOutput(product: ProductProcess, pattern: RegExp, timeoutMs = 120_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = product.output().match(pattern);
    if (match) return match;
    if (product.child.exitCode !== null || product.child.signalCode !== null) throw new Error(`the product exited before printing ${pattern}:\n${product.output()}`);
    if (Date.now() > deadline) throw new Error(`the product did not print ${pattern}:\n${product.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every process below `pid` (Linux: /proc), with its command line. */
export function descendants(pid: number): { pid: number; command: string }[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: { pid: number; command: string }[] = [];
  const visit = (parent: number) => {
    for (const child of parents.get(parent) ?? []) {
      let command = '';
      try {
        command = fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').join(' ').trim();
      } catch {
        // gone meanwhile
      }
      found.push({ pid: child, command });
      visit(child);
    }
  };
  visit(pid);
  return found;
}

/** True while a process runs (a zombie, dead and waiting for its parent to reap it, does not). */
export function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** The postmaster's pid of an embedded PostgreSQL data directory (line 1 of postmaster.pid). */
export function postmasterPid(pgDataDir: string): number {
  return Number(fs.readFileSync(path.join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** Text that must never appear in a product's output: crashes and dumped connection objects. */
export const CRASH_SIGNS = /Unhandled 'error' event|uncaughtException|UnhandledPromiseRejection|^\s+at .+:\d+:\d+\)?$|BoundPool|cancel key|processID/m;

/** A new application (the portal's first step): the public write the tests count. */
export async function createApplication(baseUrl: string): Promise<{ status: number; token?: string; retryAfter?: string | null }> {
  try {
    const res = await fetch(`${baseUrl}/api/v1/forms/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'CONSUMER_LOAN', value: 200_000, installment_value: 5_000 }),
    });
    const body = (await res.json().catch(() => ({}))) as { token?: string };
    return { status: res.status, token: res.status === 201 ? body.token : undefined, retryAfter: res.headers.get('retry-after') };
  } catch {
    // Connection refused or reset: the server is not listening (any more). Nothing was acknowledged.
    return { status: 0 };
  }
}
