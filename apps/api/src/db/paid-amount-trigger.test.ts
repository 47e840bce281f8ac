import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';

// claims.paid_amount is kept by statement-level triggers on payment_allocations (migration
// 20261130100000, docs/decisions/0038): one statement writing many rows must leave every claim's
// paid amount equal to the sum of its allocations, and a statement breaking a claim's limit must
// leave nothing behind. (The single-row rules: servicing-schema-migration.test.ts.)

let ctx: TestContext;
let db: pg.Pool;
beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.deps.pool;
});
afterAll(() => ctx.close());

const one = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0]!;
const fails = (sql: string, params: unknown[] = []) => db.query(sql, params).then(() => 'stored', (error: Error) => error.message);

describe('paid amounts of claims', () => {
  it('keeps paid amounts right when one statement writes many allocations (the trigger works per statement)', async () => {
    const deal = await one<{ id: number }>(`INSERT INTO deals (type, value, updated_at) VALUES ('CONSUMER_LOAN', 50000, now()) RETURNING id`);
    const claim = (amount: string) => one<{ id: number }>(`INSERT INTO claims (deal_id, type, due_date, amount, updated_at) VALUES ($1, 'PRINCIPAL', '2026-05-15', $2, now()) RETURNING id`, [deal.id, amount]);
    const [a, b, c] = [await claim('1000.50'), await claim('500'), await claim('300')];
    const payment = await one<{ id: number }>(`INSERT INTO payments (direction, date, amount, deal_id, updated_at) VALUES ('INCOMING_PAYMENT', '2026-05-15', 2000, $1, now()) RETURNING id`, [deal.id]);
    const paid = async () => (await db.query<{ paid: string }>(`SELECT paid_amount::text AS paid FROM claims WHERE id = ANY($1::int[]) ORDER BY id`, [[a.id, b.id, c.id]])).rows.map((r) => r.paid);

    // One INSERT of four rows, two of them on the same claim: 600 + 400.50 on A, 499.99 on B.
    await db.query(
      `INSERT INTO payment_allocations (payment_id, claim_id, amount, updated_at) SELECT $1, claim, amount, now() FROM unnest($2::int[], $3::numeric[]) AS r(claim, amount)`,
      [payment.id, [a.id, a.id, b.id, c.id], ['600', '400.50', '499.99', '0.01']],
    );
    expect(await paid()).toEqual(['1000.50', '499.99', '0.01']);
    // The sum is checked against the claim as a whole: 0.01 more on a paid-up A fails the statement, nothing of it stays.
    expect(
      await fails(`INSERT INTO payment_allocations (payment_id, claim_id, amount, updated_at) SELECT $1, claim, 0.01, now() FROM unnest($2::int[]) AS r(claim)`, [payment.id, [b.id, a.id]]),
    ).toMatch(/claims_paid_within_amount/);
    expect(await paid()).toEqual(['1000.50', '499.99', '0.01']);
    // One UPDATE moving a row from C to B and changing another's amount.
    await db.query(`UPDATE payment_allocations SET claim_id = $2 WHERE claim_id = $1`, [c.id, b.id]);
    await db.query(`UPDATE payment_allocations SET amount = amount - 100 WHERE claim_id = $1 AND amount = 600`, [a.id]);
    expect(await paid()).toEqual(['900.50', '500.00', '0.00']);
    // An UPDATE that changes nothing of the money changes no paid amount.
    await db.query(`UPDATE payment_allocations SET rule = 'moved' WHERE payment_id = $1`, [payment.id]);
    expect(await paid()).toEqual(['900.50', '500.00', '0.00']);
    // One DELETE of every row.
    expect((await db.query(`DELETE FROM payment_allocations WHERE payment_id = $1`, [payment.id])).rowCount).toBe(4);
    expect(await paid()).toEqual(['0.00', '0.00', '0.00']);
  });
});
