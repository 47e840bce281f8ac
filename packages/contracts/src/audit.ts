import { z } from './zod-config.ts';
import { dateQuery, orderingQuery, pageQuery } from './query.ts';

/** One entry of GET /audit-log/: a staff write or a security event. */
export const auditEntry = z.object({
  id: z.number().int(),
  actor_type: z.string(),
  actor_id: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  changes: z.unknown(),
  request_id: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const dealNumber = 'Zadejte číslo obchodu.';

/** Query of GET /audit-log/: filters by entity, actor, action, deal and day range (inclusive); newest first by default. */
export const auditLogQuery = pageQuery.extend({
  entity: z.string().max(100).optional(),
  entity_id: z.string().max(100).optional(),
  actor_id: z.string().max(100).optional(),
  action: z.string().max(100).optional(),
  /** The deal's own entries and those of its parts (participants, models, claims…), which name it in changes.deal_id. */
  deal: z.coerce.number<string>(dealNumber).int(dealNumber).min(1, dealNumber).max(2_147_483_647, dealNumber).optional(),
  date_from: dateQuery.optional(),
  date_to: dateQuery.optional(),
  ordering: orderingQuery(['created_at', 'id'], '-created_at'),
});
export type AuditLogQuery = z.output<typeof auditLogQuery>;
