import type { Readiness } from '@lending/contracts';
import type { PublicActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';

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
export async function checkReadiness(deps: Pick<Deps, 'prisma' | 'migrations' | 'lifecycle'>, _actor: PublicActor, _input: Record<string, never>): Promise<Readiness> {
  const shuttingDown = deps.lifecycle.draining;
  let applied: string[];
  try {
    applied = await appliedMigrations(deps);
  } catch {
    return { status: 'unavailable', shutting_down: shuttingDown, database: 'unreachable', migrations: { applied: 0, expected: deps.migrations.length, pending: deps.migrations } };
  }
  const done = new Set(applied);
  const pending = deps.migrations.filter((m) => !done.has(m));
  return {
    status: pending.length === 0 && !shuttingDown ? 'ok' : 'unavailable',
    shutting_down: shuttingDown,
    database: 'ok',
    migrations: { applied: applied.length, expected: deps.migrations.length, pending },
  };
}
