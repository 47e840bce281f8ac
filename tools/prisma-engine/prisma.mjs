#!/usr/bin/env node
// Runs the Prisma CLI: by default with the project's offline schema engine (./schema-engine.mjs),
// so that `prisma migrate|db|generate` never try to download a native engine; with
// PRISMA_SCHEMA_ENGINE=native, with Prisma's own native engine instead (which the CLI downloads
// from binaries.prisma.sh, or finds through a PRISMA_SCHEMA_ENGINE_BINARY you set). That
// variable is the only difference between the two. Usage: pnpm prisma <args>.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));

export const STAND_IN_ENGINE = path.join(here, 'schema-engine.mjs');
export const SCHEMA_ENGINES = /** @type {const} */ (['wasm', 'native']);

/**
 * The schema engine chosen by PRISMA_SCHEMA_ENGINE: `wasm` (the stand-in, default) or `native`.
 * @param {NodeJS.ProcessEnv} env
 * @returns {'wasm' | 'native'}
 */
export function schemaEngine(env) {
  const value = env.PRISMA_SCHEMA_ENGINE || 'wasm';
  if (value !== 'wasm' && value !== 'native') {
    throw new Error(`PRISMA_SCHEMA_ENGINE must be one of ${SCHEMA_ENGINES.join(', ')}, not "${value}".`);
  }
  return value;
}

/**
 * The environment the CLI runs with: the caller's, quiet, and with the stand-in engine unless
 * the native one is chosen.
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function cliEnvironment(env) {
  const quiet = { ...env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' };
  return schemaEngine(env) === 'native' ? quiet : { ...quiet, PRISMA_SCHEMA_ENGINE_BINARY: STAND_IN_ENGINE };
}

/** The CLI's entry point in the installed `prisma` package. */
export function prismaCli() {
  return path.join(path.dirname(require.resolve('prisma/package.json')), 'build', 'index.js');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let env;
  try {
    env = cliEnvironment(process.env);
  } catch (error) {
    console.error(/** @type {Error} */ (error).message);
    process.exit(1);
  }
  const child = spawn(process.execPath, [prismaCli(), ...process.argv.slice(2)], { stdio: 'inherit', env });
  child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
}
