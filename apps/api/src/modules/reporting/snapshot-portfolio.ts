import { Prisma } from '../../generated/prisma/client.ts';
import { paidAfter } from '../servicing/index.ts';

type Tx = Pick<Prisma.TransactionClient, '$executeRaw'>;

/**
 * The day's portfolio snapshot (SERVICING.md §9, docs/decisions/0049), written by the close of
 * business of `day` after the deals were brought to it: one row per deal type and state of every
 * deal created by the end of the day. A re-run of the date replaces its rows. One statement.
 *
 * Stocks as of the end of the day, by the rules of servicing/balances.ts: owed = a live claim's
 * amount less what was paid on it by the day (what was paid later is added back, `paidAfter`, so a
 * date closed again later sees what was owed then); overdue = owed on claims due before the day (a
 * claim due on a day is overdue from the next day), as the DPD of the same close; the DPD buckets
 * and breaches are the deals' own, just brought to the day.
 * PAR30/PAR90: the principal still owed on deals more than 30 (90) days past due.
 * Flows of the day: deals activated on it and their value; incoming payments dated on it that
 * were paired to a deal and count (neither a storno nor taken back by one).
 *
 * The state is the deal's state when the close runs (a deal has no state history here): for the
 * close of the day it is the day's state; a past date closed again later groups by today's states.
 */
export async function snapshotPortfolio(tx: Tx, day: string): Promise<number> {
  const D = Prisma.sql`${day}::date`;
  await tx.$executeRaw`DELETE FROM portfolio_snapshots WHERE business_date = ${D}`;
  return tx.$executeRaw`
    WITH late AS (${paidAfter(D)}),
    owed AS (
      SELECT c.deal_id,
             sum(c.owed) AS outstanding,
             sum(c.owed) FILTER (WHERE c.type = 'PRINCIPAL') AS principal,
             sum(c.owed) FILTER (WHERE c.due_date < ${D}) AS overdue,
             sum(c.owed) FILTER (WHERE c.type = 'PENALTY_INTEREST') AS penalty
        FROM (SELECT c.deal_id, c.type, c.due_date, c.amount - c.paid_amount + coalesce(l.amount, 0) AS owed
                FROM claims c LEFT JOIN late l ON l.claim_id = c.id
               WHERE c.cancelled_at IS NULL AND (c.paid_amount < c.amount OR l.amount IS NOT NULL)) c
       GROUP BY c.deal_id
    ),
    per_deal AS (
      SELECT d.type, d.state, d.days_past_due AS dpd, d.breach_types <> '{}' AS in_breach,
             coalesce(o.outstanding, 0) AS outstanding, coalesce(o.principal, 0) AS principal,
             coalesce(o.overdue, 0) AS overdue, coalesce(o.penalty, 0) AS penalty,
             d.activated_at IS NOT NULL AND (d.activated_at AT TIME ZONE 'Europe/Prague')::date = ${D} AS activated, d.value
        FROM deals d LEFT JOIN owed o ON o.deal_id = d.id
       WHERE (d.created_at AT TIME ZONE 'Europe/Prague')::date <= ${D}
    ),
    paid AS (
      SELECT d.type, d.state, sum(p.amount) AS amount
        FROM payments p JOIN deals d ON d.id = p.deal_id
       WHERE p.date = ${D} AND p.direction = 'INCOMING_PAYMENT' AND p.reversal_of_id IS NULL
         AND NOT EXISTS (SELECT 1 FROM payments r WHERE r.reversal_of_id = p.id)
       GROUP BY d.type, d.state
    ),
    figures AS (
      SELECT type, state, count(*)::int AS deals,
             sum(principal) AS principal, sum(outstanding) AS outstanding, sum(overdue) AS overdue,
             coalesce(sum(overdue) FILTER (WHERE dpd BETWEEN 1 AND 30), 0) AS o1,
             coalesce(sum(overdue) FILTER (WHERE dpd BETWEEN 31 AND 60), 0) AS o2,
             coalesce(sum(overdue) FILTER (WHERE dpd BETWEEN 61 AND 90), 0) AS o3,
             coalesce(sum(overdue) FILTER (WHERE dpd > 90), 0) AS o4,
             count(*) FILTER (WHERE dpd BETWEEN 1 AND 30)::int AS d1,
             count(*) FILTER (WHERE dpd BETWEEN 31 AND 60)::int AS d2,
             count(*) FILTER (WHERE dpd BETWEEN 61 AND 90)::int AS d3,
             count(*) FILTER (WHERE dpd > 90)::int AS d4,
             coalesce(sum(principal) FILTER (WHERE dpd > 30), 0) AS par30,
             coalesce(sum(principal) FILTER (WHERE dpd > 90), 0) AS par90,
             sum(penalty) AS penalty,
             count(*) FILTER (WHERE in_breach)::int AS breaches,
             count(*) FILTER (WHERE activated)::int AS new_deals,
             coalesce(sum(value) FILTER (WHERE activated), 0) AS new_volume
        FROM per_deal GROUP BY type, state
    )
    INSERT INTO portfolio_snapshots (business_date, deal_type, state, deals, principal_outstanding, outstanding, overdue,
                                     overdue_1_30, overdue_31_60, overdue_61_90, overdue_91_plus, deals_1_30, deals_31_60, deals_61_90, deals_91_plus,
                                     par30_principal, par90_principal, penalty_interest, breaches, new_deals, new_volume, repayments)
    SELECT ${D}, f.type, f.state, f.deals, f.principal, f.outstanding, f.overdue, f.o1, f.o2, f.o3, f.o4, f.d1, f.d2, f.d3, f.d4,
           f.par30, f.par90, f.penalty, f.breaches, f.new_deals, f.new_volume, coalesce(p.amount, 0)
      FROM figures f LEFT JOIN paid p ON p.type = f.type AND p.state = f.state`;
}
