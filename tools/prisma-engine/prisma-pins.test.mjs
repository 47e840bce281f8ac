// Fails when a Prisma upgrade would break the stand-in engine: the Prisma packages must move
// together, and the wasm glue the stand-in loads must be the one built for the CLI's engine.
// The upgrade steps are in docs/decisions/0001-offline-prisma-schema-engine.md.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as glue from '@prisma/schema-engine-wasm/schema_engine_bg';
import { describe, expect, it } from 'vitest';
import { cliEnvironment, schemaEngine, STAND_IN_ENGINE } from './prisma.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const PRISMA = path.join(import.meta.dirname, 'prisma.mjs');
/** Released together, under one version number. */
const PRISMA_PACKAGES = ['prisma', '@prisma/client', '@prisma/adapter-pg', '@prisma/driver-adapter-utils'];
const MANIFESTS = ['package.json', 'apps/api/package.json', 'tools/prisma-engine/package.json'];

/** @param {string} file */
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/**
 * The directory of package `name` as Node finds it from `fromDir` (package exports aside).
 * @param {string} fromDir
 * @param {string} name
 * @returns {string}
 */
function packageDir(fromDir, name) {
  for (let dir = fs.realpathSync(fromDir); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    if (dir === path.dirname(dir)) throw new Error(`${name} is not installed where ${fromDir} can see it`);
  }
}
/** @type {(fromDir: string, name: string) => string} */
const versionOf = (fromDir, name) => readJson(path.join(packageDir(fromDir, name), 'package.json')).version;
/** @param {string} file */
const sha256 = (file) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

const cli = packageDir(root, 'prisma');
const glueDir = packageDir(import.meta.dirname, '@prisma/schema-engine-wasm');
// The commit of the engine the CLI was released with (the native binary it would download).
const cliCommit = readJson(path.join(packageDir(packageDir(cli, '@prisma/engines'), '@prisma/engines-version'), 'package.json')).prisma.enginesVersion;

describe('Prisma packages', () => {
  it('are pinned to one exact version in every manifest', () => {
    const specs = MANIFESTS.flatMap((manifest) => {
      const json = readJson(path.join(root, manifest));
      return Object.entries({ ...json.dependencies, ...json.devDependencies })
        .filter(([name]) => PRISMA_PACKAGES.includes(name) || name === '@prisma/schema-engine-wasm')
        .map(([name, spec]) => ({ manifest, name, spec }));
    });
    expect(new Set(specs.map((s) => s.name))).toEqual(new Set([...PRISMA_PACKAGES, '@prisma/schema-engine-wasm']));
    for (const { manifest, name, spec } of specs) expect(spec, `${name} in ${manifest}`).toMatch(/^\d+\.\d+\.\d+(-[\w.-]+)?$/);
    const versions = new Set(specs.filter((s) => PRISMA_PACKAGES.includes(s.name)).map((s) => s.spec));
    expect([...versions], 'one version for all of prisma, @prisma/client, @prisma/adapter-pg, @prisma/driver-adapter-utils').toHaveLength(1);
  });

  it('are installed at that version wherever they are used', () => {
    const version = readJson(path.join(root, 'package.json')).devDependencies.prisma;
    const api = path.join(root, 'apps/api');
    const tool = import.meta.dirname;
    const installed = {
      'prisma (root)': versionOf(root, 'prisma'),
      'prisma (tools/prisma-engine)': versionOf(tool, 'prisma'),
      '@prisma/client (apps/api)': versionOf(api, '@prisma/client'),
      '@prisma/adapter-pg (apps/api)': versionOf(api, '@prisma/adapter-pg'),
      '@prisma/adapter-pg (tools/prisma-engine)': versionOf(tool, '@prisma/adapter-pg'),
      '@prisma/driver-adapter-utils (tools/prisma-engine)': versionOf(tool, '@prisma/driver-adapter-utils'),
      "@prisma/driver-adapter-utils (adapter-pg's own)": versionOf(packageDir(api, '@prisma/adapter-pg'), '@prisma/driver-adapter-utils'),
      "@prisma/engines (the CLI's)": versionOf(cli, '@prisma/engines'),
    };
    for (const [where, found] of Object.entries(installed)) expect(found, where).toBe(version);
  });
});

