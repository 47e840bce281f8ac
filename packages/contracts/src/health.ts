import { z } from './zod-config.ts';

/** GET /healthcheck/ready/: 200 with status ok, else 503 with status unavailable and why. */
export const readiness = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** The server is shutting down: the load balancer should send requests elsewhere. */
  shutting_down: z.boolean(),
  database: z.enum(['ok', 'unreachable']),
  migrations: z.object({ applied: z.number(), expected: z.number(), pending: z.array(z.string()) }),
});
export type Readiness = z.infer<typeof readiness>;

/** GET /healthcheck/monitoring/: figures for the monitoring system. */
export const monitoringStatus = z.object({
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
export type MonitoringStatus = z.infer<typeof monitoringStatus>;
