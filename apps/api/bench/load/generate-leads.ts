// Realistic leads in bulk for the load benchmark, generated inside PostgreSQL (INSERT … SELECT
// over generate_series, so 300k rows take seconds): the mix of sources, partners' external ids,
// loan types and amounts (numeric, some installments with hellers), states by age, closing
// reasons, the applicant's form of portal leads, offers with their e-mail, co-debtors.
// Deterministic for a given count (setseed).
import type pg from 'pg';

export interface GeneratedLeads {
  leads: number;
  forms: number;
  offers: number;
}

/** Inserts `count` leads over the persons already in the database, created over the last ~3 years. */
export async function generateLeads(pool: pg.Pool, count: number): Promise<GeneratedLeads> {
  const persons = (await pool.query<{ min: number; max: number; count: number }>('SELECT min(id)::int AS min, max(id)::int AS max, count(*)::int AS count FROM persons')).rows[0]!;
  // Leads pick their person by id arithmetic: that needs the ids without gaps (a fresh database).
  if (persons.count === 0 || persons.max - persons.min + 1 !== persons.count) throw new Error(`generateLeads needs persons with consecutive ids (found ${persons.count} between ${persons.min} and ${persons.max})`);
  const reasons = (await pool.query<{ id: number }>('SELECT id FROM application_closed_reasons ORDER BY "order", id')).rows.map((r) => r.id);
  if (!reasons.length) throw new Error('No application closed reasons: were the migrations applied?');

  await pool.query('SELECT setseed(0.11)');
  // Levels of the SELECT: random numbers per row → source and age → loan type and state →
  // amounts → the row. Leads are inserted oldest first, so ids grow with created_at as in life;
  // more of them are recent (the business grows): the age's density falls linearly over 3 years.
  const inserted = await pool.query(
    `
    INSERT INTO leads (source, external_id, deal_type, state, person_id, value, installment_value, purpose, offer_applied,
                       utm_source, utm_campaign, utm_medium, partner_payload, closed_reason_id, closed_note, closed_at, created_at, updated_at)
    SELECT source,
           CASE source WHEN 'BEZVA_FINANCE' THEN 'BF-' WHEN 'LEADSOR' THEN 'LS-' WHEN 'SEVEN_FINANCE' THEN '7F-' WHEN 'VOLSOR' THEN 'VS-' END
             || to_char(created_at, 'YYYY') || '-' || lpad(n::text, 7, '0'),
           deal_type, state,
           CASE WHEN source = 'PORTAL' AND r_misc < 0.03 THEN NULL ELSE $1::int + floor(r_person * $2::int)::int END,
           value,
           -- Whole crowns as applicants type them; staff-entered leads sometimes with hellers.
           CASE WHEN value IS NOT NULL THEN
             greatest(1000, least(CASE deal_type WHEN 'CONSUMER_LOAN' THEN 50000 ELSE 250000 END,
                                  round(value * (0.011 + r_term * 0.03)::numeric, CASE WHEN source = 'BACKOFFICE' AND r_misc < 0.5 THEN 2 ELSE 0 END)))
           END,
           CASE WHEN deal_type = 'INVESTMENT_LOAN' THEN (ARRAY['Nákup nemovitosti','Rekonstrukce provozovny','Provozní kapitál','Refinancování úvěrů','Nákup vozidla'])[1 + floor(r_misc * 5)::int]
                WHEN deal_type = 'CONSUMER_LOAN' AND r_misc < 0.3 THEN (ARRAY['Rekonstrukce bytu','Konsolidace půjček','Nákup auta','Splacení exekuce'])[1 + floor(r_misc / 0.3 * 4)::int]
           END,
           state IN ('OFFER_ACCEPTED', 'CONVERTED') AND r_upd < 0.7,
           CASE WHEN source = 'PORTAL' THEN (ARRAY['google','seznam','facebook','sklik',NULL])[1 + floor(r_misc * 5)::int] END,
           CASE WHEN source = 'PORTAL' AND r_misc < 0.8 THEN 'kampan-' || to_char(created_at, 'YYYY-MM') END,
           CASE WHEN source = 'PORTAL' AND r_misc < 0.8 THEN (ARRAY['cpc','display','social','email'])[1 + floor(r_misc / 0.8 * 4)::int] END,
           CASE WHEN source NOT IN ('PORTAL', 'BACKOFFICE') THEN jsonb_build_object(
             'kind', CASE WHEN contact_only THEN 'CONTACT' ELSE 'LEAD' END,
             'consent', jsonb_build_object('given', true, 'at', to_char(created_at, 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'text', 'Souhlasím se zpracováním osobních údajů za účelem posouzení žádosti o úvěr.'),
             'note', NULL) END,
           CASE WHEN state = 'CLOSED' THEN ($3::int[])[1 + floor(r_misc * cardinality($3::int[]))::int] END,
           CASE WHEN state = 'CLOSED' AND r_upd < 0.2 THEN 'Klient opakovaně nereaguje na telefonáty ani e-maily.' END,
           CASE WHEN state = 'CLOSED' THEN updated_at END,
           created_at, updated_at
    FROM (
      SELECT l3.*,
             CASE deal_type WHEN 'CONSUMER_LOAN' THEN round((50000 + 950000 * r_value ^ 2)::numeric, -3)
                            WHEN 'INVESTMENT_LOAN' THEN round((200000 + 9800000 * r_value ^ 3)::numeric, -4) END AS value,
             least(now()::timestamp(3), created_at + interval '1 day' * r_upd * least(age_days, 30))::timestamp(3) AS updated_at
      FROM (
        SELECT l2.*,
               CASE WHEN contact_only THEN NULL WHEN r_type < 0.65 THEN 'CONSUMER_LOAN' ELSE 'INVESTMENT_LOAN' END::"DealType" AS deal_type,
               CASE WHEN age_days < 7 THEN CASE WHEN r_state < 0.55 THEN 'NEW' WHEN r_state < 0.90 THEN 'IN_PROGRESS' WHEN r_state < 0.95 THEN 'OFFER_SENT' ELSE 'CLOSED' END
                    WHEN age_days < 60 THEN CASE WHEN r_state < 0.10 THEN 'NEW' WHEN r_state < 0.40 THEN 'IN_PROGRESS' WHEN r_state < 0.52 THEN 'OFFER_SENT'
                                                 WHEN r_state < 0.57 THEN 'OFFER_ACCEPTED' WHEN r_state < 0.65 THEN 'CONVERTED' ELSE 'CLOSED' END
                    ELSE CASE WHEN r_state < 0.02 THEN 'IN_PROGRESS' WHEN r_state < 0.03 THEN 'OFFER_SENT' WHEN r_state < 0.04 THEN 'OFFER_ACCEPTED'
                              WHEN r_state < 0.20 THEN 'CONVERTED' ELSE 'CLOSED' END
               END::"LeadState" AS state
        FROM (
          SELECT l1.*,
                 CASE WHEN r_source < 0.40 THEN 'PORTAL' WHEN r_source < 0.48 THEN 'BACKOFFICE' WHEN r_source < 0.62 THEN 'BEZVA_FINANCE'
                      WHEN r_source < 0.80 THEN 'LEADSOR' WHEN r_source < 0.90 THEN 'SEVEN_FINANCE' ELSE 'VOLSOR' END::"LeadSource" AS source,
                 extract(epoch FROM now()::timestamp(3) - created_at) / 86400 AS age_days,
                 -- Contact-only pushes (no loan) of the partners that have that variant.
                 (r_source >= 0.48 AND r_source < 0.80 OR r_source >= 0.90) AND r_kind < 0.15 AS contact_only
          FROM (
            SELECT n, (now() - interval '1095 days' * (1 - sqrt(random())))::timestamp(3) AS created_at,
                   random() AS r_source, random() AS r_kind, random() AS r_type, random() AS r_state, random() AS r_value,
                   random() AS r_term, random() AS r_person, random() AS r_misc, random() AS r_upd
            FROM generate_series(1, $4::int) n
          ) l1
        ) l2
      ) l3
    ) rows
    ORDER BY created_at, n`,
    [persons.min, persons.count, reasons, count],
  );

  // Every portal lead came with the applicant's form; it went as far as the lead did.
  const forms = await pool.query(`
    INSERT INTO application_forms (token, type, deal_type, state, data, lead_id, offer_applied, utm_source, utm_campaign, utm_medium, closed_at, created_at, updated_at)
    SELECT l.id || '-' || md5(random()::text),
           CASE WHEN l.deal_type = 'INVESTMENT_LOAN' THEN 'INVESTMENT_LOAN' ELSE 'CONSUMER_LOAN' END::"FormType",
           CASE WHEN l.deal_type = 'INVESTMENT_LOAN' THEN 'INVESTMENT_LOAN_V15' ELSE 'CONSUMER_LOAN' END::"LeadFormDealType",
           CASE WHEN l.state = 'NEW' THEN (ARRAY['BASIC_DEAL_INFO','PERSON_INFO']::"FormState"[])[1 + floor(random() * 2)::int]
                WHEN l.state = 'CLOSED' THEN 'CLOSED' ELSE 'COLLATERAL_INFO' END::"FormState",
           jsonb_build_object('value', l.value, 'installment_value', l.installment_value, 'purpose', coalesce(l.purpose, '')),
           l.id, l.offer_applied, l.utm_source, l.utm_campaign, l.utm_medium, l.closed_at, l.created_at, l.updated_at
    FROM leads l WHERE l.source = 'PORTAL'`);

  // One regular offer per lead that got as far, and the e-mail that carried it.
  const offers = await pool.query(`
    INSERT INTO offers (lead_id, kind, value, installment_value, sent_at, applied_at, created_at, updated_at)
    SELECT id, 'REGULAR', value, installment_value, least(updated_at, created_at + interval '2 days'),
           CASE WHEN state IN ('OFFER_ACCEPTED', 'CONVERTED') THEN updated_at END,
           least(updated_at, created_at + interval '2 days'), updated_at
    FROM leads WHERE state IN ('OFFER_SENT', 'OFFER_ACCEPTED', 'CONVERTED') AND value IS NOT NULL`);
  await pool.query(`
    INSERT INTO notifications (name, type, entity_type, entity_id, recipient, subject, body, state, attempts, sent_at, created_at, updated_at)
    SELECT 'lead.offer', 'EMAIL', 'Lead', o.lead_id::text, p.email, 'Nabídka úvěru',
           'Dobrý den, posíláme Vám nabídku úvěru ve výši ' || o.value || ' Kč se splátkou ' || o.installment_value || ' Kč měsíčně.',
           'SENT', 1, o.sent_at, o.created_at, o.created_at
    FROM offers o JOIN leads l ON l.id = o.lead_id JOIN persons p ON p.id = l.person_id
    WHERE p.email IS NOT NULL`);

  // A co-debtor on a few applications.
  await pool.query(`
    INSERT INTO lead_participants (lead_id, person_id, role, created_at, updated_at)
    SELECT id, $1::int + floor(random() * $2::int)::int, 'ACCESSORY_DEBTOR', created_at, updated_at
    FROM leads WHERE person_id IS NOT NULL AND random() < 0.04
    ON CONFLICT DO NOTHING`, [persons.min, persons.count]);

  return { leads: inserted.rowCount ?? 0, forms: forms.rowCount ?? 0, offers: offers.rowCount ?? 0 };
}