describe('the stand-in engine', () => {
  it("loads the wasm glue built for the CLI's engine commit, and the CLI ships that very wasm", () => {
    const glueVersion = readJson(path.join(glueDir, 'package.json')).version;
    expect(glueVersion.split('.').at(-1), `@prisma/schema-engine-wasm ${glueVersion} vs the CLI's engine ${cliCommit}`).toBe(cliCommit);
    expect(sha256(path.join(cli, 'build', 'schema_engine_bg.wasm'))).toBe(sha256(path.join(glueDir, 'schema_engine_bg.wasm')));
  });

  it("finds every import of the CLI's wasm in the glue", async () => {
    const module = await WebAssembly.compile(fs.readFileSync(path.join(cli, 'build', 'schema_engine_bg.wasm')));
    const missing = WebAssembly.Module.imports(module)
      .filter((i) => i.module === './schema_engine_bg.js' && !(i.name in glue))
      .map((i) => i.name);
    expect(missing).toEqual([]);
  });

  it('reports the engine commit it runs', () => {
    const result = spawnSync(process.execPath, [STAND_IN_ENGINE, '--version'], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe(`schema-engine-cli (wasm stand-in) ${cliCommit}`);
  });
});

describe('PRISMA_SCHEMA_ENGINE', () => {
  const env = { PATH: '/usr/bin', DATABASE_URL: 'postgresql://localhost/x' };

  it('is wasm by default: the CLI gets the stand-in as PRISMA_SCHEMA_ENGINE_BINARY', () => {
    expect(schemaEngine(env)).toBe('wasm');
    expect(schemaEngine({ ...env, PRISMA_SCHEMA_ENGINE: '' })).toBe('wasm');
    expect(cliEnvironment(env).PRISMA_SCHEMA_ENGINE_BINARY).toBe(STAND_IN_ENGINE);
    expect(cliEnvironment({ ...env, PRISMA_SCHEMA_ENGINE: 'wasm' }).PRISMA_SCHEMA_ENGINE_BINARY).toBe(STAND_IN_ENGINE);
  });

  it('native differs from wasm in that variable only: the CLI then runs its own engine', () => {
    const wasm = cliEnvironment({ ...env, PRISMA_SCHEMA_ENGINE: 'wasm' });
    const native = cliEnvironment({ ...env, PRISMA_SCHEMA_ENGINE: 'native' });
    expect('PRISMA_SCHEMA_ENGINE_BINARY' in native).toBe(false);
    const { PRISMA_SCHEMA_ENGINE_BINARY: _binary, PRISMA_SCHEMA_ENGINE: _w, ...restWasm } = wasm;
    const { PRISMA_SCHEMA_ENGINE: _n, ...restNative } = native;
    expect(restNative).toEqual(restWasm);
    // An engine binary the operator points at themselves is left to Prisma.
    expect(cliEnvironment({ ...env, PRISMA_SCHEMA_ENGINE: 'native', PRISMA_SCHEMA_ENGINE_BINARY: '/opt/schema-engine' }).PRISMA_SCHEMA_ENGINE_BINARY).toBe('/opt/schema-engine');
  });

  it('refuses anything else, before running the CLI', () => {
    expect(() => schemaEngine({ PRISMA_SCHEMA_ENGINE: 'binary' })).toThrow(/wasm, native/);
    const result = spawnSync(process.execPath, [PRISMA, '--version'], { encoding: 'utf8', env: { ...process.env, PRISMA_SCHEMA_ENGINE: 'binary' } });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PRISMA_SCHEMA_ENGINE must be one of wasm, native');
  });

  it('is what the CLI runs with: the stand-in by default, Prisma’s own engine with native', () => {
    const { PRISMA_SCHEMA_ENGINE_BINARY: _inherited, ...inherited } = process.env;
    /** @param {string} value */
    const run = (value) => spawnSync(process.execPath, [PRISMA, '--version'], { cwd: root, encoding: 'utf8', timeout: 120_000, env: { ...inherited, PRISMA_SCHEMA_ENGINE: value } });
    const wasm = run('wasm');
    expect(wasm.status, wasm.stderr).toBe(0);
    expect(wasm.stdout).toMatch(/Schema Engine\s+: schema-engine-cli \(wasm stand-in\)/);
    const native = run('native');
    const out = `${native.stdout}\n${native.stderr}`;
    expect(out).not.toContain('wasm stand-in');
    // Offline (as here) the CLI fails to download its engine; online it reports the native one.
    if (native.status === 0) expect(out).toMatch(/Schema Engine\s+: schema-engine-cli [0-9a-f]{40}/);
    else expect(out).toContain(`binaries.prisma.sh/all_commits/${cliCommit}/`);
  });
});
