// A loan book's bank movements in bulk for the load benchmark, generated inside PostgreSQL as
// the leads are (INSERT … SELECT over generate_series: a million rows take a minute, where
// sending them from here would take several), deterministic for a given count (setseed).
//
// The deals of generatePersons (ACTIVE and CLOSED ones; ~22,500 at 100,000 persons) become
// loans: a variable symbol, a contract number, a monthly schedule (a PRINCIPAL and an INTEREST
// claim per installment, interest on the remaining principal) that began as many months ago as
// makes the book reach `count` payments. Their borrowers pay as statements show it: from their
// own account (a valid Czech account number, the bank's code), under their name as banks write
// it ("NOVÁK JAN", "Jan Novák"), with the variable symbol (now and then only the specific one,
// or nothing but the known account), a message of their own; 85 % on the due date or a few
// days before, 10 % weeks late, 5 % stopped paying at some installment; closed loans were paid
// to the end. Each paired payment is allocated to its installment's interest, then principal
// (the claims' paid amounts are the allocations' sums). The lender's payout of each loan is an
// outgoing payment of the deal; ~1.5 % of the movements are nobody's (unknown or no symbol,
// someone's account: the unpaired queue), ~0.5 % the lender's own outgoing payments (suppliers,
// the tax office), and one paid installment in 2,000 was taken back by the bank (a storno entry;
// the installment stays unpaid). Each month's movements came in that month's camt.053 statement
// (imported on its last day), except ~5 % pushed by bulk create (no statement). Staff left a
// note on a few (0.3 % of the installments, 8 % of the unpaired). payment_counts follows by its
// triggers (docs/decisions/0043), which fire also with the others switched off.
import type pg from 'pg';

export interface GeneratedPayments {
  payments: number;
  paired: number;
  unpaired: number;
  outgoing: number;
  reversals: number;
  claims: number;
  allocations: number;
  statements: number;
  loans: number;
}

/** Share of the movements in the unpaired queue, and of the lender's own outgoing payments. */
const UNPAIRED_SHARE = 0.015;
const OWN_OUTGOING_SHARE = 0.005;

/**
 * Inserts about `count` payments (with their claims, allocations and statements) over the deals
 * of generatePersons. Runs on one connection (setseed is per session) with the triggers off
 * (session_replication_role): the rows are consistent by construction, as a restore's are.
 */
