import type { DashboardPipeline, LeadSource, LeadState } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../domain/actor.ts';
import { readSource } from '../../db/read-replica.ts';
import { share } from './portfolio-figures.ts';

/** The pipeline's window: leads created in the last 90 days. */
const PERIOD_DAYS = 90;

/**
 * GET /dashboard/pipeline/ (ours): leads by state (all of them, as the leads list filters them)
 * and by source, and over the last 90 days the leads created, the offers made on them and the
 * deals activated from them — the conversion.
 */
export async function dashboardPipeline(deps: Deps, _actor: Actor): Promise<DashboardPipeline> {
  const { pool } = await readSource(deps);
  const since = new Date(deps.now().getTime() - PERIOD_DAYS * 86_400_000);
  const [byState, bySource, period] = await Promise.all([
    pool.query<{ state: LeadState; count: number }>('SELECT state::text AS state, count(*)::int AS count FROM leads GROUP BY state ORDER BY state'),
    pool.query<{ source: LeadSource; count: number }>('SELECT source::text AS source, count(*)::int AS count FROM leads GROUP BY source ORDER BY count(*) DESC, source'),
    pool.query<{ leads: number; offers: number; activated: number }>(
      `WITH recent AS (SELECT id FROM leads WHERE created_at >= ($1::timestamptz AT TIME ZONE 'UTC'))
       SELECT (SELECT count(*) FROM recent)::int AS leads,
              (SELECT count(*) FROM offers o JOIN recent r ON r.id = o.lead_id)::int AS offers,
              (SELECT count(*) FROM deals d JOIN recent r ON r.id = d.lead_id WHERE d.activated_at IS NOT NULL)::int AS activated`,
      [since],
    ),
  ]);
  const p = period.rows[0]!;
  return {
    leads_by_state: byState.rows,
    leads_by_source: bySource.rows,
    period_days: PERIOD_DAYS,
    leads: p.leads,
    offers: p.offers,
    activated: p.activated,
    conversion: share(String(p.activated), String(p.leads)),
  };
}
