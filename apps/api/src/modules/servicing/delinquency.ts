import { DpdBucket, type CloseOfBusinessStats } from '@lending/contracts';
import { Prisma } from '../../generated/prisma/client.ts';
import { CONSUMER_CAP_AFTER_DAYS, DAY_COUNT_BASIS, PENALTY_MARGIN_PP } from './penalty-law.ts';

// The set-based heart of the close of business (docs/decisions/0026): penalty interest, days past
// due and breaches of every serviced deal as of one business date, in two statements whatever the
// number of deals. The same statements, limited to the deals replayed, are what a payment's
// allocation calls (replayDealsAllocations).

type Tx = Pick<Prisma.TransactionClient, '$executeRaw' | '$queryRaw'>;

/** Deals the close of business services: DPD, penalty interest and breaches are theirs. */
export const SERVICED_STATES = ['ACTIVE', 'FILED_FOR_INSOLVENCY'] as const;

/**
 * Claims that make a deal past due and bear penalty interest: what the schedule makes due (an
 * installment's principal, interest and fees, a lease's rent, services, insurance and deposit, a
 * buy-back price). Not sanctions or costs (PENALTY_INTEREST, CONTRACTUAL_PENALTY,
 * COST_OF_RECOVERY), nor OTHER, whose nature the engine cannot know.
 */
export const INSTALLMENT_CLAIM_TYPES = ['PRINCIPAL', 'INTEREST', 'FEE', 'RENT', 'SERVICE_ADVANCE', 'PURCHASE_PRICE', 'INSURANCE', 'DEPOSIT'] as const;


/** Everything of all deals, or of these deals. */
export type DelinquencyScope = { dealIds: readonly number[] } | 'all';

export type DelinquencyStats = Omit<CloseOfBusinessStats, 'trigger' | 'runs' | 'duration_ms'>;

/** One key for the close of business: held exclusively by a close, shared by deal recomputes. */
const LOCK = Prisma.sql`hashtextextended('lending:close-of-business', 0)`;

