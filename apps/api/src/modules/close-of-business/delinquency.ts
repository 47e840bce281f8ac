import { DpdBucket, type CloseOfBusinessStats } from '@lending/contracts';
import { Prisma } from '../../generated/prisma/client.ts';

// The set-based heart of the close of business (docs/decisions/0026): penalty interest, days past
// due and breaches of every serviced deal as of one business date, in a handful of statements
// over temporary tables, whatever the number of deals. The same statements, limited to one deal,
// are what a payment's allocation calls (recomputeDelinquency).

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

/** NV 351/2013 Sb. § 2: the repo rate of the delay's half-year plus this many percentage points. */
export const PENALTY_MARGIN_PP = 8;
/** Days of a year in the penalty-interest formula (Czech practice: amount × rate × days / 365). */
export const DAY_COUNT_BASIS = 365;
/** § 122(4) of 257/2016 Sb.: the cap applies to an amount in delay longer than this many days. */
export const CONSUMER_CAP_AFTER_DAYS = 90;

/** Everything of all deals, or of one deal. */
export type DelinquencyScope = { dealId: number } | 'all';

export type DelinquencyStats = Omit<CloseOfBusinessStats, 'trigger' | 'runs' | 'duration_ms'>;

/** One key for the close of business: held exclusively by a close, shared by deal recomputes. */
const LOCK = Prisma.sql`hashtextextended('lending:close-of-business', 0)`;

/** Waits for a running close of business; taken exclusively by a close, shared by one-deal recomputes. */
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

async function temp(tx: Tx, name: string, columns: string): Promise<void> {
  await tx.$executeRaw(Prisma.raw(`DROP TABLE IF EXISTS ${name}`));
  await tx.$executeRaw(Prisma.raw(`CREATE TEMP TABLE ${name} (${columns}) ON COMMIT DROP`));
}

/**
 * Brings the deals of `scope` to the business date `day` (YYYY-MM-DD): penalty interest accrued
 * through it, days past due as of it, breaches begun and ended. Runs in the caller's
 * transaction, which must hold the close-of-business lock (exclusive for 'all', shared for one
 * deal). Everything is computed from the claims, payments and obligations as they stand, so a
 * second run with nothing changed changes nothing, and one run after several missed days
 * equals the days run one by one.
 */