export async function generatePayments(pool: pg.Pool, count: number): Promise<GeneratedPayments> {
  const client = await pool.connect();
  const q = (sql: string, params: unknown[] = []) => client.query(sql, params);
  try {
    await q('SELECT setseed(0.37)');
    const { rows: [serviced] } = await q(`SELECT count(*)::int AS n FROM deals WHERE state IN ('ACTIVE', 'CLOSED')`);
    const loans = (serviced as { n: number }).n;
    if (!loans) throw new Error('generatePayments needs the deals of generatePersons');
    // Installments a loan has had on average: the rest of the book is payouts, the unpaired
    // queue and the lender's own payments; ~2.5 % of the installments fallen due are not paid.
    const months = Math.max(1, (count * (1 - UNPAIRED_SHARE - OWN_OUTGOING_SHARE) - loans) / loans / 0.975);
    await q('SET session_replication_role = replica');

    // A Czech account number (prefix-number/bank) passing the ČNB decree's modulo-11 check: nine
    // random digits, the tenth making the weighted sum divisible by 11 (when it would have to be
    // 10, the ninth digit moves by one, which changes the sum by 2 or -18).
    await q(`
      CREATE FUNCTION pg_temp.bench_account(r double precision) RETURNS text LANGUAGE sql IMMUTABLE AS $$
        WITH base AS (SELECT lpad((100000000 + floor(r * 899999999))::bigint::text, 9, '0') AS d),
             weighted AS (SELECT d, (SELECT sum(substr(d, i, 1)::int * (ARRAY[6, 3, 7, 9, 10, 5, 8, 4, 2])[i]) FROM generate_series(1, 9) i) AS s FROM base),
             fixed AS (SELECT CASE WHEN (11 - s % 11) % 11 = 10 THEN left(d, 8) || ((substr(d, 9, 1)::int + 1) % 10)::text ELSE d END AS d FROM weighted),
             checked AS (SELECT d, (SELECT sum(substr(d, i, 1)::int * (ARRAY[6, 3, 7, 9, 10, 5, 8, 4, 2])[i]) FROM generate_series(1, 9) i) AS s FROM fixed)
        SELECT CASE WHEN floor(r * 10000)::int % 100 < 10 THEN '19-' WHEN floor(r * 10000)::int % 100 < 15 THEN '670100-' ELSE '' END
               || d || ((11 - s % 11) % 11)::text || '/'
               || (ARRAY['0800', '0100', '0300', '3030', '0600', '5500', '2010', '2700', '0800', '3030', '6210', '0100'])[1 + floor(r * 1000000)::int % 12]
          FROM checked
      $$`);

    // One row per loan: its borrower, schedule and habit.
    await q(
      `CREATE UNLOGGED TABLE bench_loans AS
       SELECT d.id AS deal_id, d.state, d.value AS principal,
              coalesce(p.company_name, p.first_name || ' ' || p.last_name) AS full_name, p.first_name, p.last_name, p.company_name,
              l.elapsed,
              CASE WHEN d.state = 'CLOSED' THEN l.elapsed ELSE l.elapsed + 6 + floor(l.r_term * 60)::int END AS term,
              round((6.9 + l.r_rate * 15)::numeric, 2) AS rate,
              -- The first due date: as many months back as installments have fallen due (closed
              -- loans ended up to two years ago), on the loan's due day.
              (date_trunc('month', current_date - make_interval(months => l.elapsed - 1 + CASE WHEN d.state = 'CLOSED' THEN 1 + floor(l.r_end * 24)::int ELSE 0 END))::date
                + floor(l.r_day * 28)::int) AS first_due,
              CASE WHEN d.state = 'CLOSED' OR l.r_habit < 0.85 THEN 'punctual' WHEN l.r_habit < 0.95 THEN 'late' ELSE 'stopped' END AS habit,
              1 + floor(l.r_stop * l.elapsed)::int AS stops_at,
              pg_temp.bench_account(l.r_account) AS account,
              -- How the borrower's bank writes the name: upper case surname first, as typed, or surname first.
              CASE WHEN p.company_name IS NOT NULL THEN upper(p.company_name)
                   WHEN l.r_name < 0.45 THEN upper(p.last_name || ' ' || p.first_name)
                   WHEN l.r_name < 0.85 THEN p.first_name || ' ' || p.last_name
                   ELSE p.last_name || ' ' || p.first_name END AS payer_name,
              l.r_message
         FROM deals d
         JOIN LATERAL (SELECT dp.person_id FROM deal_participants dp WHERE dp.deal_id = d.id AND dp.role = 'BORROWER' ORDER BY dp.id LIMIT 1) b ON true
         JOIN persons p ON p.id = b.person_id
         CROSS JOIN LATERAL (SELECT 1 + floor(random() * (2 * $1::float8 - 1))::int AS elapsed, random() AS r_term, random() AS r_rate, random() AS r_end, random() AS r_day,
                                    random() AS r_habit, random() AS r_stop, random() AS r_account, random() AS r_name, random() AS r_message, d.id AS tie) l
        WHERE d.state IN ('ACTIVE', 'CLOSED')`,
      [months],
    );
    await q(`
      UPDATE deals d SET variable_symbol = (1000000000 + d.id * 37)::text,
                         contract_number = 'SML-' || to_char(l.first_due - interval '1 month', 'YYYY') || '-' || lpad(d.id::text, 6, '0'),
                         allocation_profile = 'LOAN_ALLOCATION_PROFILE_V1',
                         activated_at = (l.first_due - interval '1 month')::timestamptz,
                         closed_at = CASE WHEN d.state = 'CLOSED' THEN (l.first_due + make_interval(months => l.term - 1) + interval '3 days')::timestamptz END,
                         closed_reason = CASE WHEN d.state = 'CLOSED' THEN 'CLOSED_DULY'::"DealClosedReason" END,
                         created_at = (l.first_due - interval '1 month' - interval '12 days')::timestamptz
        FROM bench_loans l WHERE l.deal_id = d.id`);
    // Applications and other deals have their symbols too (a payment may name one).
    await q(`UPDATE deals SET variable_symbol = (1000000000 + id * 37)::text WHERE variable_symbol IS NULL`);

    // One row per installment fallen due (and the next one of a running loan): what it is, and
    // when and how it was paid.
    await q(`
      CREATE UNLOGGED TABLE bench_installments AS
      SELECT i.*, row_number() OVER (ORDER BY i.deal_id, i.k) AS n
        FROM (
          SELECT l.deal_id, k, (l.first_due + make_interval(months => k - 1))::date AS due_date,
                 round(l.principal / l.term, 2) + CASE WHEN k = l.term THEN l.principal - l.term * round(l.principal / l.term, 2) ELSE 0 END AS principal_part,
                 round((l.principal - (k - 1) * round(l.principal / l.term, 2)) * l.rate / 1200, 2) AS interest_part,
                 CASE WHEN l.habit = 'stopped' AND k >= l.stops_at THEN NULL
                      WHEN l.habit = 'late' THEN (l.first_due + make_interval(months => k - 1))::date + 5 + floor(random() * 21)::int
                      ELSE (l.first_due + make_interval(months => k - 1))::date - floor(random() * random() * 4)::int END AS pay_on,
                 random() AS r_channel, random() AS r_reverse, random() AS r_bulk
            FROM bench_loans l CROSS JOIN LATERAL generate_series(1, least(l.term, l.elapsed + 1)) k
        ) i
       WHERE i.due_date <= current_date + 31`);
    // Paid: on a day before today. Reversed: the bank took the payment back, the installment is unpaid.
    await q(`
      ALTER TABLE bench_installments ADD COLUMN paid boolean, ADD COLUMN reversed boolean;
      UPDATE bench_installments SET paid = pay_on IS NOT NULL AND pay_on < current_date, reversed = pay_on IS NOT NULL AND pay_on < current_date - 3 AND r_reverse < 0.0005`);

    const { rows: [ids] } = await q(`SELECT coalesce((SELECT max(id) FROM claims), 0)::int AS claims, coalesce((SELECT max(id) FROM payments), 0)::int AS payments`);
    const { claims: claimBase, payments: paymentBase } = ids as { claims: number; payments: number };
    // Interest claim 2n − 1, principal claim 2n of installment n (after any claims already there).
    await q(
      `INSERT INTO claims (id, deal_id, type, due_date, amount, paid_amount, description, created_at, updated_at)
       SELECT $1::int + 2 * n - 1, deal_id, 'INTEREST'::"ClaimType", due_date, interest_part, CASE WHEN paid AND NOT reversed THEN interest_part ELSE 0 END,
              'Úrok, splátka ' || to_char(due_date, 'MM/YYYY'), due_date - 30, due_date - 30
         FROM bench_installments
       UNION ALL
       SELECT $1::int + 2 * n, deal_id, 'PRINCIPAL'::"ClaimType", due_date, principal_part, CASE WHEN paid AND NOT reversed THEN principal_part ELSE 0 END,
              'Jistina, splátka ' || to_char(due_date, 'MM/YYYY'), due_date - 30, due_date - 30
         FROM bench_installments
        ORDER BY 1`,
      [claimBase],
    );
    await q(`SELECT setval('claims_id_seq', (SELECT max(id) FROM claims))`);

    // Every movement before it gets its id: ids follow the booking day, as imports make them.
    await q(
      `CREATE UNLOGGED TABLE bench_movements AS
       SELECT $3::int + row_number() OVER (ORDER BY date, hashtext(coalesce(counter_account, '') || amount::text || kind), deal_id, installment)::int AS id, u.*
         FROM (
       -- Installments paid by the borrowers.
       SELECT 'INSTALLMENT' AS kind, i.n AS installment, l.deal_id, i.pay_on AS date, 'INCOMING_PAYMENT' AS direction, 'UNCATEGORIZED' AS category,
              NULL::text AS purpose_type, i.principal_part + i.interest_part AS amount,
              CASE WHEN i.r_channel < 0.95 THEN CASE WHEN i.r_channel < 0.19 THEN lpad(d.variable_symbol, 10, '0') ELSE d.variable_symbol END
                   WHEN i.r_channel < 0.9625 THEN (10000000 + floor(i.r_channel * 1e9)::int % 89999999)::text END AS variable_symbol,
              CASE WHEN i.r_channel >= 0.95 AND i.r_channel < 0.975 THEN d.variable_symbol END AS specific_symbol,
              CASE WHEN floor(i.r_channel * 100000)::int % 100 < 12 THEN '0308' WHEN floor(i.r_channel * 100000)::int % 100 < 15 THEN '0558' END AS constant_symbol,
              l.account AS counter_account, l.payer_name AS counter_account_name,
              CASE WHEN l.r_message < 0.35 THEN 'Splátka ' || d.contract_number
                   WHEN l.r_message < 0.55 THEN 'Splátka úvěru'
                   WHEN l.r_message < 0.70 THEN 'splatka ' || to_char(i.due_date, 'MM/YYYY')
                   WHEN l.r_message < 0.80 THEN 'Splátka půjčky – ' || l.full_name
                   WHEN l.r_message < 0.88 THEN 'SPLATKA UVERU ' || d.variable_symbol END AS message,
              i.r_bulk < 0.05 AS bulk,
              CASE WHEN i.r_bulk > 0.997 THEN (ARRAY['Klient volal: platí za dva měsíce najednou.', 'Platba z účtu manželky, ověřeno telefonicky.', 'Dlužník slíbil doplatek do konce měsíce.'])[1 + floor((i.r_bulk - 0.997) * 1000)::int] END AS note
         FROM bench_installments i JOIN bench_loans l ON l.deal_id = i.deal_id JOIN deals d ON d.id = i.deal_id
        WHERE i.paid
       UNION ALL
       -- The lender's payout of each loan to its borrower's account.
       SELECT 'PAYOUT', NULL, l.deal_id, (l.first_due - interval '1 month')::date, 'OUTGOING_PAYMENT', 'PURPOSE', 'APPLICANT_BANK_ACCOUNT', l.principal,
              d.variable_symbol, NULL, NULL, l.account, l.full_name, 'Výplata úvěru ' || d.contract_number, false, NULL
         FROM bench_loans l JOIN deals d ON d.id = l.deal_id
       UNION ALL
       -- Nobody's: a symbol no deal has (or none), from someone's account; the unpaired queue.
       SELECT 'UNPAIRED', NULL, NULL, current_date - 1 - floor(power(random(), 1.6) * (current_date - (SELECT min(first_due) FROM bench_loans)))::int,
              'INCOMING_PAYMENT', 'UNCATEGORIZED', NULL, (50 * (1 + floor(random() * random() * 400)))::numeric(14, 2),
              CASE WHEN r < 0.7 THEN (10000 + floor(r * 1e7)::int)::text END, NULL, NULL, pg_temp.bench_account(r2),
              CASE WHEN r < 0.85 THEN upper(p.last_name || ' ' || p.first_name) ELSE coalesce(p.company_name, p.first_name || ' ' || p.last_name) END,
              (ARRAY['Platba', 'Úhrada', 'Splátka', 'Vrácení přeplatku', 'Úhrada faktury', 'Záloha', NULL])[1 + floor(r2 * 7)::int], r < 0.05,
              CASE WHEN r2 * 1000 - floor(r2 * 1000) < 0.08 THEN (ARRAY['Neznámý plátce, dotaz na banku odeslán.', 'Pravděpodobně splátka – VS neodpovídá žádné smlouvě.', 'Čeká na vrácení plátci.'])[1 + floor(r * 3)::int] END
         FROM (SELECT random() AS r, random() AS r2, 1 + floor(random() * (SELECT count(*) FROM persons))::int AS person FROM generate_series(1, $1::int)) u
         JOIN persons p ON p.id = (SELECT min(id) FROM persons) - 1 + u.person
       UNION ALL
       -- The lender's own outgoing payments: suppliers, the tax office, commissions.
       SELECT 'OWN', NULL, NULL, current_date - 1 - floor(random() * (current_date - (SELECT min(first_due) FROM bench_loans)))::int,
              'OUTGOING_PAYMENT', (ARRAY['OPERATION_PAYMENTS', 'INVOICES', 'TAX_OFFICE', 'MEDIATION_COMMISSION'])[1 + floor(r * 4)::int], NULL,
              round((500 + random() * random() * 150000)::numeric, 2), (20240000 + floor(random() * 9999)::int)::text, NULL, NULL,
              pg_temp.bench_account(r2), (ARRAY['ČEZ Prodej, a.s.', 'O2 Czech Republic a.s.', 'Finanční úřad pro hlavní město Prahu', 'Alza.cz a.s.', 'Bezva Finance s.r.o.', 'LEADSOR s.r.o.', 'Pražská plynárenská, a.s.'])[1 + floor(r2 * 7)::int],
              'Faktura ' || (20240000 + floor(random() * 9999)::int)::text, false, NULL
         FROM (SELECT random() AS r, random() AS r2 FROM generate_series(1, $2::int)) o
         ) u`,
      [Math.round(count * UNPAIRED_SHARE), Math.round(count * OWN_OUTGOING_SHARE), paymentBase],
    );

    // Each month's camt.053, imported on the evening of its last day (this month's: yesterday).
    await q(`
      CREATE UNLOGGED TABLE bench_statements AS
      SELECT row_number() OVER (ORDER BY month) + coalesce((SELECT max(id) FROM payment_statements), 0) AS id, month,
             least((month + interval '1 month' - interval '1 day')::date, current_date - 1) AS last_day
        FROM (SELECT DISTINCT date_trunc('month', date)::date AS month FROM bench_movements WHERE NOT bulk) m`);
    await q(`
      INSERT INTO payment_statements (id, format, file_name, content, sha256, state, total_lines, processed, created, paired, unpaired, created_at, finished_at)
      SELECT s.id, 'camt053', 'vypis-' || to_char(s.month, 'YYYY-MM') || '.xml', convert_to('<Document/>', 'UTF8'), md5(s.month::text) || md5(s.id::text), 'DONE',
             c.lines, c.lines, c.lines, c.paired, c.lines - c.paired, s.last_day + time '19:00' , s.last_day + time '19:03'
        FROM bench_statements s
        JOIN (SELECT date_trunc('month', date)::date AS month, count(*)::int AS lines, count(deal_id)::int AS paired FROM bench_movements WHERE NOT bulk GROUP BY 1) c ON c.month = s.month
       ORDER BY s.id`);
    await q(`SELECT setval('payment_statements_id_seq', (SELECT max(id) FROM payment_statements))`);

    await q(`
      INSERT INTO payments (id, direction, category, payment_type, date, amount, variable_symbol, specific_symbol, constant_symbol, counter_account, counter_account_name,
                            message, note, bank_reference, deal_id, purpose_type, statement_id, created_at, updated_at)
      SELECT m.id, m.direction::"PaymentDirection", m.category::"PaymentCategory", 'BANK_TRANSFER', m.date, m.amount, m.variable_symbol, m.specific_symbol, m.constant_symbol,
             m.counter_account, m.counter_account_name, m.message, m.note, to_char(m.date, 'YYYYMMDD') || lpad(m.id::text, 9, '0'), m.deal_id,
             m.purpose_type::"PaymentPurposeType", s.id,
             coalesce(s.last_day + time '19:00', m.date + time '10:00'), coalesce(s.last_day + time '19:00', m.date + time '10:00')
        FROM bench_movements m LEFT JOIN bench_statements s ON NOT m.bulk AND s.month = date_trunc('month', m.date)::date
       ORDER BY m.id`);
    await q(`SELECT setval('payments_id_seq', (SELECT max(id) FROM payments))`);
    // The storno entries of the reversed installments: the other direction, the same amount and
    // account, a few days later, on the payment's deal.
    await q(`
      INSERT INTO payments (direction, category, payment_type, date, amount, counter_account, counter_account_name, message, bank_reference, deal_id, reversal_of_id, statement_id, created_at, updated_at)
      SELECT 'OUTGOING_PAYMENT', 'UNCATEGORIZED', 'BANK_TRANSFER', m.date + 2, m.amount, m.counter_account, m.counter_account_name, 'Storno platby',
             'ST' || to_char(m.date + 2, 'YYYYMMDD') || lpad(m.id::text, 9, '0'), m.deal_id, m.id, NULL, m.date + time '12:00' + interval '2 days', m.date + time '12:00' + interval '2 days'
        FROM bench_movements m JOIN bench_installments i ON i.n = m.installment
       WHERE m.kind = 'INSTALLMENT' AND i.reversed
       ORDER BY m.date, m.id`);

    // Interest first, then principal (the profile's order), on the day the payment came.
    const allocations = await q(
      `INSERT INTO payment_allocations (payment_id, claim_id, amount, rule, created_at, updated_at)
       SELECT m.id, $1::int + 2 * i.n - 1 + c.principal, CASE WHEN c.principal = 0 THEN i.interest_part ELSE i.principal_part END,
              CASE WHEN c.principal = 0 THEN 'LOAN_ALLOCATION_PROFILE_V1:INTEREST_DUE' ELSE 'LOAN_ALLOCATION_PROFILE_V1:PRINCIPAL_DUE' END,
              m.date + time '19:00', m.date + time '19:00'
         FROM bench_movements m JOIN bench_installments i ON i.n = m.installment CROSS JOIN (VALUES (0), (1)) c(principal)
        WHERE m.kind = 'INSTALLMENT' AND NOT i.reversed AND (CASE WHEN c.principal = 0 THEN i.interest_part ELSE i.principal_part END) > 0
        ORDER BY m.id, c.principal`,
      [claimBase],
    );

    await q('SET session_replication_role = DEFAULT');
    const { rows: [figures] } = await q(`
      SELECT (SELECT count(*) FROM bench_movements)::int + (SELECT count(*) FROM bench_installments WHERE reversed)::int AS payments,
             (SELECT count(*) FROM bench_movements WHERE deal_id IS NOT NULL)::int AS paired,
             (SELECT count(*) FROM bench_movements WHERE kind = 'UNPAIRED')::int AS unpaired,
             (SELECT count(*) FROM bench_movements WHERE direction = 'OUTGOING_PAYMENT')::int AS outgoing,
             (SELECT count(*) FROM bench_installments WHERE reversed)::int AS reversals,
             (SELECT 2 * count(*) FROM bench_installments)::int AS claims,
             (SELECT count(*) FROM bench_statements)::int AS statements`);
    await q('DROP TABLE bench_movements, bench_installments, bench_loans, bench_statements');
    return { ...(figures as Omit<GeneratedPayments, 'allocations' | 'loans'>), allocations: allocations.rowCount ?? 0, loans };
  } finally {
    await client.query('SET session_replication_role = DEFAULT').catch(() => undefined);
    client.release();
  }
}

