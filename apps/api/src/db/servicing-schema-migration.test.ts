import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/context.ts';
import { defaultRootDir } from '../config.ts';
import { listMigrations } from './migrate.ts';

// The servicing money schema (ADR 0021) applied to a database in the shape before it, holding
// the rows the old code and seed wrote; then the rules it enforces, straight in SQL.
const TARGET = '20261125100000_servicing_money_schema';
const migrationSql = (name: string) => fs.readFileSync(path.join(defaultRootDir(), 'prisma/migrations', name, 'migration.sql'), 'utf8');

let db: pg.Client;
let drop: () => Promise<void>;
beforeAll(async () => {
  // An empty database (not the test template, which has every migration already).
  const database = await createTestDatabase();
  drop = database.drop;
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
  await db.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  for (const name of listMigrations(defaultRootDir()).filter((n) => n < TARGET)) await db.query(migrationSql(name));
}, 120_000);
afterAll(async () => {
  await db?.end();
  await drop?.();
});

const one = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0]!;
const fails = (sql: string, params: unknown[] = []) => db.query(sql, params).then(() => 'stored', (error: Error) => error.message);

describe(`migration ${TARGET}`, () => {
  it('keeps the old rows: timestamps read as UTC, deal-model variants become versions, claims keep their amounts and get their paid sums', async () => {
    await one(`INSERT INTO persons (identification_type, first_name, last_name, updated_at) VALUES ('BIRTH_NUMBER', 'Jana', 'Nováková', now()) RETURNING id`);
    const deal = await one<{ id: number }>(
      `INSERT INTO deals (type, state, value, allocation_profile, signed_at, created_at, updated_at)
       VALUES ('CONSUMER_LOAN', 'ACTIVE', 100000, 'CL_PE_ALLOCATION_PROFILE_V2', '2026-03-01 09:30:00', '2026-03-01 09:30:00', now()) RETURNING id`,
    );
    await db.query(
      `INSERT INTO deal_models (deal_id, principal, interest_rate, apr, term_months, fee, first_installment_at, is_selected, created_at, updated_at) VALUES
       ($1, 100000, 12.5, 14.1234, 24, 1500, '2026-04-15', false, '2026-02-20 10:00:00', now()),
       ($1, 100000, 11.9, 13.5, 24, 0, '2026-04-15', true, '2026-02-21 10:00:00', now()),
       ($1, 90000, null, null, null, null, null, true, '2026-02-22 10:00:00', now())`,
      [deal.id],
    );
    const claim = await one<{ id: number }>(
      `INSERT INTO claims (deal_id, type, number, due_date, amount, paid_amount, description, created_at, updated_at)
       VALUES ($1, 'DEFAULT_INTEREST', 1, '2026-04-15', 4722.45, 999, '1. splátka', now(), now()) RETURNING id`,
      [deal.id],
    );
    const payment = await one<{ id: number }>(`INSERT INTO payments (direction, date, amount, deal_id, created_at, updated_at) VALUES ('INCOMING_PAYMENT', '2026-04-14', 3000, $1, now(), now()) RETURNING id`, [deal.id]);
    await db.query(`INSERT INTO payment_allocations (payment_id, claim_id, amount, updated_at) VALUES ($1, $2, 1000, now()), ($1, $2, 500.5, now())`, [payment.id, claim.id]);
    await db.query(`INSERT INTO deal_notes (deal_id, text, author_id, updated_at) VALUES ($1, 'Klientka volala.', NULL, now())`, [deal.id]);

    await db.query(migrationSql(TARGET));

    expect(await one(`SELECT signed_at = '2026-03-01T09:30:00Z'::timestamptz AS utc FROM deals WHERE id = $1`, [deal.id])).toEqual({ utc: true });
    const models = (
      await db.query(
        `SELECT version, state::text, annual_interest_rate::text, rpsn::text, upfront_fee::text, term_months, to_char(first_due_date, 'YYYY-MM-DD') AS first_due_date,
                to_char(disbursement_date, 'YYYY-MM-DD') AS disbursement_date, due_day, allocation_profile::text
         FROM deal_models WHERE deal_id = $1 ORDER BY version`,
        [deal.id],
      )
    ).rows;
    expect(models).toEqual([
      { version: 1, state: 'DRAFT', annual_interest_rate: '12.5000', rpsn: '14.12', upfront_fee: '1500.00', term_months: 24, first_due_date: '2026-04-15', disbursement_date: '2026-03-15', due_day: 15, allocation_profile: 'CL_PE_ALLOCATION_PROFILE_V2' },
      { version: 2, state: 'ACTIVE', annual_interest_rate: '11.9000', rpsn: '13.50', upfront_fee: '0.00', term_months: 24, first_due_date: '2026-04-15', disbursement_date: '2026-03-15', due_day: 15, allocation_profile: 'CL_PE_ALLOCATION_PROFILE_V2' },
      // Selected too, but only one version can be in force: the first selected one is.
      { version: 3, state: 'DRAFT', annual_interest_rate: '0.0000', rpsn: null, upfront_fee: '0.00', term_months: 12, first_due_date: '2026-03-24', disbursement_date: '2026-02-22', due_day: 24, allocation_profile: 'CL_PE_ALLOCATION_PROFILE_V2' },
    ]);
    // The claim's type has SERVICING.md's name, its paid amount is what its allocations say.
    expect(await one(`SELECT type::text, amount::text, paid_amount::text FROM claims WHERE id = $1`, [claim.id])).toEqual({ type: 'PENALTY_INTEREST', amount: '4722.45', paid_amount: '1500.50' });
    expect(await one(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name IN ('notices', 'notice_groups', 'reports', 'bank_batches', 'purchased_properties')`)).toEqual({ n: 0 });
    expect((await one<{ n: number }>(`SELECT count(*)::int AS n FROM repo_rates`)).n).toBeGreaterThan(30);
  });

  it('derives paid amounts from allocations only, and refuses every other way to write them', async () => {
    const deal = await one<{ id: number }>(`INSERT INTO deals (type, value, updated_at) VALUES ('CONSUMER_LOAN', 50000, now()) RETURNING id`);
    const claim = await one<{ id: number }>(`INSERT INTO claims (deal_id, type, due_date, amount, updated_at) VALUES ($1, 'INTEREST', '2026-05-15', 800, now()) RETURNING id`, [deal.id]);
    const payment = await one<{ id: number }>(`INSERT INTO payments (direction, date, amount, deal_id, updated_at) VALUES ('INCOMING_PAYMENT', '2026-05-15', 800, $1, now()) RETURNING id`, [deal.id]);
    const paid = async () => (await one<{ paid: string }>(`SELECT paid_amount::text AS paid FROM claims WHERE id = $1`, [claim.id])).paid;

    const allocation = await one<{ id: number }>(`INSERT INTO payment_allocations (payment_id, claim_id, amount, rule, updated_at) VALUES ($1, $2, 300, 'INTEREST oldest first', now()) RETURNING id`, [payment.id, claim.id]);
    expect(await paid()).toBe('300.00');
    await db.query(`UPDATE payment_allocations SET amount = 450 WHERE id = $1`, [allocation.id]);
    expect(await paid()).toBe('450.00');
    await db.query(`DELETE FROM payment_allocations WHERE id = $1`, [allocation.id]);
    expect(await paid()).toBe('0.00');

    expect(await fails(`UPDATE claims SET paid_amount = 100 WHERE id = $1`, [claim.id])).toMatch(/sum of the claim's allocations/);
    expect(await fails(`INSERT INTO claims (deal_id, type, due_date, amount, paid_amount, updated_at) VALUES ($1, 'FEE', '2026-05-15', 100, 100, now())`, [deal.id])).toMatch(/created unpaid/);
    // More than owed, or a negative or zero allocation, is refused by the constraints.
    expect(await fails(`INSERT INTO payment_allocations (payment_id, claim_id, amount, updated_at) VALUES ($1, $2, 800.01, now())`, [payment.id, claim.id])).toMatch(/claims_paid_within_amount/);
    expect(await fails(`INSERT INTO payment_allocations (payment_id, claim_id, amount, updated_at) VALUES ($1, $2, 0, now())`, [payment.id, claim.id])).toMatch(/payment_allocations_amount_positive/);
    // A cancelled claim takes no money, and a claim with money on it cannot be cancelled.
    await db.query(`INSERT INTO payment_allocations (payment_id, claim_id, amount, updated_at) VALUES ($1, $2, 100, now())`, [payment.id, claim.id]);
    expect(await fails(`UPDATE claims SET cancelled_at = now() WHERE id = $1`, [claim.id])).toMatch(/claims_cancelled_unpaid/);
    const cancelled = await one<{ id: number }>(`INSERT INTO claims (deal_id, type, due_date, amount, cancelled_at, updated_at) VALUES ($1, 'FEE', '2026-06-15', 99, now(), now()) RETURNING id`, [deal.id]);
    expect(await fails(`INSERT INTO payment_allocations (payment_id, claim_id, amount, updated_at) VALUES ($1, $2, 10, now())`, [payment.id, cancelled.id])).toMatch(/is cancelled/);
  });

  it('keeps money rows from being deleted under them, and holds days, rates and amounts to their ranges', async () => {
    const deal = await one<{ id: number }>(`INSERT INTO deals (type, value, updated_at) VALUES ('CONSUMER_LOAN', 50000, now()) RETURNING id`);
    await db.query(`INSERT INTO claims (deal_id, type, due_date, amount, updated_at) VALUES ($1, 'PRINCIPAL', '2026-05-15', 1000, now())`, [deal.id]);
    expect(await fails(`DELETE FROM deals WHERE id = $1`, [deal.id])).toMatch(/violates RESTRICT setting of foreign key constraint "claims_deal_id_fkey"/);
    const model = (version: number, overrides: Record<string, string> = {}) => {
      const row = { principal: '100000', annual_interest_rate: '9.9', term_months: '24', disbursement_date: '2026-05-01', first_due_date: '2026-06-15', due_day: '15', ...overrides };
      return fails(
        `INSERT INTO deal_models (deal_id, version, state, principal, annual_interest_rate, term_months, disbursement_date, first_due_date, due_day, allocation_profile, updated_at)
         VALUES ($1, $2, 'DRAFT', $3, $4, $5, $6, $7, $8, 'CL_PE_ALLOCATION_PROFILE_V2', now())`,
        [deal.id, version, row.principal, row.annual_interest_rate, row.term_months, row.disbursement_date, row.first_due_date, row.due_day],
      );
    };
    expect(await model(1)).toBe('stored');
    expect(await model(2, { due_day: '32' })).toMatch(/deal_models_due_day_range/);
    expect(await model(3, { annual_interest_rate: '101' })).toMatch(/deal_models_rate_range/);
    expect(await model(4, { term_months: '0' })).toMatch(/deal_models_term_range/);
    expect(await model(5, { first_due_date: '2026-05-01' })).toMatch(/deal_models_first_due_after_payout/);
    expect(await model(1)).toMatch(/deal_models_deal_id_version_key/);
    await db.query(`UPDATE deal_models SET state = 'ACTIVE' WHERE deal_id = $1`, [deal.id]);
    expect(await model(6)).toBe('stored');
    expect(await fails(`UPDATE deal_models SET state = 'ACTIVE' WHERE deal_id = $1 AND version = 6`, [deal.id])).toMatch(/deal_models_one_active_per_deal/);
    expect(await fails(`INSERT INTO payments (direction, date, amount, updated_at) VALUES ('INCOMING_PAYMENT', '2026-05-15', -1, now())`)).toMatch(/payments_amount_positive/);
    await db.query(`INSERT INTO breaches (deal_id, type, started_on, updated_at) VALUES ($1, 'NON_PAYING', '2026-06-20', now())`, [deal.id]);
    expect(await fails(`INSERT INTO breaches (deal_id, type, started_on, updated_at) VALUES ($1, 'NON_PAYING', '2026-06-21', now())`, [deal.id])).toMatch(/breaches_one_open_per_type/);
    expect(await fails(`UPDATE breaches SET ended_on = '2026-06-01' WHERE deal_id = $1`, [deal.id])).toMatch(/breaches_end_after_start/);
  });
});
