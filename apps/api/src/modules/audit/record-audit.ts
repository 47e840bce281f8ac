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
 * Who wrote, as an audit row names them: the columns recordAudit fills from the actor, for a
 * use case that writes its audit row in the same SQL statement as its change.
 */
export function auditActorOf(actor: Actor): { actorType: string; actorId: string | null; requestId: string | null; ip: string | null } {
  const meta = actor.kind === 'system' ? null : actor.meta;
  return { actorType: ACTOR_TYPE[actor.kind], actorId: actorIdOf(actor), requestId: meta?.requestId ?? null, ip: meta?.ip ?? null };
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
  const who = auditActorOf(actor);
  await db.auditLog.create({
    data: {
      actorType: who.actorType,
      actorId: who.actorId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId === null ? null : String(entry.entityId),
      changes: entry.changes,
      requestId: who.requestId,
      ip: who.ip,
    },
  });
}
