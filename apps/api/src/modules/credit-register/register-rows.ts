import type pg from 'pg';
import type { DealType, PersonRole } from '@lending/contracts';
import { INSTALLMENT_CLAIM_TYPES } from '../servicing/index.ts';
import { REPORTED_DEAL_TYPES, REPORTED_ROLES, type DealSource, type PersonSource, type RegisterPhase, type RepaymentSource } from './layout.ts';

// What the credit-register batch reads (docs/decisions/0050), as of the batch's `as_of` (the
// month's last day, a Prague calendar day). Everything is read on one connection in one
// REPEATABLE READ transaction (inSnapshot), so the counts in the headers, the records, and the
// deals and persons files all see the same data; rows come in keyset pages, never all at once.
//
// As of the month's end, from the claims and allocations:
// - the contract's phase, from the deal's state and the moments it was activated and closed;
// - overdue: installment claims (INSTALLMENT_CLAIM_TYPES) due on or before as_of, less what
//   payments dated on or before as_of paid of them — what the close of business of the next day
//   counts before that day's payments; days past due: from the oldest of them to as_of + 1;
// - worst days past due: the longest any installment claim due by as_of waited (until the
//   payment that completed it, or until as_of + 1);
// - outstanding: everything due by as_of and unpaid then (penalty interest left out: its amount
//   on a past day is not kept), plus the principal, rent and purchase price falling due later;
// - claims live then: not cancelled before as_of's end (as a claims statement as of a day reads).
// Current (not kept as of a day): the persons' data and the participants, the deal's amount,
// insolvency flag and contract number, the deal model's installment and term.

/** The moment a Prague calendar day ends, and the day after, for a query's `p` alias. */
const PARAMS = `
  params AS (
    SELECT $1::date AS as_of,
           $1::date + 1 AS next_day,
           date_trunc('month', $1::date)::date AS month_start,
           (($1::date + 1)::timestamp AT TIME ZONE 'Europe/Prague') AS day_end,
           (date_trunc('month', $1::date)::timestamp AT TIME ZONE 'Europe/Prague') AS month_start_at
  )`;

/** The contract's phase as of the day's end (deal `d`, params `p`). A timestamp not recorded (older data): the current state. */
const PHASE = `
  CASE
    WHEN d.state = 'CLOSED_APPLICATION' AND (d.closed_at IS NULL OR d.closed_at < p.day_end) THEN 'REFUSED'
    WHEN d.state = 'CLOSED' AND (d.closed_at IS NULL OR d.closed_at < p.day_end) THEN 'CLOSED'
    WHEN d.state IN ('ACTIVE', 'FILED_FOR_INSOLVENCY', 'CLOSED') AND (d.activated_at IS NULL OR d.activated_at < p.day_end) THEN 'ACTIVE'
    ELSE 'REQUEST'
  END`;

/** The reported deals (types, created by the day's end): $2 the types. */
const REPORTED = `d.type::text = ANY($2::text[]) AND d.created_at < p.day_end`;

/** Serviced in the month (what REPI reports): a contract at the month's end, or one closed during the month. */
const SERVICED_IN_MONTH = `(${PHASE} = 'ACTIVE' OR (${PHASE} = 'CLOSED' AND d.closed_at >= p.month_start_at))`;

