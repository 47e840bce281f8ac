// Deals in bulk for bench:deals: a loan book as it stands on a business date, made in a few
// set-based statements (generate_series), deterministic (setseed on one connection). Each deal
// of a serviced or closed state has a linear schedule: one claims group per month, a PRINCIPAL
// and an INTEREST claim each, and the payments that paid them, one a month, allocated to both.
//
// Who pays how (per deal): 80 % on time (up to 3 days early), 9 % 3–25 days late every month,
// 6 % stopped paying at some installment, 3 % paid only half of the last principal due, 2 %
// stopped after the first installment. 75 % of deals are ACTIVE, 2 % FILED_FOR_INSOLVENCY, 15 %
// CLOSED (all paid), 8 % applications without claims. Terms of 6–20 months give ~26 claims a
// deal. A tenth of the serviced deals owe a notarial deed (30 % never delivered), a twentieth
// have 5 grace days of penalty interest. Deal types of every kind (their claims are all loan
// installments: the lists and the close of business read claims the same way whatever made them),
// 3 % closed applications, the flags and notice settings of the list filters, and persons
// (generate-persons.ts: 3 persons for 4 deals) as each deal's borrower, some with a co-debtor.
import type pg from 'pg';
import { generatePersons } from '../generate-persons.ts';

/** Tables the generator fills: loaded without their secondary indexes, rebuilt after. */
export const DEAL_TABLES = ['persons', 'deals', 'deal_participants', 'deal_models', 'claims_groups', 'claims', 'payments', 'payment_allocations', 'deal_obligations', 'claims_settings'];

export interface GeneratedDeals {
  deals: number;
  serviced: number;
  claims: number;
  payments: number;
  allocations: number;
  /** Sample contract numbers and variable symbols (every 1000th deal), for list scenarios. */
  contractNumbers: string[];
  variableSymbols: string[];
  /** Every surname given to a person, and sample birth numbers (every 100th person). */
  surnames: string[];
  birthNumbers: string[];
  /** Persons generated (ids from 1). */
  persons: number;
}

