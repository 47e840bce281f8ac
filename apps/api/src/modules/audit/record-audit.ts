import type { Actor } from '../../domain/actor.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

const ACTOR_TYPE = { staff: 'STAFF', partner: 'API_KEY', public: 'APPLICANT', webhook: 'WEBHOOK', system: 'SYSTEM' } as const satisfies Record<Actor['kind'], string>;

function actorIdOf(actor: Actor): string | null {
  switch (actor.kind) {
    case 'staff':
      return String(actor.staffId);
    case 'partner':
      return actor.keyPrefix;
    case 'webhook':
      return actor.username;
    case 'system':
      return actor.name;
    case 'public':
      return null;
  }
}

/**
 * Records one write (who, when, what) in the audit log. Pass the transaction of the write
 * itself, so the record and the change land together or not at all.
 */
export async function recordAudit(
  db: Pick<Prisma.TransactionClient, 'auditLog'>,
  actor: Actor,
  entry: { action: string; entity: string; entityId: string | number | null; changes?: Prisma.InputJsonValue },
): Promise<void> {
  const meta = actor.kind === 'system' ? null : actor.meta;
  await db.auditLog.create({
    data: {
      actorType: ACTOR_TYPE[actor.kind],
      actorId: actorIdOf(actor),
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId === null ? null : String(entry.entityId),
      changes: entry.changes,
      requestId: meta?.requestId,
      ip: meta?.ip,
    },
  });
}
