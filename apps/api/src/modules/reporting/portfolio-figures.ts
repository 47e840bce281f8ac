import { Decimal } from 'decimal.js';
import type { PortfolioFigures } from '@lending/contracts';

/** The snapshot columns summed (SQL below): money as decimal text, counts as numbers. */
export interface SnapshotSums {
  deals: number;
  principal_outstanding: string;
  outstanding: string;
  overdue: string;
  overdue_1_30: string;
  overdue_31_60: string;
  overdue_61_90: string;
  overdue_91_plus: string;
  deals_1_30: number;
  deals_31_60: number;
  deals_61_90: number;
  deals_91_plus: number;
  par30_principal: string;
  par90_principal: string;
  penalty_interest: string;
  breaches: number;
  new_deals: number;
  new_volume: string;
  repayments: string;
}

/** The sums of the snapshot columns over the rows a query groups, as SQL (alias `s`). */
export const SNAPSHOT_SUMS = `
  coalesce(sum(s.deals), 0)::int AS deals,
  coalesce(sum(s.principal_outstanding), 0)::text AS principal_outstanding, coalesce(sum(s.outstanding), 0)::text AS outstanding,
  coalesce(sum(s.overdue), 0)::text AS overdue,
  coalesce(sum(s.overdue_1_30), 0)::text AS overdue_1_30, coalesce(sum(s.overdue_31_60), 0)::text AS overdue_31_60,
  coalesce(sum(s.overdue_61_90), 0)::text AS overdue_61_90, coalesce(sum(s.overdue_91_plus), 0)::text AS overdue_91_plus,
  coalesce(sum(s.deals_1_30), 0)::int AS deals_1_30, coalesce(sum(s.deals_31_60), 0)::int AS deals_31_60,
  coalesce(sum(s.deals_61_90), 0)::int AS deals_61_90, coalesce(sum(s.deals_91_plus), 0)::int AS deals_91_plus,
  coalesce(sum(s.par30_principal), 0)::text AS par30_principal, coalesce(sum(s.par90_principal), 0)::text AS par90_principal,
  coalesce(sum(s.penalty_interest), 0)::text AS penalty_interest, coalesce(sum(s.breaches), 0)::int AS breaches,
  coalesce(sum(s.new_deals), 0)::int AS new_deals, coalesce(sum(s.new_volume), 0)::text AS new_volume,
  coalesce(sum(s.repayments), 0)::text AS repayments`;

/** part / whole as a fraction with 4 places ("0.0731"); 0 when the whole is 0. */
export function share(part: string, whole: string): string {
  const w = new Decimal(whole);
  return w.isZero() ? '0.0000' : new Decimal(part).div(w).toFixed(4, Decimal.ROUND_HALF_UP);
}

/** A summed numeric's text with its two places ("1234.5" → "1234.50"). */
export const two = (value: string): string => new Decimal(value).toFixed(2);

/** The API's figures of summed snapshot rows: the ratios (overdue share, PAR30, PAR90) computed once here. */
export function portfolioFigures(s: SnapshotSums): PortfolioFigures {
  return {
    deals: s.deals,
    principal_outstanding: two(s.principal_outstanding),
    outstanding: two(s.outstanding),
    overdue: two(s.overdue),
    overdue_share: share(s.overdue, s.outstanding),
    buckets: [
      { bucket: '1-30', deals: s.deals_1_30, amount: two(s.overdue_1_30) },
      { bucket: '31-60', deals: s.deals_31_60, amount: two(s.overdue_31_60) },
      { bucket: '61-90', deals: s.deals_61_90, amount: two(s.overdue_61_90) },
      { bucket: '91+', deals: s.deals_91_plus, amount: two(s.overdue_91_plus) },
    ],
    par30_principal: two(s.par30_principal),
    par90_principal: two(s.par90_principal),
    par30: share(s.par30_principal, s.principal_outstanding),
    par90: share(s.par90_principal, s.principal_outstanding),
    penalty_interest: two(s.penalty_interest),
    breaches: s.breaches,
    new_deals: s.new_deals,
    new_volume: two(s.new_volume),
    repayments: two(s.repayments),
  };
}
