import type { DashboardPortfolio } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../domain/actor.ts';
import { readSource } from '../../db/read-replica.ts';
import { portfolioFigures, share, SNAPSHOT_SUMS, two, type SnapshotSums } from './portfolio-figures.ts';

/**
 * GET /dashboard/portfolio/ (ours, docs/decisions/0049): the latest snapshot's figures and the
 * trend — the last snapshot of each of the 12 months up to it — read off portfolio_snapshots
 * (a few hundred rows a day), never off the claims.
 */
export async function dashboardPortfolio(deps: Deps, _actor: Actor): Promise<DashboardPortfolio> {
  const { pool } = await readSource(deps);
  const latest = await pool.query<{ as_of: string | null }>('SELECT max(business_date)::text AS as_of FROM portfolio_snapshots');
  const asOf = latest.rows[0]?.as_of ?? null;
  if (!asOf) return { as_of: null, figures: null, trend: [] };
  const [figures, trend] = await Promise.all([
    pool.query<SnapshotSums>(`SELECT ${SNAPSHOT_SUMS} FROM portfolio_snapshots s WHERE s.business_date = $1::date`, [asOf]),
    pool.query<{ month: string; as_of: string; deals: number; principal_outstanding: string; overdue: string; par30_principal: string; par90_principal: string }>(
      `WITH days AS (
         SELECT DISTINCT ON (date_trunc('month', business_date)) business_date
           FROM portfolio_snapshots
          WHERE business_date > (date_trunc('month', $1::date) - interval '11 months')::date AND business_date <= $1::date
          ORDER BY date_trunc('month', business_date), business_date DESC)
       SELECT to_char(s.business_date, 'YYYY-MM') AS month, s.business_date::text AS as_of, sum(s.deals)::int AS deals,
              sum(s.principal_outstanding)::text AS principal_outstanding, sum(s.overdue)::text AS overdue,
              sum(s.par30_principal)::text AS par30_principal, sum(s.par90_principal)::text AS par90_principal
         FROM portfolio_snapshots s JOIN days USING (business_date)
        GROUP BY s.business_date ORDER BY s.business_date`,
      [asOf],
    ),
  ]);
  return {
    as_of: asOf,
    figures: portfolioFigures(figures.rows[0]!),
    trend: trend.rows.map((t) => ({
      month: t.month,
      as_of: t.as_of,
      deals: t.deals,
      principal_outstanding: two(t.principal_outstanding),
      overdue: two(t.overdue),
      par30: share(t.par30_principal, t.principal_outstanding),
      par90: share(t.par90_principal, t.principal_outstanding),
    })),
  };
}
