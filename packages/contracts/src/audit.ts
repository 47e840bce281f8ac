import { z } from './zod-config.ts';

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
