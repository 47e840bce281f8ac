import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeVersionProblem, requiredNode } from './check-node.mjs';
import { classifyCommand } from './start-command.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const dirs = /** @type {string[]} */ ([]);
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the Node.js version check', () => {
  it('reads the requirement from the root package.json', () => {
    expect(requiredNode()).toBe('>=24.11.0');
  });

  it('refuses an older Node.js with one line that says what is needed and how to get it', () => {
    const line = nodeVersionProblem('20.20.2', '>=24.11.0');
    expect(line).toBe('This project needs Node.js 24 LTS (24.11 or newer); you have 20.20.2. Install it from https://nodejs.org or with `nvm install 24`.');
    for (const old of ['v20.20.2', '22.21.1', '23.11.0', '24.0.0', '24.10.9', 'v24.10.0']) {
      const problem = nodeVersionProblem(old, '>=24.11.0');
      expect(problem, old).toContain(`you have ${old.replace(/^v/, '')}.`);
      expect(problem, old).not.toContain('\n');
    }
  });

  it('accepts 24.11 and anything newer', () => {
    for (const ok of ['24.11.0', 'v24.11.0', '24.11.1', '24.21.0', '25.0.0', '26.1.0']) expect(nodeVersionProblem(ok, '>=24.11.0'), ok).toBeNull();
  });

  it('passes silently on this Node.js (exit 0, nothing printed)', () => {
    const run = spawnSync(process.execPath, [path.join(here, 'check-node.mjs')], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout + run.stderr).toBe('');
  });
});

describe("npx-shell (npm's script shell in the repository root, .npmrc)", () => {
  /**
   * Runs `npx-shell -c <command>` with a `node` on PATH that answers the check as told.
   * @param {string} command @param {boolean} checkPasses
   */
  function npxShell(command, checkPasses) {
    const bin = mkdtempSync(path.join(tmpdir(), 'npx-shell-'));
    dirs.push(bin);
    const fake = checkPasses ? 'exit 0' : `echo 'This project needs Node.js 24 LTS (24.11 or newer); you have 20.20.2.' >&2; exit 1`;
    writeFileSync(path.join(bin, 'node'), `#!/bin/sh\n${fake}\n`);
    chmodSync(path.join(bin, 'node'), 0o755);
    return spawnSync(path.join(here, 'npx-shell'), ['-c', command], { cwd: root, encoding: 'utf8', env: { PATH: `${bin}:/usr/bin:/bin` } });
  }

  it('is the script shell of npm in the repository root', () => {
    expect(execFileSync('npm', ['config', 'get', 'script-shell'], { cwd: root, encoding: 'utf8' }).trim()).toBe('./tools/launcher/npx-shell');
  });

  it('stops before the command, with the check’s one line, when Node.js is too old', () => {
    const run = npxShell('echo the command ran', false);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual(['This project needs Node.js 24 LTS (24.11 or newer); you have 20.20.2.']);
  });

  it('runs the command as a shell would, a simple command in place of the shell (exec)', () => {
    expect(npxShell("echo 'the command ran' && echo twice", true).stdout).toBe('the command ran\ntwice\n');
    if (process.platform !== 'linux') return;
    // The command's parent is whoever ran npx-shell (npm; here this test): no shell stays between.
    const stat = npxShell('cat /proc/self/stat', true).stdout;
    expect(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])).toBe(process.pid);
  });
});

describe('the start command above the launcher (start-command.mjs)', () => {
  it('tells the package managers and the shells between them from what is above them', () => {
    expect(classifyCommand('npm exec pnpm@12.21.0 start')).toBe('package manager');
    expect(classifyCommand('pnpm start')).toBe('package manager');
    expect(classifyCommand('node /usr/lib/node_modules/corepack/dist/pnpm.js start')).toBe('package manager');
    expect(classifyCommand('/usr/bin/node /usr/bin/npx -y pnpm@12.21.0 start')).toBe('package manager');
    expect(classifyCommand("sh -c 'pnpm' start")).toBe('shell');
    expect(classifyCommand(`sh -c trap 'if [ "$?" -eq 130 ]; then trap - INT; kill -s INT $$; fi' INT; node tools/launcher/start.mjs`)).toBe('shell');
    for (const other of ['-bash', 'bash', '/usr/lib/systemd/systemd --user', 'node /repo/node_modules/vitest/dist/workers/forks.js', 'nohup', 'tmux'])
      expect(classifyCommand(other), other).toBe('other');
  });
});