/** The tables the benchmark's generators fill. */
export const LOADED_TABLES = [
  'persons',
  'deals',
  'deal_participants',
  'blacklist_entries',
  'leads',
  'application_forms',
  'offers',
  'notifications',
  'lead_participants',
  'claims',
  'payments',
  'payment_allocations',
  'payment_statements',
];

/**
 * Runs a bulk load without the secondary indexes of `tables`, then builds them again from their
 * own definitions (pg_get_indexdef), as a restore does: maintaining ~40 btree and trigram
 * indexes row by row took most of the load time. Primary keys and unique indexes stay (they
 * keep the data honest and serve ON CONFLICT).
 */
export async function withoutSecondaryIndexes<T>(pool: pg.Pool, tables: string[], load: () => Promise<T>): Promise<{ result: T; rebuildS: number }> {
  const indexes = await pool.query<{ name: string; definition: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE i.indrelid = ANY($1::regclass[]) AND NOT i.indisunique AND NOT i.indisprimary`,
    [tables],
  );
  for (const index of indexes.rows) await pool.query(`DROP INDEX ${index.name}`);
  const result = await load();
  const started = performance.now();
  for (const index of indexes.rows) await pool.query(index.definition);
  return { result, rebuildS: (performance.now() - started) / 1000 };
}