/** The close's lock, exclusive for the rest of the transaction: one close at a time, and no deal recompute meanwhile. */
export async function lockForCloseOfBusiness(tx: Tx): Promise<void> {
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(${LOCK})::text`;
}

/**
 * Takes the close of business's lock in shared mode for the rest of the transaction: a
 * transaction that will write allocations and then recompute a deal calls it BEFORE its first
 * write, so it waits for a running close instead of deadlocking with it (the close updates
 * claims and deals of every serviced deal). Many such transactions run side by side.
 */
export async function holdDelinquencyLock(tx: Tx): Promise<void> {
  await tx.$queryRaw`SELECT pg_advisory_xact_lock_shared(${LOCK})::text`;
}

// Constants of the code, written into the SQL as literals.
const sqlList = (values: readonly string[], type: string) => Prisma.raw(`ARRAY[${values.map((v) => `'${v}'`).join(', ')}]::"${type}"[]`);
const serviced = sqlList(SERVICED_STATES, 'DealState');
const installmentTypes = sqlList(INSTALLMENT_CLAIM_TYPES, 'ClaimType');

/**
 * What was paid on each claim after the business date `D` (a payment dated later, or allocated
 * later): counted as still owed on D, so a date closed again later sees what was owed then.
 * Rows (claim_id, amount) for every claim with such a payment.
 */
export const paidAfter = (D: Prisma.Sql) => Prisma.sql`
  SELECT a.claim_id, sum(a.amount) AS amount
    FROM payments p JOIN payment_allocations a ON a.payment_id = p.id
   WHERE coalesce(a.allocated_on, p.date) > ${D} GROUP BY a.claim_id`;

/**
 * The terms of penalty interest on a source claim: the one definition the close's accrual (below)
 * and the allocation engine's (allocate.ts, through the replay) read. A query uses them on a
 * source claim aliased `c` of a deal aliased `d` (any relation with the deal's `type`): it adds
 * `PENALTY_TERMS.joins` after its FROM and selects `PENALTY_TERMS.columns`:
 * - `enabled`: the deal's PENALTY_INTEREST setting;
 * - `start_day`: the first day of delay, the day after the due date and the grace days;
 * - `rate`: NV 351/2013 Sb., the ČNB repo rate valid on the first day of the half-year in which
 *   the delay began, + 8 pp (null without a repo rate);
 * - `capped_from`: a consumer loan's first day over 90 days of delay (§ 122(4) of 257/2016 Sb.),
 *   null otherwise; `capped_rate`: from then, the lower of `rate` and the contract's rate.
 * Joins rather than a subquery so each query keeps the plan its own FROM gives it.
 */
const MARGIN = Prisma.raw(String(PENALTY_MARGIN_PP));
export const PENALTY_TERMS = {
  joins: Prisma.sql`
      LEFT JOIN claims_settings pt_s ON pt_s.deal_id = c.deal_id AND pt_s.type = 'PENALTY_INTEREST'
      LEFT JOIN claims_groups pt_g ON pt_g.id = c.claims_group_id
      LEFT JOIN deal_models pt_m ON pt_m.id = pt_g.deal_model_id
      LEFT JOIN deal_models pt_am ON pt_am.deal_id = c.deal_id AND pt_am.state = 'ACTIVE'
      LEFT JOIN LATERAL (
        SELECT r.rate FROM repo_rates r
         WHERE r.valid_from <= make_date(extract(year FROM c.due_date + 1)::int, CASE WHEN extract(month FROM c.due_date + 1) <= 6 THEN 1 ELSE 7 END, 1)
         ORDER BY r.valid_from DESC LIMIT 1) pt_repo ON true`,
  columns: Prisma.sql`
      coalesce(pt_s.is_enabled, true) AS enabled,
      c.due_date + coalesce(pt_s.grace_days, 0) + 1 AS start_day,
      pt_repo.rate + ${MARGIN} AS rate,
      CASE WHEN d.type = 'CONSUMER_LOAN' THEN c.due_date + ${Prisma.raw(String(CONSUMER_CAP_AFTER_DAYS + 1))} END AS capped_from,
      CASE WHEN d.type = 'CONSUMER_LOAN' AND coalesce(pt_m.annual_interest_rate, pt_am.annual_interest_rate) < pt_repo.rate + ${MARGIN}
           THEN coalesce(pt_m.annual_interest_rate, pt_am.annual_interest_rate)
           ELSE pt_repo.rate + ${MARGIN} END AS capped_rate`,
};

/**
 * Brings the deals of `scope` to the business date `day` (YYYY-MM-DD): penalty interest accrued
 * through it, days past due as of it, breaches begun and ended. Runs in the caller's
 * transaction, which must hold the close-of-business lock (exclusive for 'all', shared for a
 * set of deals). Everything is computed from the claims, payments and obligations as they stand, so a
 * second run with nothing changed changes nothing, and one run after several missed days
 * equals the days run one by one. Two statements whatever the scope: the penalty interest,
 * then days past due and breaches, each one query plan over every deal.
 */
export async function bringDealsToDate(tx: Tx, day: string, scope: DelinquencyScope): Promise<DelinquencyStats> {
  const D = Prisma.sql`${day}::date`;
  const dealIds = scope === 'all' ? null : [...scope.dealIds];
  const onDeal = (column: string) => (dealIds === null ? Prisma.empty : Prisma.sql`AND ${Prisma.raw(column)} = ANY(${dealIds}::int[])`);
  if (dealIds === null) await tx.$executeRaw`SET LOCAL work_mem = '64MB'`;

  // Deals in scope: the serviced ones, and any other still showing a DPD or an open breach
  // (closed since), which the close clears. `late`: what was paid after the business date,
  // counted as still owed on it (a re-run of a past date, a payment booked today while
  // yesterday is closed). `overdue`: installment claims overdue on the business date and what
  // of each was still owed on it.
  const common = Prisma.sql`
    scope_deals AS (
      SELECT d.id, d.type, d.state = ANY(${serviced}) AS serviced, d.non_paying_after_days AS threshold, d.days_past_due AS dpd_before
        FROM deals d
       WHERE (d.state = ANY(${serviced}) OR d.days_past_due <> 0 OR d.breach_types <> '{}'
              OR EXISTS (SELECT 1 FROM breaches b WHERE b.deal_id = d.id AND b.ended_on IS NULL))
         ${onDeal('d.id')}
    ),
    late AS (
      ${
        dealIds === null
          ? paidAfter(D)
          : Prisma.sql`SELECT a.claim_id, sum(a.amount) AS amount
                         FROM claims c JOIN payment_allocations a ON a.claim_id = c.id JOIN payments p ON p.id = a.payment_id
                        WHERE c.deal_id = ANY(${dealIds}::int[]) AND coalesce(a.allocated_on, p.date) > ${D} GROUP BY a.claim_id`
      }
    ),
    overdue AS (
      SELECT c.id, c.deal_id, c.due_date, c.amount - c.paid_amount + coalesce(l.amount, 0) AS outstanding
        FROM claims c
        JOIN scope_deals d ON d.id = c.deal_id AND d.serviced
        LEFT JOIN late l ON l.claim_id = c.id
       WHERE c.cancelled_at IS NULL AND c.paid_amount < c.amount AND c.due_date < ${D}
         AND c.type = ANY(${installmentTypes}) ${onDeal('c.deal_id')}
      UNION ALL
      SELECT c.id, c.deal_id, c.due_date, l.amount
        FROM late l
        JOIN claims c ON c.id = l.claim_id
        JOIN scope_deals d ON d.id = c.deal_id AND d.serviced
       WHERE c.cancelled_at IS NULL AND c.paid_amount >= c.amount AND c.due_date < ${D}
         AND c.type = ANY(${installmentTypes})
    )`;

  const penalty = await accruePenaltyInterest(tx, D, common, onDeal);
  const rest = await updateDpdAndBreaches(tx, D, common, onDeal);
  return { ...rest.figures, ...penalty, ...rest.changes };
}

/**
 * Penalty interest (úrok z prodlení, NV 351/2013 Sb.) on every installment claim of a serviced
 * deal that is or was overdue: one PENALTY_INTEREST claim per overdue claim, recomputed from
 * scratch each time as
 *   rate/100 × Σ over days d of delay (what of the claim was owed on d) / 365,
 * rounded to 8 places (accrued_exact) and half-up to the haléř (amount). A day of delay is
 * from the day after the due date (plus the deal's grace days) through the business date, the
 * day of a payment included (the payment lowers what is owed from the next day). The rate is the
 * ČNB repo rate valid on the first day of the half-year in which the delay began, plus 8 pp,
 * for the whole delay. Consumer loans: from the 91st day of a claim's delay the rate is the
 * lower of that and the contract's interest rate (§ 122(4) of 257/2016 Sb.).
 *
 * An accrual never goes backwards: it runs through the business date or the day it already
 * reached, whichever is later, so re-running a past date leaves later accruals in place; a
 * claim paid in full accrues through the day it was paid. A claim already partly paid is never
 * lowered below what was paid on it.
 */
async function accruePenaltyInterest(tx: Tx, D: Prisma.Sql, common: Prisma.Sql, onDeal: (column: string) => Prisma.Sql) {
  const [result] = await tx.$queryRaw<{ created: number; created_total: string; updated: number; updated_delta: string }[]>`
    WITH ${common},
    src AS (
      -- Claims overdue now, and claims whose penalty interest accrued before (paid since, or
      -- paid back-dated: their accrual is finished or corrected).
      SELECT id FROM overdue
      UNION
      SELECT p.source_claim_id FROM claims p JOIN scope_deals d ON d.id = p.deal_id AND d.serviced
       WHERE p.type = 'PENALTY_INTEREST' AND p.cancelled_at IS NULL AND p.source_claim_id IS NOT NULL ${onDeal('p.deal_id')}
    ),
    base AS (
      SELECT c.id, c.deal_id, c.creditor_id, c.due_date, c.amount, ${PENALTY_TERMS.columns},
             e.id AS existing_id, e.amount AS old_amount, e.rate AS old_rate,
             e.accrued_through AS old_through, e.accrued_exact AS old_exact,
             greatest(${D}, coalesce(e.accrued_through, ${D})) AS target
        FROM src
        JOIN claims c ON c.id = src.id
        JOIN scope_deals d ON d.id = c.deal_id AND d.serviced
        ${PENALTY_TERMS.joins}
        LEFT JOIN claims e ON e.source_claim_id = c.id AND e.type = 'PENALTY_INTEREST' AND e.cancelled_at IS NULL
       WHERE c.cancelled_at IS NULL AND c.type = ANY(${installmentTypes}) AND coalesce(pt_s.is_enabled, true)
    ),
    win AS (
      -- Days of the delay before the consumer cap at the regulation's rate, from the cap's first day at the capped one.
      SELECT b.*,
             least(b.target, coalesce(b.capped_from - 1, b.target)) AS w1_end,
             greatest(b.start_day, coalesce(b.capped_from, b.target + 1)) AS w2_start
        FROM base b
       WHERE b.rate IS NOT NULL AND b.start_day <= b.target
    ),
    paid AS (
      -- A payment on day p lowers what is owed from day p + 1: per window, its amount times the
      -- days of the window after p (credit used later counts from the day it was used).
      SELECT w.id,
             sum(a.amount * greatest(0, w.w1_end - greatest(w.start_day, a.paid_on + 1) + 1)) AS p1,
             sum(a.amount * greatest(0, w.target - greatest(w.w2_start, a.paid_on + 1) + 1)) AS p2,
             sum(a.amount) FILTER (WHERE a.paid_on <= w.target) AS paid_by_target,
             max(a.paid_on) FILTER (WHERE a.paid_on <= w.target) AS last_payment
        FROM win w
        JOIN (SELECT a.claim_id, a.amount, coalesce(a.allocated_on, p.date) AS paid_on
                FROM payment_allocations a JOIN payments p ON p.id = a.payment_id) a ON a.claim_id = w.id
       GROUP BY w.id
    ),
    computed AS (
      SELECT w.id AS source_id, w.deal_id, w.creditor_id, w.start_day, w.existing_id, w.old_amount, w.old_rate, w.old_through, w.old_exact, w.rate,
             round((w.rate * (w.amount * greatest(0, w.w1_end - w.start_day + 1) - coalesce(pd.p1, 0))
                    + w.capped_rate * (w.amount * greatest(0, w.target - w.w2_start + 1) - coalesce(pd.p2, 0))) / ${Prisma.raw(String(100 * DAY_COUNT_BASIS))}, 8) AS exact,
             CASE WHEN coalesce(pd.paid_by_target, 0) >= w.amount THEN least(w.target, pd.last_payment) ELSE w.target END AS through
        FROM win w LEFT JOIN paid pd ON pd.id = w.id
    ),
    updated AS (
      UPDATE claims c
         SET amount = greatest(round(p.exact, 2), c.paid_amount), accrued_exact = p.exact, accrued_through = p.through, rate = p.rate, updated_at = now()
        FROM computed p
       WHERE c.id = p.existing_id
         AND (p.old_exact IS DISTINCT FROM p.exact OR p.old_through IS DISTINCT FROM p.through OR p.old_rate IS DISTINCT FROM p.rate)
      RETURNING c.amount - p.old_amount AS delta
    ),
    -- ON CONFLICT: a payment's recompute of the same deal created it meanwhile, with the same figures.
    created AS (
      INSERT INTO claims (deal_id, type, creditor_id, due_date, amount, description, source_claim_id, rate, accrued_through, accrued_exact, updated_at)
      SELECT p.deal_id, 'PENALTY_INTEREST', p.creditor_id, p.start_day, round(p.exact, 2), 'Úrok z prodlení z pohledávky č. ' || p.source_id,
             p.source_id, p.rate, p.through, p.exact, now()
        FROM computed p
       WHERE p.existing_id IS NULL AND round(p.exact, 2) > 0
      ON CONFLICT DO NOTHING
      RETURNING amount
    )
    SELECT (SELECT count(*) FROM created)::int AS created, (SELECT coalesce(sum(amount), 0) FROM created)::text AS created_total,
           (SELECT count(*) FROM updated)::int AS updated, (SELECT coalesce(sum(delta), 0) FROM updated)::text AS updated_delta`;
  const r = result!;
  return {
    penalty_claims_created: r.created,
    penalty_claims_updated: r.updated,
    penalty_interest_accrued: new Prisma.Decimal(r.created_total).plus(r.updated_delta).toFixed(2),
  };
}

/**
 * Days past due, breaches and the deals' copies of both, as of the business date.
 * DPD: from the oldest installment claim still owed to the business date (0 when none).
 * Breaches due: NON_PAYING while DPD exceeds the deal's threshold (from the day it first did in
 * this delay); UNDELIVERED_<type> while an obligation of the type is past its due date
 * undelivered (from the day after it). One open breach per deal and type. A breach ends on the
 * business date whose close finds its cause gone (DPD back to 0; every such obligation
 * delivered). Re-running a past date never ends a breach before it began nor starts one that
 * history after that date already records.
 */
async function updateDpdAndBreaches(tx: Tx, D: Prisma.Sql, common: Prisma.Sql, onDeal: (column: string) => Prisma.Sql) {
  const [r] = await tx.$queryRaw<
    { serviced: number; overdue: number; b1: number; b2: number; b3: number; b4: number; dpd_changed: number; started: number; ended: number }[]
  >`
    WITH ${common},
    oldest AS (SELECT deal_id, min(due_date) AS oldest FROM overdue WHERE outstanding > 0 GROUP BY deal_id),
    dpd AS (
      SELECT sd.id, sd.serviced, sd.threshold, sd.dpd_before, o.oldest,
             CASE WHEN sd.serviced THEN coalesce(${D} - o.oldest, 0) ELSE 0 END AS dpd
        FROM scope_deals sd LEFT JOIN oldest o ON o.deal_id = sd.id
    ),
    due AS (
      SELECT id AS deal_id, 'NON_PAYING'::"BreachType" AS type, oldest + threshold + 1 AS start_day, NULL::int AS obligation_id
        FROM dpd WHERE serviced AND dpd > threshold
      UNION ALL
      (SELECT DISTINCT ON (o.deal_id, o.type) o.deal_id, ('UNDELIVERED_' || o.type::text)::"BreachType", o.due_date + 1, o.id
         FROM deal_obligations o JOIN scope_deals sd ON sd.id = o.deal_id AND sd.serviced
        WHERE o.due_date < ${D} AND (o.fulfilled_at IS NULL OR (o.fulfilled_at AT TIME ZONE 'Europe/Prague')::date > ${D})
          ${onDeal('o.deal_id')}
        ORDER BY o.deal_id, o.type, o.due_date, o.id)
    ),
    ended AS (
      UPDATE breaches b SET ended_on = ${D}, updated_at = now()
        FROM scope_deals sd
       WHERE b.deal_id = sd.id AND b.ended_on IS NULL AND b.started_on <= ${D}
         AND NOT EXISTS (SELECT 1 FROM due w WHERE w.deal_id = b.deal_id AND w.type = b.type)
      RETURNING b.id
    ),
    -- The cause of an open UNDELIVERED_* breach is now the oldest obligation still undelivered.
    reassigned AS (
      UPDATE breaches b SET obligation_id = w.obligation_id, updated_at = now()
        FROM due w
       WHERE b.deal_id = w.deal_id AND b.type = w.type AND b.ended_on IS NULL
         AND w.obligation_id IS NOT NULL AND b.obligation_id IS DISTINCT FROM w.obligation_id
      RETURNING b.id
    ),
    -- A new breach starts when every earlier one of its kind ended by the business date, never
    -- before the last of them ended. ON CONFLICT: a concurrent recompute of the deal opened it.
    started AS (
      INSERT INTO breaches (deal_id, type, obligation_id, started_on, updated_at)
      SELECT w.deal_id, w.type, w.obligation_id, greatest(w.start_day, coalesce(prev.last_end, w.start_day)), now()
        FROM due w
        LEFT JOIN LATERAL (SELECT max(p.ended_on) AS last_end FROM breaches p WHERE p.deal_id = w.deal_id AND p.type = w.type) prev ON true
       WHERE NOT EXISTS (SELECT 1 FROM breaches b WHERE b.deal_id = w.deal_id AND b.type = w.type
                            AND (b.ended_on IS NULL OR b.ended_on > ${D} OR b.started_on > ${D}))
      ON CONFLICT DO NOTHING
      RETURNING deal_id, type
    ),
    open_now AS (
      SELECT b.deal_id, b.type FROM breaches b JOIN scope_deals sd ON sd.id = b.deal_id
       WHERE b.ended_on IS NULL AND NOT EXISTS (SELECT 1 FROM ended e WHERE e.id = b.id)
      UNION ALL
      SELECT deal_id, type FROM started
    ),
    types AS (
      SELECT sd.id, coalesce(array_agg(o.type ORDER BY o.type) FILTER (WHERE o.type IS NOT NULL), '{}') AS types
        FROM scope_deals sd LEFT JOIN open_now o ON o.deal_id = sd.id
       GROUP BY sd.id
    ),
    -- deals.breach_types mirrors the open breaches (the deals list filters on it). Like every
    -- data-modifying WITH, it runs whether the final SELECT reads it or not.
    deals_updated AS (
      UPDATE deals d SET days_past_due = n.dpd, breach_types = t.types
        FROM dpd n JOIN types t ON t.id = n.id
       WHERE d.id = n.id AND (d.days_past_due <> n.dpd OR d.breach_types IS DISTINCT FROM t.types)
      RETURNING d.id
    )
    SELECT count(*) FILTER (WHERE serviced)::int AS serviced,
           count(oldest) FILTER (WHERE serviced)::int AS overdue,
           count(*) FILTER (WHERE serviced AND dpd BETWEEN 1 AND 30)::int AS b1,
           count(*) FILTER (WHERE serviced AND dpd BETWEEN 31 AND 60)::int AS b2,
           count(*) FILTER (WHERE serviced AND dpd BETWEEN 61 AND 90)::int AS b3,
           count(*) FILTER (WHERE serviced AND dpd > 90)::int AS b4,
           count(*) FILTER (WHERE dpd <> dpd_before)::int AS dpd_changed,
           (SELECT count(*) FROM started)::int AS started,
           (SELECT count(*) FROM ended)::int AS ended
      FROM dpd`;
  const f = r!;
  const buckets = [f.serviced - f.b1 - f.b2 - f.b3 - f.b4, f.b1, f.b2, f.b3, f.b4];
  return {
    figures: {
      serviced_deals: f.serviced,
      overdue_deals: f.overdue,
      dpd_buckets: Object.fromEntries(DpdBucket.values.map((bucket, i) => [bucket, buckets[i]!])) as DelinquencyStats['dpd_buckets'],
      deals_dpd_changed: f.dpd_changed,
    },
    changes: { breaches_started: f.started, breaches_ended: f.ended },
  };
}
