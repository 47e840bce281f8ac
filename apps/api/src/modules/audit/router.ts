import { auditEntry, z } from '@lending/contracts';
import { dateQuery } from '../../http/query.ts';
import { orderingQuery, pageQuery, pageSchema, requestUrl } from '../../http/pagination.ts';
import { access, defineRoute } from '../../http/routes.ts';
import { listAuditLog } from './list-audit-log.ts';

const auditQuery = pageQuery.extend({
  entity: z.string().max(100).optional(),
  entity_id: z.string().max(100).optional(),
  actor_id: z.string().max(100).optional(),
  action: z.string().max(100).optional(),
  deal: z.coerce.number<string>('Zadejte číslo obchodu.').int('Zadejte číslo obchodu.').min(1, 'Zadejte číslo obchodu.').max(2_147_483_647, 'Zadejte číslo obchodu.').optional(),
  date_from: dateQuery.optional(),
  date_to: dateQuery.optional(),
  ordering: orderingQuery(['created_at', 'id'], '-created_at'),
});

export const auditRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/audit-log/',
    access: access.staff(['ADMIN']),
    summary: 'Audit log of staff writes and security events (administrators only)',
    tags: ['audit'],
    query: auditQuery,
    responses: { 200: { description: 'Page of entries', schema: pageSchema(auditEntry) } },
    handler: ({ deps, req, query }) => listAuditLog(deps, query, requestUrl(req)),
  }),
];
