import { dealMessages, type DealHistoryEvent, type DealHistoryQuery } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';

interface EventRow {
  kind: 'AUDIT' | 'PAYMENT' | 'BREACH_START' | 'BREACH_END';
  ref: bigint;
  at: Date;
  action: string;
  entity: string;
  entity_id: string | null;
  actor_id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  details: Record<string, unknown> | null;
}

/**
 * A deal's events, one SQL query: its audit entries (its own and its parts', which name it in
 * changes.deal_id — the same two index scans as GET /audit-log/?deal=), the payments booked to
 * it, and its breaches' beginnings and ends (the close of business writes those, with no audit
 * entry). Staff actors are named; everything else is the system.
 */
function events(dealId: number): Prisma.Sql {
  return Prisma.sql`
    SELECT 'AUDIT' AS kind, a.id AS ref, a.created_at AS at, a.action, a.entity, a.entity_id,
           CASE WHEN a.actor_type = 'STAFF' AND a.actor_id ~ '^[0-9]{1,9}$' THEN a.actor_id::int END AS actor_id,
           coalesce(a.changes, '{}'::jsonb) AS details
      FROM audit_log a
     WHERE (a.entity = 'Deal' AND a.entity_id = ${String(dealId)}) OR (a.changes -> 'deal_id') = to_jsonb(${dealId}::int)
    UNION ALL
    SELECT 'PAYMENT', p.id, p.created_at, 'payment.booked', 'Payment', p.id::text, NULL,
           jsonb_build_object('payment_id', p.id, 'direction', p.direction, 'amount', p.amount::text, 'date', p.date::text,
                              'variable_symbol', p.variable_symbol, 'counter_account_name', p.counter_account_name, 'statement_id', p.statement_id)
      FROM payments p WHERE p.deal_id = ${dealId}
    UNION ALL
    SELECT 'BREACH_START', b.id, (b.started_on::timestamp AT TIME ZONE 'Europe/Prague'), 'breach.start', 'Breach', b.id::text, NULL,
           jsonb_build_object('type', b.type, 'started_on', b.started_on::text)
      FROM breaches b WHERE b.deal_id = ${dealId}
    UNION ALL
    SELECT 'BREACH_END', b.id, (b.ended_on::timestamp AT TIME ZONE 'Europe/Prague'), 'breach.end', 'Breach', b.id::text, NULL,
           jsonb_build_object('type', b.type, 'started_on', b.started_on::text, 'ended_on', b.ended_on::text)
      FROM breaches b WHERE b.deal_id = ${dealId} AND b.ended_on IS NOT NULL`;
}

/** GET /deals/{id}/history/: what happened to the deal and who did it, newest first, paged. */
export async function listDealHistory(deps: Pick<Deps, 'prisma'>, _actor: StaffActor, input: DealHistoryQuery & { dealId: number }): Promise<ResultPage<DealHistoryEvent>> {
  const { dealId } = input;
  if (!(await deps.prisma.deal.findUnique({ where: { id: dealId }, select: { id: true } }))) throw notFound(dealMessages.dealNotFound);
  return paginate(
    input,
    async () => Number((await deps.prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM (${events(dealId)}) e`)[0]!.n),
    async ({ skip, take }) => {
      const rows = await deps.prisma.$queryRaw<EventRow[]>`
        SELECT e.*, s.first_name, s.last_name, s.email
          FROM (${events(dealId)}) e LEFT JOIN staff_users s ON s.id = e.actor_id
         ORDER BY e.at DESC, e.kind, e.ref DESC
         LIMIT ${take} OFFSET ${skip}`;
      return rows.map((r) => ({
        key: `${r.kind}:${r.ref}`,
        at: r.at.toISOString(),
        action: r.action,
        entity: r.entity,
        entity_id: r.entity_id,
        actor: r.actor_id === null ? null : { id: r.actor_id, name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || r.email || `Uživatel č. ${r.actor_id}` },
        details: r.details ?? {},
      }));
    },
  );
}
