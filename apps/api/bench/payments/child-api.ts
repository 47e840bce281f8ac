// The compiled API as a child process, for the benches that measure the server's own memory
// (export.ts, import-memory.ts): started in production mode as production runs it
// (src/node-flags.ts), ready when its readiness check answers 200; its RSS read from /proc.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { freePort } from '../../src/db/embedded.ts';
import { COMPILED_SERVER } from '../../src/node-flags.ts';

export interface ChildApi {
  pid: number;
  port: number;
  stop(): Promise<void>;
}

/** The compiled server (`pnpm build`) with `nodeArgs` in production mode, ready when its readiness check answers 200. */
export async function startApi(
  root: string,
  databaseUrl: string,
  dataDir: string,
  jwtSecret: string,
  logFile: string,
  nodeArgs: string[],
  extraEnv: Record<string, string> = {},
): Promise<ChildApi> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ']) if (process.env[name] !== undefined) env[name] = process.env[name];
  Object.assign(env, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    COMPANY_REGISTER: 'sandbox',
    ADDRESS_PROVIDER: 'bundled',
    BANK_STATEMENT_ANALYSIS: 'sandbox',
    BANK_CONNECTION_PROVIDER: 'none',
    SCREENING_PROVIDER: 'sandbox',
    EMAIL_PROVIDER: 'sandbox',
    SMS_PROVIDER: 'sandbox',
    SLACK_PROVIDER: 'sandbox',
    MAIL_PRINT_PROVIDER: 'sandbox',
    CADASTRE_PROVIDER: 'sandbox',
    PUBLIC_URL: 'http://bench.local',
    JWT_SECRET: jwtSecret,
    CRM_WEBHOOK_PASSWORD: randomBytes(18).toString('base64url'),
    LOG_LEVEL: 'warn',
    ...extraEnv,
  });
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [...nodeArgs, COMPILED_SERVER.script], { cwd: root, env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  let exited = false;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited) throw new Error(`the API exited before it was ready; see ${logFile}`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/v1/healthcheck/ready/`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API was not ready within 180 s; see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    pid: child.pid!,
    port,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** The process's resident set (VmRSS), in MB. */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}
