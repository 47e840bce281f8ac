import type { Deps } from '../../deps.ts';
import { paginate, type PageQuery } from '../../http/pagination.ts';

export interface AuditLogQuery extends PageQuery {
  entity?: string;
  entity_id?: string;
  actor_id?: string;
  action?: string;
  /** The deal's own entries and those of its parts (participants, models, claims…), which name it in changes.deal_id. */
  deal?: number;
  date_from?: Date;
  date_to?: Date;
  ordering: { field: 'created_at' | 'id'; direction: 'asc' | 'desc' }[];
}

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

/** Who did what and when: every staff write and security event, newest first by default. */
export async function listAuditLog(deps: Pick<Deps, 'prisma'>, query: AuditLogQuery, listUrl: string) {
  const where = {
    entity: query.entity,
    entityId: query.entity_id,
    actorId: query.actor_id,
    action: query.action,
    ...(query.deal !== undefined && { id: { in: await dealEntryIds(deps, query.deal) } }),
    createdAt: {
      gte: query.date_from,
      // date_to is inclusive: everything before the next midnight.
      lt: query.date_to ? new Date(query.date_to.getTime() + 86_400_000) : undefined,
    },
  };
  return paginate(
    listUrl,
    query,
    () => deps.prisma.auditLog.count({ where }),
    async ({ skip, take }) => {
      const rows = await deps.prisma.auditLog.findMany({
        where,
        skip,
        take,
        orderBy: [...query.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'desc' as const }],
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
