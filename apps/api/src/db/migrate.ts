import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Names of the migrations shipped in prisma/migrations, oldest first. */
export function listMigrations(rootDir: string): string[] {
  const dir = path.join(rootDir, 'prisma', 'migrations');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(dir, e.name, 'migration.sql')))
    .map((e) => e.name)
    .sort();
}

/**
 * Applies pending migrations with the ordinary `prisma migrate deploy`, run through the
 * project's offline schema engine (tools/prisma-engine).
 */
export function migrateDeploy(rootDir: string, databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(rootDir, 'tools/prisma-engine/prisma.mjs'), 'migrate', 'deploy'], {
      cwd: rootDir,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`prisma migrate deploy failed (exit ${code}):\n${output}`)),
    );
  });
}