/** Per deal `d`: its figures as of the day (claims live then, paid by allocations dated by then). $3 the installment claim types. */
const FIGURES = `
  LEFT JOIN LATERAL (
    SELECT max(x.due_date) FILTER (WHERE x.installment) AS maturity,
           coalesce(sum(x.amount - x.paid) FILTER (WHERE x.type <> 'PENALTY_INTEREST' AND (x.due_date <= p.as_of OR x.type IN ('PRINCIPAL', 'RENT', 'PURCHASE_PRICE'))), 0) AS outstanding,
           coalesce(sum(x.amount - x.paid) FILTER (WHERE x.installment AND x.due_date <= p.as_of), 0) AS overdue,
           coalesce(p.next_day - min(x.due_date) FILTER (WHERE x.installment AND x.due_date <= p.as_of AND x.paid < x.amount), 0) AS dpd,
           greatest(0, coalesce(max(CASE WHEN x.paid < x.amount THEN p.next_day ELSE x.paid_on END - x.due_date) FILTER (WHERE x.installment AND x.due_date <= p.as_of), 0)) AS worst_dpd,
           count(DISTINCT coalesce(x.claims_group_id, -x.id)) FILTER (WHERE x.installment AND x.due_date <= p.as_of AND x.paid < x.amount) AS overdue_installments,
           coalesce(sum(x.amount) FILTER (WHERE x.installment AND x.due_date >= p.month_start AND x.due_date <= p.as_of), 0) AS due_in_month,
           coalesce(sum(x.paid_in_month), 0) AS paid_in_month
      FROM (
        SELECT c.id, c.claims_group_id, c.type::text AS type, c.due_date, c.amount, c.type::text = ANY($3::text[]) AS installment,
               coalesce(a.paid, 0) AS paid, a.paid_on, a.paid_in_month
          FROM claims c
          LEFT JOIN LATERAL (
            SELECT sum(pa.amount) AS paid, max(coalesce(pa.allocated_on, pp.date)) AS paid_on,
                   sum(pa.amount) FILTER (WHERE coalesce(pa.allocated_on, pp.date) >= p.month_start) AS paid_in_month
              FROM payment_allocations pa JOIN payments pp ON pp.id = pa.payment_id
             WHERE pa.claim_id = c.id AND coalesce(pa.allocated_on, pp.date) <= p.as_of
          ) a ON true
         WHERE c.deal_id = d.id AND (c.cancelled_at IS NULL OR c.cancelled_at >= p.day_end)
      ) x
  ) f ON true`;

function dealsQuery(options: { repi: boolean }): string {
  return `
    WITH ${PARAMS}
    SELECT d.id, d.type::text AS type, d.contract_number, d.closed_reason::text AS closed_reason, d.value::text AS value, d.insolvency,
           ${PHASE} AS phase,
           (d.created_at AT TIME ZONE 'Europe/Prague')::date::text AS applied_on,
           (coalesce(d.signed_at, d.activated_at) AT TIME ZONE 'Europe/Prague')::date::text AS contracted_on,
           (d.closed_at AT TIME ZONE 'Europe/Prague')::date::text AS closed_on,
           m.installment_value::text AS installment_value, m.term_months,
           f.maturity::text AS maturity, f.outstanding::text AS outstanding, f.overdue::text AS overdue, f.dpd::int AS dpd, f.worst_dpd::int AS worst_dpd,
           f.overdue_installments::int AS overdue_installments, f.due_in_month::text AS due_in_month, f.paid_in_month::text AS paid_in_month,
           EXISTS (SELECT 1 FROM realty_groups g JOIN realty_group_realties gr ON gr.realty_group_id = g.id WHERE g.deal_id = d.id) AS realty_secured,
           EXISTS (SELECT 1 FROM deal_participants sp WHERE sp.deal_id = d.id AND sp.role IN ('PLEDGER', 'MORTGAGOR')) AS pledged
      FROM deals d CROSS JOIN params p
      -- The terms in force at the day's end (the latest version activated by then), else the latest asked for (an application's draft).
      LEFT JOIN LATERAL (
        SELECT mm.installment_value, mm.term_months FROM deal_models mm
         WHERE mm.deal_id = d.id
         ORDER BY (mm.activated_at IS NOT NULL AND mm.activated_at < p.day_end) DESC, mm.version DESC
         LIMIT 1
      ) m ON true
      ${FIGURES}
     WHERE ${REPORTED} ${options.repi ? `AND ${SERVICED_IN_MONTH}` : ''} AND d.id > $4
     ORDER BY d.id
     LIMIT $5`;
}

