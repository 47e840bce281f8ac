import { auditEntry, auditLogQuery, pageOf } from '@lending/contracts';
import { badInput } from '../../http/responses.ts';
import { access, defineRoute, type RouteDef } from '../../http/routes.ts';
import { listAuditLog } from './list-audit-log.ts';

export const auditRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/audit-log/',
    access: access.staff('administration'),
    summary: 'Audit log of staff writes and security events (administrators only)',
    tags: ['audit'],
    query: auditLogQuery,
    responses: { 200: { description: 'Page of entries', schema: pageOf(auditEntry) }, ...badInput },
    handler: ({ deps, actor, query }) => listAuditLog(deps, actor, query),
  }),
];
