import { BreachType, type DashboardCollections } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../domain/actor.ts';
import { today } from '../../domain/dates.ts';
import { readSource } from '../../db/read-replica.ts';
import { SERVICED_STATES } from '../servicing/index.ts';

/**
 * GET /dashboard/collections/ (ours): the collections queue's size by bucket now (serviced deals
 * past due, as GET /collections/queue/?bucket= counts them), deals in breach, promises due today,
 * notices sent in the last 7 days and notice groups prepared. Index reads only: the past-due
 * partial index and the breach types' GIN index.
 */
export async function dashboardCollections(deps: Deps, _actor: Actor): Promise<DashboardCollections> {
  const { pool } = await readSource(deps);
  const [queue, other] = await Promise.all([
    pool.query<{ b1: number; b2: number; b3: number; b4: number; breach: number }>(
      `SELECT count(*) FILTER (WHERE days_past_due BETWEEN 1 AND 30)::int AS b1, count(*) FILTER (WHERE days_past_due BETWEEN 31 AND 60)::int AS b2,
              count(*) FILTER (WHERE days_past_due BETWEEN 61 AND 90)::int AS b3, count(*) FILTER (WHERE days_past_due > 90)::int AS b4,
              count(*) FILTER (WHERE breach_types && $2::"BreachType"[])::int AS breach
         FROM deals WHERE state::text = ANY($1::text[]) AND (days_past_due > 0 OR breach_types && $2::"BreachType"[])`,
      [SERVICED_STATES, BreachType.values],
    ),
    pool.query<{ promises: number; sent: number; prepared: number }>(
      `SELECT (SELECT count(*) FROM promises_to_pay WHERE state = 'OPEN' AND promised_on = $1::date)::int AS promises,
              (SELECT count(*) FROM notices WHERE state = 'SENT' AND sent_at >= now() - interval '7 days')::int AS sent,
              (SELECT count(*) FROM notice_groups WHERE state = 'PREPARED')::int AS prepared`,
      [today(deps)],
    ),
  ]);
  const q = queue.rows[0]!;
  const o = other.rows[0]!;
  return {
    queue: [
      { bucket: '1-30', deals: q.b1 },
      { bucket: '31-60', deals: q.b2 },
      { bucket: '61-90', deals: q.b3 },
      { bucket: '91+', deals: q.b4 },
    ],
    in_breach: q.breach,
    promises_due_today: o.promises,
    notices_sent_week: o.sent,
    notices_prepared: o.prepared,
  };
}
