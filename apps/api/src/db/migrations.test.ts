import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseUrl } from '../../test/context.ts';
import { defaultRootDir } from '../config.ts';
import { listMigrations } from './migrate.ts';

describe('prisma/migrations', () => {
  it('build exactly the schema of prisma/schema.prisma (no change left without a migration)', () => {
    const root = defaultRootDir();
    const result = spawnSync(
      process.execPath,
      [path.join(root, 'tools/prisma-engine/prisma.mjs'), 'migrate', 'diff', '--from-migrations', 'prisma/migrations', '--to-schema', 'prisma/schema.prisma', '--script', '--exit-code'],
      // The shadow database for replaying the migrations is created on the test server.
      { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl('postgres') }, encoding: 'utf8', timeout: 120_000 },
    );
    expect(result.stdout.trim(), result.stderr).toBe('-- This is an empty migration.');
    expect(result.status).toBe(0);
  });

  it('are named by UTC timestamp so they apply in the order they were written', () => {
    const names = listMigrations(defaultRootDir());
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^\d{14}_[a-z0-9_]+$/);
  });
});