export async function generateDeals(client: pg.ClientBase, count: number, businessDate: string): Promise<GeneratedDeals> {
  const q = (sql: string, params: unknown[] = []) => client.query(sql, params);
  const persons = Math.max(1, Math.round(count * 0.75));
  const people = await generatePersons(client, persons, { deals: false });
  await q('SELECT setseed(0.42)');
  // Bulk rows are consistent by construction (paid amounts = sums of allocations, keys from the
  // rows just made; both checked after the load): per-row triggers — the foreign-key checks and
  // the one that keeps paid_amount — would take most of the load time. A restore does the same.
  await q('SET session_replication_role = replica');

  await q(`
    CREATE UNLOGGED TABLE bench_plan AS
    SELECT n,
           CASE WHEN r1 < 0.75 THEN 'ACTIVE' WHEN r1 < 0.77 THEN 'FILED_FOR_INSOLVENCY' WHEN r1 < 0.90 THEN 'CLOSED'
                WHEN r1 < 0.93 THEN 'CLOSED_APPLICATION' WHEN r1 < 0.95 THEN 'NEW_APPLICATION' WHEN r1 < 0.97 THEN 'CONTRACT_COMPLETION' ELSE 'CONTRACT_SIGN' END::"DealState" AS state,
           CASE WHEN r2 < 0.4 THEN 'CONSUMER_LOAN' WHEN r2 < 0.55 THEN 'INVESTMENT_LOAN_V2' WHEN r2 < 0.6 THEN 'INVESTMENT_LOAN' WHEN r2 < 0.7 THEN 'BORROWING'
                WHEN r2 < 0.78 THEN 'HARD_COLLECTION' WHEN r2 < 0.84 THEN 'LEASE' WHEN r2 < 0.88 THEN 'LEASING' WHEN r2 < 0.94 THEN 'SALE_AND_LEASEBACK'
                WHEN r2 < 0.97 THEN 'SALE' ELSE 'OTHER_DEAL' END::"DealType" AS type,
           (round((30000 + r3 * 970000) / 1000) * 1000)::numeric(14, 2) AS principal,
           (6 + floor(r4 * 15))::int AS term,
           round((7.9 + r5 * 16)::numeric, 2) AS rate,
           r6 AS behaviour, r7 AS lateness_r, r8 AS stop_r, r9 AS elapsed_r, r10 AS day_r, r11 AS flag_r,
           1 + floor(r12 * $2::int)::int AS borrower, CASE WHEN r13 < 0.15 THEN 1 + floor(r14 * $2::int)::int END AS co_debtor
      FROM (SELECT n, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7, random() r8, random() r9, random() r10,
                   random() r11, random() r12, random() r13, random() r14
              FROM generate_series(1, $1::int) n) s`, [count, persons]);
  // Serviced deals are mid-schedule (0 … term−1 installments due); closed ones ended earlier.
  await q(`
    ALTER TABLE bench_plan ADD COLUMN disbursement date;
    UPDATE bench_plan SET disbursement = CASE
      WHEN state = 'CLOSED' THEN ($1::date - make_interval(months => term + 1 + floor(elapsed_r * 24)::int))::date - floor(day_r * 28)::int
      ELSE ($1::date - make_interval(months => floor(elapsed_r * term)::int))::date - 1 - floor(day_r * 28)::int END`.replace(/\$1/g, `'${businessDate}'`));

  await q(`
    INSERT INTO deals (id, type, state, closed_reason, value, contract_number, variable_symbol, external_id, insolvency, abp, liquidated, settings,
                       allocation_profile, activated_at, closed_at, created_at, updated_at)
    SELECT n, type, state,
           CASE WHEN state = 'CLOSED' THEN (ARRAY['CLOSED_DULY', 'CLOSED_DULY', 'CLOSED_DULY', 'CLOSED_PREMATURELY', 'CLOSED_REFINANCED'])[1 + (n % 5)]::"DealClosedReason"
                WHEN state = 'CLOSED_APPLICATION' AND n % 2 = 0 THEN 'OTHER'::"DealClosedReason" END, principal,
           'SML-' || lpad(n::text, 7, '0'), (1000000000 + n * 7)::text, CASE WHEN n % 2 = 0 THEN 'PD-' || n END,
           state = 'FILED_FOR_INSOLVENCY' OR flag_r < 0.01, flag_r BETWEEN 0.01 AND 0.04, state = 'CLOSED' AND flag_r BETWEEN 0.04 AND 0.06,
           CASE WHEN flag_r BETWEEN 0.1 AND 0.15 THEN ARRAY['DISABLE_NON_PAYING_NOTICE']::"NoticeDisablingSetting"[]
                WHEN flag_r BETWEEN 0.15 AND 0.17 THEN ARRAY['DISABLE_NOTARIAL_DEED_NOTICE', 'DISABLE_BLOCKAGE_AGREEMENT_NOTICE']::"NoticeDisablingSetting"[] ELSE '{}' END,
           'LOAN_ALLOCATION_PROFILE_V1',
           CASE WHEN state IN ('ACTIVE', 'FILED_FOR_INSOLVENCY', 'CLOSED') THEN disbursement::timestamptz END,
           CASE WHEN state = 'CLOSED' THEN (disbursement + make_interval(months => term + 1))::timestamptz END,
           disbursement::timestamptz - interval '10 days', now()
      FROM bench_plan ORDER BY n`);
  await q(`SELECT setval('deals_id_seq', $1::int)`, [count]);
  await q(`
    INSERT INTO deal_participants (deal_id, person_id, role, updated_at)
    SELECT n, borrower, (CASE WHEN type IN ('LEASE', 'LEASING', 'SALE_AND_LEASEBACK') THEN 'TENANT' WHEN type = 'HARD_COLLECTION' THEN 'DEBTOR' ELSE 'BORROWER' END)::"PersonRole", now()
      FROM bench_plan
    UNION ALL
    SELECT n, co_debtor, 'DEBTOR', now() FROM bench_plan WHERE co_debtor IS NOT NULL AND co_debtor <> borrower
     ORDER BY 1`);

  await q(`
    INSERT INTO deal_models (id, deal_id, version, state, principal, annual_interest_rate, term_months, disbursement_date, first_due_date, due_day,
                             installment_type, allocation_profile, installment_value, activated_at, updated_at)
    SELECT n, n, 1, 'ACTIVE', principal, rate, term, disbursement, (disbursement + interval '1 month')::date,
           extract(day FROM disbursement + interval '1 month')::int, 'LINEAR', 'LOAN_ALLOCATION_PROFILE_V1',
           round(principal / term, 2), disbursement::timestamptz, now()
      FROM bench_plan WHERE state IN ('ACTIVE', 'FILED_FOR_INSOLVENCY', 'CLOSED') ORDER BY n`);
  await q(`SELECT setval('deal_models_id_seq', $1::int)`, [count]);

  await q(`
    INSERT INTO claims_groups (deal_id, deal_model_id, kind, number, due_date, balance, updated_at)
    SELECT m.deal_id, m.id, 'REGULAR', k, (m.first_due_date + make_interval(months => k - 1))::date,
           greatest(0, m.principal - k * round(m.principal / m.term_months, 2)), now()
      FROM deal_models m CROSS JOIN LATERAL generate_series(1, m.term_months) k
     ORDER BY m.id, k`);

  // One row per installment, with when (and whether) it was paid.
  await q(`
    CREATE UNLOGGED TABLE bench_installments AS
    SELECT g.id AS group_id, g.deal_id, g.number, g.due_date, p.state, p.behaviour, p.term,
           round(p.principal / p.term, 2) + CASE WHEN g.number = p.term THEN p.principal - p.term * round(p.principal / p.term, 2) ELSE 0 END AS principal_part,
           round((p.principal - (g.number - 1) * round(p.principal / p.term, 2)) * p.rate / 1200, 2) AS interest_part,
           CASE
             WHEN p.state = 'CLOSED' THEN g.due_date - (g.number % 4)
             WHEN p.behaviour < 0.80 THEN CASE WHEN g.due_date - (g.number % 4) <= $1::date THEN g.due_date - (g.number % 4) END
             WHEN p.behaviour < 0.89 THEN CASE WHEN g.due_date + 3 + floor(p.lateness_r * 23)::int <= $1::date THEN g.due_date + 3 + floor(p.lateness_r * 23)::int END
             WHEN p.behaviour < 0.95 THEN CASE WHEN g.number < 1 + floor(p.stop_r * p.term) AND g.due_date <= $1::date THEN g.due_date END
             WHEN p.behaviour < 0.98 THEN CASE WHEN g.due_date <= $1::date THEN g.due_date END
             ELSE CASE WHEN g.number = 1 AND g.due_date <= $1::date THEN g.due_date END
           END AS paid_on,
           CASE WHEN p.state <> 'CLOSED' AND p.behaviour >= 0.95 AND p.behaviour < 0.98 AND g.due_date > $1::date - 31 THEN 0.5 ELSE 1 END AS principal_share
      FROM claims_groups g JOIN bench_plan p ON p.n = g.deal_id`, [businessDate]);

  await q(`
    INSERT INTO claims (deal_id, claims_group_id, type, due_date, amount, paid_amount, description, updated_at)
    SELECT deal_id, group_id, 'PRINCIPAL'::"ClaimType", due_date, principal_part,
           CASE WHEN paid_on IS NOT NULL THEN round(principal_part * principal_share, 2) ELSE 0 END, 'Jistina, splátka ' || number, now()
      FROM bench_installments
    UNION ALL
    SELECT deal_id, group_id, 'INTEREST'::"ClaimType", due_date, interest_part, CASE WHEN paid_on IS NOT NULL THEN interest_part ELSE 0 END, 'Úrok, splátka ' || number, now()
      FROM bench_installments
     ORDER BY 1, 4, 3`);

  await q(`
    INSERT INTO payments (direction, date, amount, variable_symbol, bank_reference, deal_id, message, updated_at)
    SELECT 'INCOMING_PAYMENT', paid_on, round(principal_part * principal_share, 2) + interest_part, (1000000000 + deal_id * 7)::text,
           'BENCH-' || group_id, deal_id, 'Splátka ' || number, now()
      FROM bench_installments WHERE paid_on IS NOT NULL ORDER BY paid_on, group_id`);
  await q(`
    INSERT INTO payment_allocations (payment_id, claim_id, amount, rule, updated_at)
    SELECT p.id, c.id, c.paid_amount, 'bench', now()
      FROM payments p JOIN claims c ON c.claims_group_id = substr(p.bank_reference, 7)::int
     WHERE c.paid_amount > 0`);

  await q(`
    INSERT INTO deal_obligations (deal_id, type, due_date, fulfilled_at, updated_at)
    SELECT n, 'NOTARIAL_DEED', disbursement + 30,
           CASE WHEN day_r < 0.07 THEN (disbursement + 25)::timestamptz END, now()
      FROM bench_plan WHERE state IN ('ACTIVE', 'FILED_FOR_INSOLVENCY') AND day_r < 0.1`);
  await q(`
    INSERT INTO claims_settings (deal_id, type, grace_days, updated_at)
    SELECT n, 'PENALTY_INTEREST', 5, now() FROM bench_plan WHERE state IN ('ACTIVE', 'FILED_FOR_INSOLVENCY') AND n % 20 = 0`);

  await q('SET session_replication_role = DEFAULT');
  await q('DROP TABLE bench_installments');
  await q('DROP TABLE bench_plan');

  const [figures] = (
    await q(`SELECT (SELECT count(*) FROM deals)::int AS deals,
                    (SELECT count(*) FROM deals WHERE state IN ('ACTIVE', 'FILED_FOR_INSOLVENCY'))::int AS serviced,
                    (SELECT count(*) FROM claims)::int AS claims,
                    (SELECT count(*) FROM payments)::int AS payments,
                    (SELECT count(*) FROM payment_allocations)::int AS allocations`)
  ).rows as [{ deals: number; serviced: number; claims: number; payments: number; allocations: number }];
  const samples = (await q(`SELECT contract_number, variable_symbol FROM deals WHERE id % 1000 = 0 ORDER BY id`)).rows as { contract_number: string; variable_symbol: string }[];
  return {
    ...figures,
    contractNumbers: samples.map((s) => s.contract_number),
    variableSymbols: samples.map((s) => s.variable_symbol),
    surnames: people.surnames,
    birthNumbers: people.birthNumbers,
    persons,
  };
}

