import type { Deps } from '../../deps.ts';

export interface Readiness {
  ready: boolean;
  /** The server is shutting down: the load balancer should send requests elsewhere. */
  shuttingDown: boolean;
  database: 'ok' | 'unreachable';
  migrations: { applied: number; expected: number; pending: string[] };
}

/** Applied migration names, oldest first; empty when the migrations table does not exist yet. */
export async function appliedMigrations(deps: Pick<Deps, 'prisma'>): Promise<string[]> {
  const rows = await deps.prisma.$queryRaw<{ migration_name: string }[]>`
    SELECT migration_name FROM _prisma_migrations
    WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL
    ORDER BY migration_name`.catch((error: unknown) => {
    if (String((error as Error).message).includes('_prisma_migrations')) return [];
    throw error;
  });
  return rows.map((r) => r.migration_name);
}

/** Ready means: not shutting down, PostgreSQL answers and every migration this build ships is applied. */
export async function checkReadiness(deps: Pick<Deps, 'prisma' | 'migrations' | 'lifecycle'>): Promise<Readiness> {
  const shuttingDown = deps.lifecycle.draining;
  let applied: string[];
  try {
    applied = await appliedMigrations(deps);
  } catch {
    return { ready: false, shuttingDown, database: 'unreachable', migrations: { applied: 0, expected: deps.migrations.length, pending: deps.migrations } };
  }
  const done = new Set(applied);
  const pending = deps.migrations.filter((m) => !done.has(m));
  return {
    ready: pending.length === 0 && !shuttingDown,
    shuttingDown,
    database: 'ok',
    migrations: { applied: applied.length, expected: deps.migrations.length, pending },
  };
}
