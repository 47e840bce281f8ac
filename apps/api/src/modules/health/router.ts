import { z } from '@lending/contracts';
import { access, defineRoute, Reply } from '../../http/routes.ts';
import { checkReadiness } from './check-readiness.ts';
import { getMonitoringStatus } from './get-monitoring-status.ts';

const tags = ['healthcheck'];
const readiness = z.object({
  status: z.enum(['ok', 'unavailable']),
  shutting_down: z.boolean(),
  database: z.enum(['ok', 'unreachable']),
  migrations: z.object({ applied: z.number(), expected: z.number(), pending: z.array(z.string()) }),
});
const monitoring = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptime_seconds: z.number(),
  database: z.object({
    ok: z.boolean(),
    latency_ms: z.number(),
    pool: z.object({ total: z.number(), idle: z.number(), waiting: z.number(), max: z.number().nullable() }),
  }),
  migrations: z.object({ current: z.string().nullable(), applied: z.number(), expected: z.number(), pending: z.array(z.string()) }),
  memory: z.object({ rss_bytes: z.number(), heap_used_bytes: z.number() }),
});

export const healthRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/healthcheck/live/',
    access: access.public,
    summary: 'Liveness: 200 while the process is up',
    tags,
    responses: { 200: { description: 'Alive', schema: z.object({ status: z.literal('ok') }) } },
    handler: async () => ({ status: 'ok' }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/healthcheck/ready/',
    access: access.public,
    summary: 'Readiness: 200 only when the database answers, all migrations are applied and the server is not shutting down',
    tags,
    responses: { 200: { description: 'Ready', schema: readiness }, 503: { description: 'Not ready', schema: readiness } },
    handler: async ({ deps, res }) => {
      const r = await checkReadiness(deps);
      res.set('Cache-Control', 'no-store');
      return new Reply(r.ready ? 200 : 503, { status: r.ready ? 'ok' : 'unavailable', shutting_down: r.shuttingDown, database: r.database, migrations: r.migrations });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/healthcheck/monitoring/',
    access: access.apiKey('MONITORING'),
    summary: 'Monitoring figures (Api-Key of a MONITORING key)',
    tags,
    responses: { 200: { description: 'Status', schema: monitoring } },
    handler: async ({ deps, res }) => {
      res.set('Cache-Control', 'no-store');
      return getMonitoringStatus(deps);
    },
  }),
];