/**
 * What the triggers would have refused during the load: claims whose paid amount is not the sum
 * of their allocations, and rows pointing at nothing. Must all be 0.
 */
export async function loadInconsistencies(client: pg.ClientBase): Promise<Record<string, number>> {
  const { rows } = await client.query<Record<string, number>>(`
    SELECT (SELECT count(*) FROM claims c LEFT JOIN (SELECT claim_id, sum(amount) AS paid FROM payment_allocations GROUP BY claim_id) a ON a.claim_id = c.id
             WHERE c.paid_amount <> coalesce(a.paid, 0))::int AS paid_amount_not_allocations,
           (SELECT count(*) FROM claims c WHERE NOT EXISTS (SELECT 1 FROM deals d WHERE d.id = c.deal_id)
                                             OR NOT EXISTS (SELECT 1 FROM claims_groups g WHERE g.id = c.claims_group_id AND g.deal_id = c.deal_id))::int AS claims_without_deal_or_group,
           (SELECT count(*) FROM claims_groups g WHERE NOT EXISTS (SELECT 1 FROM deal_models m WHERE m.id = g.deal_model_id AND m.deal_id = g.deal_id))::int AS groups_without_model,
           (SELECT count(*) FROM payment_allocations a WHERE NOT EXISTS (SELECT 1 FROM payments p JOIN claims c ON c.deal_id = p.deal_id WHERE p.id = a.payment_id AND c.id = a.claim_id))::int AS allocations_astray,
           (SELECT count(*) FROM deal_models m WHERE NOT EXISTS (SELECT 1 FROM deals d WHERE d.id = m.deal_id))::int AS models_without_deal`);
  return Object.fromEntries(Object.entries(rows[0]!).filter(([, n]) => n > 0));
}
