import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { COMPILED_SERVER, PRODUCTION_NODE_FLAGS } from '../apps/api/src/node-flags.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// Every run starts from an empty data directory (so the API starts a fresh embedded database
// with demo data), reusing one place inside the repository instead of piling up temp dirs.
// Workers load this file again; the variable, inherited from the runner, keeps them from
// wiping the directory the server is using.
const dataDir = (process.env.LENDING_E2E_DATA_DIR ??= (() => {
  const dir = path.join(repoRoot, '.data-e2e');
  fs.rmSync(dir, { recursive: true, force: true });
  return dir;
})());

export default defineConfig({
  testDir: 'tests',
  workers: 1,
  retries: 0,
  reporter: 'list',
  fullyParallel: false,
  use: {
    baseURL: 'http://127.0.0.1:3100',
    locale: 'cs-CZ',
    timezoneId: 'Europe/Prague',
    launchOptions: {
      // A system Chromium when there is one (our machines have no route to Playwright's CDN),
      // otherwise Playwright's own (see e2e/ensure-browser.mjs).
      executablePath: [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && fs.existsSync(p)),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-quic',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: ['node', ...PRODUCTION_NODE_FLAGS, ...COMPILED_SERVER.nodeArgs, COMPILED_SERVER.script].join(' '),
    cwd: repoRoot,
    url: 'http://127.0.0.1:3100/api/v1/healthcheck/ready/',
    // The first start seeds the demo (a book of 150 deals here, SEED_DEMO_DEALS: the journeys make
    // their own deals and need a book to browse, not 1,500 deals' two minutes of seeding).
    timeout: 360_000,
    reuseExistingServer: false,
    // Stopped as an operator would (SIGTERM: drain, then PostgreSQL), not SIGKILLed.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: '3100',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'e2e-admin@demo.cz',
      ADMIN_PASSWORD: 'E2e-heslo-2026',
      LOG_LEVEL: 'warn',
      // Links in e-mails of the outbox (offers, form resends) point here.
      PUBLIC_URL: 'http://127.0.0.1:3100',
      // Every test calls from 127.0.0.1: public rate limits are raised (the API tests check them).
      RATE_LIMIT_FACTOR: '50',
      SEED_DEMO_DEALS: '150',
    },
  },
});
