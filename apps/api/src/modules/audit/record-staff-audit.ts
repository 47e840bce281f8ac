import type { Prisma } from '../../generated/prisma/client.ts';
import type { RequestMeta } from '../../http/routes.ts';

/** The staff member behind a write, as the audit log records them. */
export interface StaffActor {
  staffId: number;
  meta: RequestMeta;
}

/**
 * Records one staff write (who, when, what) in the audit log. Pass the transaction of the
 * write itself, so the record and the change land together or not at all.
 */
export async function recordStaffAudit(
  db: Pick<Prisma.TransactionClient, 'auditLog'>,
  actor: StaffActor,
  entry: { action: string; entity: string; entityId: string | number; changes?: Prisma.InputJsonValue },
): Promise<void> {
  await db.auditLog.create({
    data: {
      actorType: 'STAFF',
      actorId: String(actor.staffId),
      action: entry.action,
      entity: entry.entity,
      entityId: String(entry.entityId),
      changes: entry.changes,
      requestId: actor.meta.requestId,
      ip: actor.meta.ip,
    },
  });
}
