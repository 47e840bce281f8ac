import { monitoringStatus, readiness, z } from '@lending/contracts';
import { access, defineRoute, Reply, type RouteDef } from '../../http/routes.ts';
import { checkReadiness } from './check-readiness.ts';
import { getMonitoringStatus } from './get-monitoring-status.ts';

const tags = ['healthcheck'];

export const healthRoutes: RouteDef[] = [
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
    handler: async ({ deps, actor, res }) => {
      const answer = await checkReadiness(deps, actor, {});
      res.set('Cache-Control', 'no-store');
      return new Reply(answer.status === 'ok' ? 200 : 503, answer);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/healthcheck/monitoring/',
    access: access.apiKey('MONITORING'),
    summary: 'Monitoring figures (Api-Key of a MONITORING key)',
    tags,
    responses: { 200: { description: 'Status', schema: monitoringStatus } },
    handler: async ({ deps, actor, res }) => {
      res.set('Cache-Control', 'no-store');
      return getMonitoringStatus(deps, actor, {});
    },
  }),
];