const PERSONS_QUERY = `
  WITH ${PARAMS}
  SELECT DISTINCT ON (dp.deal_id, dp.person_id)
         dp.deal_id, dp.person_id, dp.role::text AS role, d.contract_number,
         ps.identification_type::text AS identification_type, ps.first_name, ps.last_name, ps.company_name, ps.birth_number,
         ps.birth_date::text AS birth_date, ps.company_id, ps.citizenship,
         a.whole_address, a.street, a.house_number, a.city, a.zip, a.country
    FROM deal_participants dp
    JOIN deals d ON d.id = dp.deal_id
    CROSS JOIN params p
    JOIN persons ps ON ps.id = dp.person_id
    -- A natural person's permanent address, a legal person's registered seat; else whichever there is.
    LEFT JOIN LATERAL (
      SELECT pa.whole_address, pa.street, pa.house_number, pa.city, pa.zip, pa.country FROM person_addresses pa
       WHERE pa.person_id = ps.id
       ORDER BY pa.type::text = CASE WHEN ps.identification_type = 'ICO' THEN 'REGISTERED' ELSE 'PERMANENT' END DESC,
                pa.type = 'PERMANENT' DESC, pa.type = 'REGISTERED' DESC, pa.id
       LIMIT 1
    ) a ON true
   WHERE ${REPORTED} AND dp.role::text = ANY($3::text[])
     AND (dp.deal_id, dp.person_id) > ($4::int, $5::int)
   ORDER BY dp.deal_id, dp.person_id, array_position($3::text[], dp.role::text)
   LIMIT $6`;

const COUNTS_QUERY = `
  WITH ${PARAMS}
  SELECT (${PHASE}) AS phase, count(*)::int AS deals, count(*) FILTER (WHERE ${SERVICED_IN_MONTH})::int AS serviced
    FROM deals d CROSS JOIN params p
   WHERE ${REPORTED}
   GROUP BY 1`;

const PERSONS_COUNT_QUERY = `
  WITH ${PARAMS}
  SELECT count(*)::int AS persons FROM (
    SELECT DISTINCT dp.deal_id, dp.person_id
      FROM deal_participants dp JOIN deals d ON d.id = dp.deal_id CROSS JOIN params p
     WHERE ${REPORTED} AND dp.role::text = ANY($3::text[])
  ) q`;

interface DealRow {
  id: number;
  type: DealType;
  contract_number: string | null;
  closed_reason: string | null;
  value: string;
  insolvency: boolean;
  phase: RegisterPhase;
  applied_on: string;
  contracted_on: string | null;
  closed_on: string | null;
  installment_value: string | null;
  term_months: number | null;
  maturity: string | null;
  outstanding: string;
  overdue: string;
  dpd: number;
  worst_dpd: number;
  overdue_installments: number;
  due_in_month: string;
  paid_in_month: string;
  realty_secured: boolean;
  pledged: boolean;
}

interface PersonRow {
  deal_id: number;
  person_id: number;
  role: PersonRole;
  contract_number: string | null;
  identification_type: 'BIRTH_NUMBER' | 'ICO';
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  birth_number: string | null;
  birth_date: string | null;
  company_id: string | null;
  citizenship: string | null;
  whole_address: string | null;
  street: string | null;
  house_number: string | null;
  city: string | null;
  zip: string | null;
  country: string | null;
}

const dealSource = (r: DealRow): DealSource => ({
  dealId: r.id,
  contractNumber: r.contract_number,
  dealType: r.type,
  phase: r.phase,
  closedReason: r.closed_reason,
  appliedOn: r.applied_on,
  contractedOn: r.contracted_on,
  maturityOn: r.maturity,
  closedOn: r.closed_on,
  creditAmount: r.value,
  installmentAmount: r.installment_value,
  installments: r.term_months,
  outstanding: r.outstanding,
  overdue: r.overdue,
  daysPastDue: r.dpd,
  worstDaysPastDue: r.worst_dpd,
  realtySecured: r.realty_secured,
  pledged: r.pledged,
  insolvency: r.insolvency,
});

