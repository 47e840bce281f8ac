import { performance } from 'node:perf_hooks';
import type { MonitoringStatus } from '@lending/contracts';
import type { PartnerActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { appliedMigrations } from './check-readiness.ts';

/** Figures for the monitoring system: database latency, pool, schema version, uptime, build. */
export async function getMonitoringStatus(
  deps: Pick<Deps, 'prisma' | 'pool' | 'migrations' | 'version' | 'startedAt' | 'now'>,
  _actor: PartnerActor,
  _input: Record<string, never>,
): Promise<MonitoringStatus> {
  const started = performance.now();
  let databaseOk = true;
  try {
    await deps.prisma.$queryRaw`SELECT 1`;
  } catch {
    databaseOk = false;
  }
  const latencyMs = Math.round((performance.now() - started) * 100) / 100;
  const applied = databaseOk ? await appliedMigrations(deps).catch(() => []) : [];
  const pending = deps.migrations.filter((m) => !applied.includes(m));
  return {
    status: databaseOk && pending.length === 0 ? 'ok' : 'degraded',
    version: deps.version,
    uptime_seconds: Math.round((deps.now().getTime() - deps.startedAt.getTime()) / 1000),
    database: {
      ok: databaseOk,
      latency_ms: latencyMs,
      pool: { total: deps.pool.totalCount, idle: deps.pool.idleCount, waiting: deps.pool.waitingCount, max: deps.pool.options.max ?? null },
    },
    migrations: {
      current: applied.at(-1) ?? null,
      applied: applied.length,
      expected: deps.migrations.length,
      pending,
    },
    memory: { rss_bytes: process.memoryUsage().rss, heap_used_bytes: process.memoryUsage().heapUsed },
  };
}
