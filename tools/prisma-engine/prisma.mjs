#!/usr/bin/env node
// Runs the Prisma CLI with the project's offline schema engine (./schema-engine.mjs), so that
// `prisma migrate|db|generate` never try to download a native engine. Usage: pnpm prisma <args>.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));

export const prismaEnv = {
  PRISMA_SCHEMA_ENGINE_BINARY: path.join(here, 'schema-engine.mjs'),
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};

export function prismaCli() {
  return path.join(path.dirname(require.resolve('prisma/package.json')), 'build', 'index.js');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const child = spawn(process.execPath, [prismaCli(), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ...prismaEnv },
  });
  child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
}