export async function bringDealsToDate(tx: Tx, day: string, scope: DelinquencyScope): Promise<DelinquencyStats> {
  const D = Prisma.sql`${day}::date`;
  const dealId = scope === 'all' ? null : scope.dealId;
  const onDeal = (column: string) => (dealId === null ? Prisma.empty : Prisma.sql`AND ${Prisma.raw(column)} = ${dealId}`);
  const analyze = async (table: string) => {
    // Planner statistics for the big run; a one-deal recompute has a handful of rows.
    if (dealId === null) await tx.$executeRaw(Prisma.raw(`ANALYZE ${table}`));
  };
  if (dealId === null) await tx.$executeRaw`SET LOCAL work_mem = '64MB'`;

  // Deals in scope: the serviced ones, and any other still showing a DPD or an open breach
  // (closed since), which the close clears.
  await temp(tx, 'cob_deals', 'id int PRIMARY KEY, type "DealType" NOT NULL, serviced boolean NOT NULL, threshold int NOT NULL, dpd_before int NOT NULL');
  await tx.$executeRaw`
    INSERT INTO cob_deals (id, type, serviced, threshold, dpd_before)
    SELECT d.id, d.type, d.state = ANY(${serviced}), d.non_paying_after_days, d.days_past_due
      FROM deals d
     WHERE (d.state = ANY(${serviced}) OR d.days_past_due <> 0 OR d.breach_types <> '{}'
            OR EXISTS (SELECT 1 FROM breaches b WHERE b.deal_id = d.id AND b.ended_on IS NULL))
       ${onDeal('d.id')}`;
  await analyze('cob_deals');

  // Paid after the business date: counted as still owed on it (a re-run of a past date, a payment
  // booked today while yesterday is closed).
  await temp(tx, 'cob_late', 'claim_id int PRIMARY KEY, amount numeric NOT NULL');
  await tx.$executeRaw`
    INSERT INTO cob_late (claim_id, amount)
    SELECT a.claim_id, sum(a.amount)
      FROM payments p JOIN payment_allocations a ON a.payment_id = p.id
      ${dealId === null ? Prisma.empty : Prisma.sql`JOIN claims c ON c.id = a.claim_id AND c.deal_id = ${dealId}`}
     WHERE p.date > ${D}
     GROUP BY a.claim_id`;

  // Installment claims overdue on the business date and what of each was still owed on it.
  await temp(tx, 'cob_overdue', 'id int PRIMARY KEY, deal_id int NOT NULL, due_date date NOT NULL, outstanding numeric NOT NULL');
  await tx.$executeRaw`
    INSERT INTO cob_overdue (id, deal_id, due_date, outstanding)
    SELECT c.id, c.deal_id, c.due_date, c.amount - c.paid_amount + coalesce(l.amount, 0)
      FROM claims c
      JOIN cob_deals d ON d.id = c.deal_id AND d.serviced
      LEFT JOIN cob_late l ON l.claim_id = c.id
     WHERE c.cancelled_at IS NULL AND c.paid_amount < c.amount AND c.due_date < ${D}
       AND c.type = ANY(${installmentTypes}) ${onDeal('c.deal_id')}
    UNION ALL
    SELECT c.id, c.deal_id, c.due_date, l.amount
      FROM cob_late l
      JOIN claims c ON c.id = l.claim_id
      JOIN cob_deals d ON d.id = c.deal_id AND d.serviced
     WHERE c.cancelled_at IS NULL AND c.paid_amount >= c.amount AND c.due_date < ${D}
       AND c.type = ANY(${installmentTypes})`;
  await analyze('cob_overdue');

  await temp(tx, 'cob_dpd', 'deal_id int PRIMARY KEY, oldest date NOT NULL');
  await tx.$executeRaw`INSERT INTO cob_dpd (deal_id, oldest) SELECT deal_id, min(due_date) FROM cob_overdue WHERE outstanding > 0 GROUP BY deal_id`;
  await analyze('cob_dpd');

  const penalty = await accruePenaltyInterest(tx, D, onDeal);

  // Days past due: from the oldest installment claim still owed to the business date.
  const dpdChanged = await tx.$executeRaw`
    UPDATE deals d SET days_past_due = n.dpd
      FROM (SELECT cd.id, CASE WHEN cd.serviced THEN coalesce(${D} - dp.oldest, 0) ELSE 0 END AS dpd
              FROM cob_deals cd LEFT JOIN cob_dpd dp ON dp.deal_id = cd.id) n
     WHERE d.id = n.id AND d.days_past_due <> n.dpd`;

  const breaches = await updateBreaches(tx, D, dealId);

  const [figures] = await tx.$queryRaw<{ serviced: number; overdue: number; b1: number; b2: number; b3: number; b4: number }[]>`
    SELECT count(*) FILTER (WHERE cd.serviced)::int AS serviced,
           count(dp.deal_id) FILTER (WHERE cd.serviced)::int AS overdue,
           count(*) FILTER (WHERE cd.serviced AND ${D} - dp.oldest BETWEEN 1 AND 30)::int AS b1,
           count(*) FILTER (WHERE cd.serviced AND ${D} - dp.oldest BETWEEN 31 AND 60)::int AS b2,
           count(*) FILTER (WHERE cd.serviced AND ${D} - dp.oldest BETWEEN 61 AND 90)::int AS b3,
           count(*) FILTER (WHERE cd.serviced AND ${D} - dp.oldest > 90)::int AS b4
      FROM cob_deals cd LEFT JOIN cob_dpd dp ON dp.deal_id = cd.id`;
  const f = figures!;
  const buckets = [f.serviced - f.b1 - f.b2 - f.b3 - f.b4, f.b1, f.b2, f.b3, f.b4];
  return {
    serviced_deals: f.serviced,
    overdue_deals: f.overdue,
    dpd_buckets: Object.fromEntries(DpdBucket.values.map((bucket, i) => [bucket, buckets[i]!])) as DelinquencyStats['dpd_buckets'],
    deals_dpd_changed: dpdChanged,
    ...penalty,
    ...breaches,
  };
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
async function accruePenaltyInterest(tx: Tx, D: Prisma.Sql, onDeal: (column: string) => Prisma.Sql) {
  await temp(
    tx,
    'cob_penalty',
    'source_id int PRIMARY KEY, deal_id int NOT NULL, creditor_id int, start_day date NOT NULL, existing_id int, old_amount numeric, rate numeric NOT NULL, exact numeric NOT NULL, through date NOT NULL',
  );
  await tx.$executeRaw`
    WITH src AS (
      SELECT id FROM cob_overdue
      UNION
      SELECT p.source_claim_id FROM claims p JOIN cob_deals d ON d.id = p.deal_id AND d.serviced
       WHERE p.type = 'PENALTY_INTEREST' AND p.cancelled_at IS NULL AND p.source_claim_id IS NOT NULL ${onDeal('p.deal_id')}
    ),
    base AS (
      SELECT c.id, c.deal_id, c.creditor_id, c.due_date, c.amount,
             c.due_date + coalesce(s.grace_days, 0) + 1 AS start_day,
             e.id AS existing_id, e.amount AS old_amount,
             greatest(${D}, coalesce(e.accrued_through, ${D})) AS target,
             (SELECT r.rate FROM repo_rates r
               WHERE r.valid_from <= make_date(extract(year FROM c.due_date + 1)::int, CASE WHEN extract(month FROM c.due_date + 1) <= 6 THEN 1 ELSE 7 END, 1)
               ORDER BY r.valid_from DESC LIMIT 1) + ${Prisma.raw(String(PENALTY_MARGIN_PP))} AS rate,
             CASE WHEN d.type = 'CONSUMER_LOAN' THEN coalesce(m.annual_interest_rate, am.annual_interest_rate) END AS consumer_rate
        FROM src
        JOIN claims c ON c.id = src.id
        JOIN cob_deals d ON d.id = c.deal_id AND d.serviced
        LEFT JOIN claims_settings s ON s.deal_id = c.deal_id AND s.type = 'PENALTY_INTEREST'
        LEFT JOIN claims e ON e.source_claim_id = c.id AND e.type = 'PENALTY_INTEREST' AND e.cancelled_at IS NULL
        LEFT JOIN claims_groups g ON g.id = c.claims_group_id
        LEFT JOIN deal_models m ON m.id = g.deal_model_id
        LEFT JOIN deal_models am ON am.deal_id = c.deal_id AND am.state = 'ACTIVE'
       WHERE c.cancelled_at IS NULL AND c.type = ANY(${installmentTypes}) AND coalesce(s.is_enabled, true)
    ),
    win AS (
      -- Days 1–90 of the delay at the regulation's rate, from day 91 at the capped one.
      SELECT b.*,
             least(b.target, b.due_date + ${Prisma.raw(String(CONSUMER_CAP_AFTER_DAYS))}) AS w1_end,
             greatest(b.start_day, b.due_date + ${Prisma.raw(String(CONSUMER_CAP_AFTER_DAYS + 1))}) AS w2_start,
             CASE WHEN b.consumer_rate < b.rate THEN b.consumer_rate ELSE b.rate END AS capped_rate
        FROM base b
       WHERE b.rate IS NOT NULL AND b.start_day <= b.target
    ),
    paid AS (
      -- A payment on day p lowers what is owed from day p + 1: per window, its amount times the
      -- days of the window after p.
      SELECT w.id,
             sum(a.amount * greatest(0, w.w1_end - greatest(w.start_day, p.date + 1) + 1)) AS p1,
             sum(a.amount * greatest(0, w.target - greatest(w.w2_start, p.date + 1) + 1)) AS p2,
             sum(a.amount) FILTER (WHERE p.date <= w.target) AS paid_by_target,
             max(p.date) FILTER (WHERE p.date <= w.target) AS last_payment
        FROM win w
        JOIN payment_allocations a ON a.claim_id = w.id
        JOIN payments p ON p.id = a.payment_id
       GROUP BY w.id
    )
    INSERT INTO cob_penalty (source_id, deal_id, creditor_id, start_day, existing_id, old_amount, rate, exact, through)
    SELECT w.id, w.deal_id, w.creditor_id, w.start_day, w.existing_id, w.old_amount, w.rate,
           round((w.rate * (w.amount * greatest(0, w.w1_end - w.start_day + 1) - coalesce(pd.p1, 0))
                  + w.capped_rate * (w.amount * greatest(0, w.target - w.w2_start + 1) - coalesce(pd.p2, 0))) / ${Prisma.raw(String(100 * DAY_COUNT_BASIS))}, 8),
           CASE WHEN coalesce(pd.paid_by_target, 0) >= w.amount THEN least(w.target, pd.last_payment) ELSE w.target END
      FROM win w LEFT JOIN paid pd ON pd.id = w.id`;

  const [updated] = await tx.$queryRaw<{ n: number; delta: string }[]>`
    WITH u AS (
      UPDATE claims c
         SET amount = greatest(round(p.exact, 2), c.paid_amount), accrued_exact = p.exact, accrued_through = p.through, rate = p.rate, updated_at = now()
        FROM cob_penalty p
       WHERE c.id = p.existing_id
         AND (c.accrued_exact IS DISTINCT FROM p.exact OR c.accrued_through IS DISTINCT FROM p.through OR c.rate IS DISTINCT FROM p.rate)
      RETURNING c.amount - p.old_amount AS delta
    )
    SELECT count(*)::int AS n, coalesce(sum(delta), 0)::text AS delta FROM u`;
  // ON CONFLICT: a payment's recompute of the same deal created it meanwhile, with the same figures.
  const [created] = await tx.$queryRaw<{ n: number; total: string }[]>`
    WITH i AS (
      INSERT INTO claims (deal_id, type, creditor_id, due_date, amount, description, source_claim_id, rate, accrued_through, accrued_exact, updated_at)
      SELECT p.deal_id, 'PENALTY_INTEREST', p.creditor_id, p.start_day, round(p.exact, 2), 'Úrok z prodlení z pohledávky č. ' || p.source_id,
             p.source_id, p.rate, p.through, p.exact, now()
        FROM cob_penalty p
       WHERE p.existing_id IS NULL AND round(p.exact, 2) > 0
      ON CONFLICT DO NOTHING
      RETURNING amount
    )
    SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS total FROM i`;
  return {
    penalty_claims_created: created!.n,
    penalty_claims_updated: updated!.n,
    penalty_interest_accrued: new Prisma.Decimal(created!.total).plus(updated!.delta).toFixed(2),
  };
}

/**
 * Breaches as of the business date. Due: NON_PAYING while days past due exceed the deal's
 * threshold (from the day they first did in this delay); UNDELIVERED_<type> while an obligation
 * of the type is past its due date undelivered (from the day after it). One open breach per
 * deal and type. A breach ends on the business date whose close finds its cause gone (DPD
 * back to 0; every such obligation delivered). Re-running a past date never ends a breach
 * before it began nor starts one that history after that date already records.
 */
async function updateBreaches(tx: Tx, D: Prisma.Sql, dealId: number | null) {
  await temp(tx, 'cob_breach_due', 'deal_id int NOT NULL, type "BreachType" NOT NULL, start_day date NOT NULL, obligation_id int, PRIMARY KEY (deal_id, type)');
  await tx.$executeRaw`
    INSERT INTO cob_breach_due (deal_id, type, start_day, obligation_id)
    SELECT cd.id, 'NON_PAYING'::"BreachType", dp.oldest + cd.threshold + 1, NULL::int
      FROM cob_deals cd JOIN cob_dpd dp ON dp.deal_id = cd.id
     WHERE cd.serviced AND ${D} - dp.oldest > cd.threshold
    UNION ALL
    (SELECT DISTINCT ON (o.deal_id, o.type) o.deal_id, ('UNDELIVERED_' || o.type::text)::"BreachType", o.due_date + 1, o.id
       FROM deal_obligations o JOIN cob_deals cd ON cd.id = o.deal_id AND cd.serviced
      WHERE o.due_date < ${D} AND (o.fulfilled_at IS NULL OR (o.fulfilled_at AT TIME ZONE 'Europe/Prague')::date > ${D})
        ${dealId === null ? Prisma.empty : Prisma.sql`AND o.deal_id = ${dealId}`}
      ORDER BY o.deal_id, o.type, o.due_date, o.id)`;

  const ended = await tx.$executeRaw`
    UPDATE breaches b SET ended_on = ${D}, updated_at = now()
      FROM cob_deals cd
     WHERE b.deal_id = cd.id AND b.ended_on IS NULL AND b.started_on <= ${D}
       AND NOT EXISTS (SELECT 1 FROM cob_breach_due w WHERE w.deal_id = b.deal_id AND w.type = b.type)`;

  // The cause of an open UNDELIVERED_* breach is now the oldest obligation still undelivered.
  await tx.$executeRaw`
    UPDATE breaches b SET obligation_id = w.obligation_id, updated_at = now()
      FROM cob_breach_due w
     WHERE b.deal_id = w.deal_id AND b.type = w.type AND b.ended_on IS NULL
       AND w.obligation_id IS NOT NULL AND b.obligation_id IS DISTINCT FROM w.obligation_id`;

  // A new breach starts when every earlier one of its kind ended by the business date; never
  // before the last of them ended. ON CONFLICT: a concurrent recompute of the deal opened it.
  const started = await tx.$executeRaw`
    INSERT INTO breaches (deal_id, type, obligation_id, started_on, updated_at)
    SELECT w.deal_id, w.type, w.obligation_id, greatest(w.start_day, coalesce(prev.last_end, w.start_day)), now()
      FROM cob_breach_due w
      LEFT JOIN LATERAL (SELECT max(p.ended_on) AS last_end FROM breaches p WHERE p.deal_id = w.deal_id AND p.type = w.type) prev ON true
     WHERE NOT EXISTS (SELECT 1 FROM breaches b WHERE b.deal_id = w.deal_id AND b.type = w.type
                          AND (b.ended_on IS NULL OR b.ended_on > ${D} OR b.started_on > ${D}))
    ON CONFLICT DO NOTHING`;

  // deals.breach_types mirrors the open breaches (the deals list filters on it).
  await tx.$executeRaw`
    UPDATE deals d SET breach_types = n.types
      FROM (SELECT cd.id, coalesce(array_agg(b.type ORDER BY b.type) FILTER (WHERE b.id IS NOT NULL), '{}') AS types
              FROM cob_deals cd LEFT JOIN breaches b ON b.deal_id = cd.id AND b.ended_on IS NULL
             GROUP BY cd.id) n
     WHERE d.id = n.id AND d.breach_types IS DISTINCT FROM n.types`;

  return { breaches_started: started, breaches_ended: ended };
}
