import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultRootDir } from './config.ts';
import { COMPILED_SERVER, PRODUCTION_NODE_FLAGS } from './node-flags.ts';

// The product's V8 flags and compiled server live in node-flags.ts; the Dockerfile spells them out, `pnpm start` takes them from there.
const root = defaultRootDir();
const command = ['node', ...PRODUCTION_NODE_FLAGS, ...COMPILED_SERVER.nodeArgs, COMPILED_SERVER.script];

describe('PRODUCTION_NODE_FLAGS', () => {
  it('are the flags of the Dockerfile CMD and of pnpm start', () => {
    const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain(`CMD ${JSON.stringify(command).replaceAll(',', ', ')}`);
    // pnpm start is the launcher (docs/decisions/0041), which runs the server with these lists;
    // lifecycle.test.ts checks the command line of the server it starts.
    const start = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start;
    expect(start).toBe('node tools/launcher/start.mjs');
    const launcher = fs.readFileSync(path.join(root, 'tools/launcher/start.mjs'), 'utf8');
    expect(launcher).toContain("@type {typeof import('../../apps/api/src/node-flags.ts')}");
    expect(launcher).toContain("await import(pathToFileURL(path.join(root, 'apps/api/dist/node-flags.js')).href)");
    expect(launcher).toContain('[...PRODUCTION_NODE_FLAGS, ...COMPILED_SERVER.nodeArgs, COMPILED_SERVER.script]');
  });

  it('are accepted by this Node and bound the young generation', () => {
    // Allocation that survives a little at a time grows the young generation to its maximum.
    const script = `let keep = []; for (let i = 0; i < 2e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 50000) keep = []; }
      const v8 = require('node:v8'); console.log(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size)`;
    const youngBytes = (flags: readonly string[]) => Number(execFileSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8' }).trim());
    // Two semi-spaces of 8 MB at most (V8 may add a page of bookkeeping).
    expect(youngBytes(PRODUCTION_NODE_FLAGS)).toBeLessThanOrEqual(17 * 1024 * 1024);
    // The same allocation grows it past that when allowed to: the bound is the flag's doing.
    expect(youngBytes(['--max-semi-space-size=32'])).toBeGreaterThan(32 * 1024 * 1024);
  });
});