/**
 * What the triggers would have refused, or the product would never write: claims whose paid
 * amount is not the sum of their allocations, allocations on another deal's claims or over
 * their payment, reversal entries of payments of another deal. Must all be 0.
 */
export async function paymentInconsistencies(pool: pg.Pool): Promise<Record<string, number>> {
  const { rows } = await pool.query<Record<string, number>>(`
    SELECT (SELECT count(*) FROM claims c LEFT JOIN (SELECT claim_id, sum(amount) AS paid FROM payment_allocations GROUP BY claim_id) a ON a.claim_id = c.id
             WHERE c.paid_amount <> coalesce(a.paid, 0))::int AS paid_amount_not_allocations,
           (SELECT count(*) FROM payment_allocations a JOIN payments p ON p.id = a.payment_id JOIN claims c ON c.id = a.claim_id
             WHERE p.deal_id IS DISTINCT FROM c.deal_id)::int AS allocations_astray,
           (SELECT count(*) FROM payments p JOIN (SELECT payment_id, sum(amount) AS allocated FROM payment_allocations GROUP BY payment_id) a ON a.payment_id = p.id
             WHERE a.allocated > p.amount OR p.direction <> 'INCOMING_PAYMENT')::int AS over_allocated,
           (SELECT count(*) FROM payments r JOIN payments p ON p.id = r.reversal_of_id
             WHERE r.deal_id IS DISTINCT FROM p.deal_id OR r.amount <> p.amount OR r.direction = p.direction
                OR EXISTS (SELECT 1 FROM payment_allocations a WHERE a.payment_id = p.id))::int AS reversals_astray,
           (SELECT count(*) FROM payments p WHERE p.deal_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM deals d WHERE d.id = p.deal_id))::int AS payments_without_deal`);
  return Object.fromEntries(Object.entries(rows[0]!).filter(([, n]) => n > 0));
}