const repaymentSource = (r: DealRow): RepaymentSource => ({
  dealId: r.id,
  contractNumber: r.contract_number,
  phase: r.phase,
  dueInMonth: r.due_in_month,
  paidInMonth: r.paid_in_month,
  overdue: r.overdue,
  daysPastDue: r.dpd,
  overdueInstallments: r.overdue_installments,
});

const personSource = (r: PersonRow): PersonSource => ({
  dealId: r.deal_id,
  contractNumber: r.contract_number,
  role: r.role,
  personId: r.person_id,
  identificationType: r.identification_type,
  firstName: r.first_name,
  lastName: r.last_name,
  companyName: r.company_name,
  birthNumber: r.birth_number,
  birthDate: r.birth_date,
  companyId: r.company_id,
  citizenship: r.citizenship,
  wholeAddress: r.whole_address,
  street: r.street,
  houseNumber: r.house_number,
  city: r.city,
  zip: r.zip,
  country: r.country,
});

/** The rows of one snapshot of the data, as of `asOf`. */
export interface RegisterSnapshot {
  /** Reported deals by phase, and how many of each REPI reports. */
  counts(): Promise<{ deals: number; persons: number; serviced: number; byPhase: Record<RegisterPhase, number> }>;
  deals(): AsyncGenerator<DealSource[]>;
  persons(): AsyncGenerator<PersonSource[]>;
  repayments(): AsyncGenerator<RepaymentSource[]>;
}

/**
 * Runs `work` on one connection in a REPEATABLE READ, read-only transaction: every query of the
 * snapshot sees the database as it was at its first query. The connection is held for the
 * job's run (a job, not a download: no client on the other end to wait for).
 */
export async function inSnapshot<T>(pool: pg.Pool, asOf: string, work: (snapshot: RegisterSnapshot) => Promise<T>, pageSize = 1000): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const result = await work(snapshotOn(client, asOf, pageSize));
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollback: Error) => {
      broken = rollback;
    });
    throw error;
  } finally {
    // A connection whose transaction could not be ended is not handed out again.
    client.release(broken);
  }
}

function snapshotOn(client: pg.PoolClient, asOf: string, size: number): RegisterSnapshot {
  const types = REPORTED_DEAL_TYPES;
  const installmentTypes = [...INSTALLMENT_CLAIM_TYPES];
  const roles = REPORTED_ROLES;

  async function* dealPages(repi: boolean): AsyncGenerator<DealRow[]> {
    const text = dealsQuery({ repi });
    let after = 0;
    for (;;) {
      const { rows } = await client.query<DealRow>(text, [asOf, types, installmentTypes, after, size]);
      if (rows.length) yield rows;
      if (rows.length < size) return;
      after = rows.at(-1)!.id;
    }
  }

  return {
    async counts() {
      const { rows } = await client.query<{ phase: RegisterPhase; deals: number; serviced: number }>(COUNTS_QUERY, [asOf, types]);
      const byPhase: Record<RegisterPhase, number> = { REQUEST: 0, REFUSED: 0, ACTIVE: 0, CLOSED: 0 };
      for (const r of rows) byPhase[r.phase] = r.deals;
      const persons = await client.query<{ persons: number }>(PERSONS_COUNT_QUERY, [asOf, types, roles]);
      return {
        deals: rows.reduce((sum, r) => sum + r.deals, 0),
        serviced: rows.reduce((sum, r) => sum + r.serviced, 0),
        persons: persons.rows[0]!.persons,
        byPhase,
      };
    },
    async *deals() {
      for await (const rows of dealPages(false)) yield rows.map(dealSource);
    },
    async *repayments() {
      for await (const rows of dealPages(true)) yield rows.map(repaymentSource);
    },
    async *persons() {
      let after: [number, number] = [0, 0];
      for (;;) {
        const { rows } = await client.query<PersonRow>(PERSONS_QUERY, [asOf, types, roles, after[0], after[1], size]);
        if (rows.length) yield rows.map(personSource);
        if (rows.length < size) return;
        const last = rows.at(-1)!;
        after = [last.deal_id, last.person_id];
      }
    },
  };
}
