import type { AuditEntry, AuditLogQuery } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';

const columns = { created_at: 'createdAt', id: 'id' } as const;

/**
 * The entries of one deal: its own, and its parts' (participants, models, claims, purposes…),
 * which name it in changes.deal_id. Both conditions have an index (the deal_id one is an
 * expression index, migration 20261126200000), so this is two index scans, not a walk through
 * the whole log; a deal has hundreds of entries, not millions.
 */
async function dealEntryIds(deps: Pick<Deps, 'prisma'>, dealId: number): Promise<bigint[]> {
  const rows = await deps.prisma.$queryRaw<{ id: bigint }[]>`
    SELECT id FROM audit_log WHERE (entity = 'Deal' AND entity_id = ${String(dealId)}) OR (changes -> 'deal_id') = to_jsonb(${dealId}::int)`;
  return rows.map((r) => r.id);
}

/** GET /audit-log/: who did what and when — every staff write and security event, newest first by default. */
export async function listAuditLog(deps: Pick<Deps, 'prisma'>, _actor: StaffActor, input: AuditLogQuery): Promise<ResultPage<AuditEntry>> {
  const where = {
    entity: input.entity,
    entityId: input.entity_id,
    actorId: input.actor_id,
    action: input.action,
    ...(input.deal !== undefined && { id: { in: await dealEntryIds(deps, input.deal) } }),
    createdAt: {
      gte: input.date_from,
      // date_to is inclusive: everything before the next midnight.
      lt: input.date_to ? new Date(input.date_to.getTime() + 86_400_000) : undefined,
    },
  };
  return paginate(
    input,
    () => deps.prisma.auditLog.count({ where }),
    async ({ skip, take }) => {
      const rows = await deps.prisma.auditLog.findMany({
        where,
        skip,
        take,
        orderBy: [...input.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'desc' as const }],
      });
      return rows.map((r) => ({
        id: Number(r.id),
        actor_type: r.actorType,
        actor_id: r.actorId,
        action: r.action,
        entity: r.entity,
        entity_id: r.entityId,
        changes: r.changes,
        request_id: r.requestId,
        ip: r.ip,
        created_at: r.createdAt.toISOString(),
      }));
    },
  );
}
