// Child servers of the load benchmark (the product, the baseline) and a small HTTP client that
// sends exactly the headers it is given (Host included: next/previous links are built from it).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { freePort } from '../../src/db/embedded.ts';

export interface Reply {
  status: number;
  body: Buffer;
}

export function request(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path}: no answer within 30 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

export interface ChildServer {
  name: string;
  port: number;
  logFile: string;
  /** Milliseconds from spawn to the first ready answer. */
  startMs: number;
  /** SIGTERM, then the exit code (SIGKILL after 30 s). */
  stop(): Promise<number | null>;
}

const tail = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '';
  }
};

/**
 * Runs `node [nodeArgs] script` with exactly `env` (plus PORT) and its output in `logFile`, and
 * waits until GET /api/v1/healthcheck/ready/ answers 200.
 */
export async function startServer(options: { name: string; script: string; cwd: string; env: NodeJS.ProcessEnv; nodeArgs?: string[]; logFile: string; readyTimeoutMs?: number }): Promise<ChildServer> {
  const port = await freePort();
  const log = fs.openSync(options.logFile, 'a');
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), options.script], {
    cwd: options.cwd,
    env: { ...options.env, PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code, signal) => resolve((exitCode = code ?? (signal ? 128 : null)))));

  const stop = async () => {
    if (exitCode !== undefined) return exitCode;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 180_000);
  for (;;) {
    if (exitCode !== undefined) throw new Error(`${options.name} exited (code ${exitCode}) before it was ready. End of ${options.logFile}:\n${tail(options.logFile)}`);
    try {
      const reply = await request(port, 'GET', '/api/v1/healthcheck/ready/', {});
      if (reply.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${options.name} was not ready within ${(options.readyTimeoutMs ?? 180_000) / 1000} s. End of ${options.logFile}:\n${tail(options.logFile)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { name: options.name, port, logFile: options.logFile, startMs: performance.now() - started, stop };
}

/** Lines of a server's log at level error or worse (pino JSON; the baseline's plain stderr counts whole). */
export function errorLines(logFile: string): number {
  let text = '';
  try {
    text = fs.readFileSync(logFile, 'utf8');
  } catch {
    return 0;
  }
  let count = 0;
  for (const logLine of text.split('\n')) {
    if (!logLine.trim()) continue;
    if (!logLine.startsWith('{')) {
      count += logLine.includes('baseline-server:') ? 1 : 0;
      continue;
    }
    try {
      if (((JSON.parse(logLine) as { level?: number }).level ?? 0) >= 50) count++;
    } catch {
      // not a log record
    }
  }
  return count;
}
