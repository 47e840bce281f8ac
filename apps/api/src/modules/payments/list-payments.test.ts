import { paymentListQuery, type PaymentListQuery } from '@lending/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { testSystem } from '../../../test/fixtures/actors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { twoInstallmentLoan } from '../../../test/fixtures/payments.ts';
import { listPayments } from './list-payments.ts';
import { paymentInclude, toPayment } from './payment-view.ts';

// The payments list is one SQL statement with counts kept by triggers (docs/decisions/0043). It
// must answer what the list answered when Prisma read it (count, then findMany with the
// allocations and the reversal included): that reading is kept here as the reference, and both
// are asked the same questions over a book with every kind of payment. Only the search changed
// on purpose: its text is taken literally (the old `contains` took % and _ as wildcards), so the
// reference escapes them.

let ctx: TestContext;
let accountant: string;
const auth = () => ({ Authorization: `Bearer ${accountant}` });
let refCounter = 0;
const ref = () => `list-test:${++refCounter}`;

/** GET /payments/ as it was read before: Prisma's count and findMany over the same filters. */
async function reference(prisma: TestContext['deps']['prisma'], q: PaymentListQuery) {
  const and: Prisma.PaymentWhereInput[] = [];
  if (q.category) and.push({ category: q.category });
  if (q.payment_type) and.push({ paymentType: q.payment_type });
  if (q.direction) and.push({ direction: q.direction });
  if (q.deal !== undefined) and.push({ dealId: q.deal });
  if (q.date_from) and.push({ date: { gte: q.date_from } });
  if (q.date_to) and.push({ date: { lte: q.date_to } });
  if (q.unpaired === true) and.push({ dealId: null, direction: 'INCOMING_PAYMENT', reversalOfId: null, reversedBy: { is: null } });
  if (q.unpaired === false) and.push({ dealId: { not: null } });
  const text = q.search?.trim();
  if (text) {
    const contains = { contains: text.replace(/[\\%_]/g, (c) => `\\${c}`), mode: 'insensitive' as const };
    and.push({
      OR: [
        { variableSymbol: contains },
        { specificSymbol: contains },
        { counterAccount: contains },
        { counterAccountName: contains },
        { message: contains },
        { note: contains },
        { bankReference: contains },
      ],
    });
  }
  const where = { AND: and };
  const columns = { id: 'id', date: 'date', amount: 'amount', created_at: 'createdAt' } as const;
  const count = await prisma.payment.count({ where });
  const rows = await prisma.payment.findMany({
    where,
    include: paymentInclude,
    orderBy: [...q.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'desc' as const }],
    skip: (q.page - 1) * q.page_size,
    take: q.page_size,
  });
  return { count, results: rows.map(toPayment) };
}

const query = (text: string) => paymentListQuery.parse(Object.fromEntries(new URLSearchParams(text)));
const list = async (text: string) => {
  const page = await listPayments(ctx.deps, testSystem, query(text));
  return { count: page.count, results: page.results };
};

/** payment_counts summed per kind against the payments themselves. */
async function countsByKind() {
  const q = (sql: string) => ctx.deps.pool.query<{ kind: string; n: number }>(sql).then((r) => Object.fromEntries(r.rows.map((x) => [x.kind, x.n])));
  return {
    kept: await q(`SELECT concat_ws('/', direction, category, payment_type, paired) AS kind, sum(count)::int AS n FROM payment_counts GROUP BY 1 HAVING sum(count) <> 0`),
    actual: await q(`SELECT concat_ws('/', direction, category, payment_type, deal_id IS NOT NULL) AS kind, count(*)::int AS n FROM payments GROUP BY 1`),
  };
}

let deals: { id: number; variableSymbol: string }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  accountant = (await ctx.login('ACCOUNTANT')).access;
  deals = [await twoInstallmentLoan(ctx.deps.prisma, '7100001'), await twoInstallmentLoan(ctx.deps.prisma, '7100002'), await twoInstallmentLoan(ctx.deps.prisma, '7100003')];
  const [a, b, c] = deals as [(typeof deals)[0], (typeof deals)[0], (typeof deals)[0]];
  const item = (over: object) => ({ bank_reference: ref(), date: '2025-01-20', amount: '2500.00', ...over });
  const book = async (items: object[]) => {
    const res = await ctx.http().post('/api/v1/payments/bulk_create_payments/').set(auth()).send({ payments: items });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results as { id: number }[];
  };
  // Paired by symbol and allocated (whole, partial, over), on days shared by several payments.
  await book([
    item({ variable_symbol: a.variableSymbol, counter_account: '19-2000145399/0800', counter_account_name: 'NOVÁK JAN', message: 'Splátka 01/2025' }),
    item({ variable_symbol: b.variableSymbol, amount: '1200.00', counter_account: '2401234567/2010', counter_account_name: 'Jana Nováková', message: 'splatka' }),
    item({ variable_symbol: c.variableSymbol, amount: '5100.50', date: '2025-02-20', counter_account_name: 'Dvořák Petr', constant_symbol: '0308' }),
    item({ specific_symbol: a.variableSymbol, amount: '2500.00', date: '2025-02-18', message: 'Splátka únor' }),
    item({ variable_symbol: b.variableSymbol, amount: '1300.00', date: '2025-02-20', message: '100% splaceno_ihned' }),
  ]);
  // Nobody's: the unpaired queue, with texts that are wildcards in LIKE and a unit separator.
  await book([
    item({ variable_symbol: '9999991', amount: '2500.00', date: '2025-01-20', counter_account_name: 'Neznámý plátce', message: 'Platba 50%' }),
    item({ amount: '150.00', date: '2025-03-01', counter_account: '123-456789/0300', counter_account_name: 'Pavel Novák', message: 'vrácení_přeplatku' }),
    item({ amount: '99.99', date: '2025-03-01', message: 'back\\slash a\u001fseparator', category: 'OTHERS', payment_type: 'CASH' }),
    item({ amount: '75.00', date: '2025-03-02', message: 'Záloha' }),
  ]);
  // The lender's own outgoing payments, and stornos: one of a paired payment (its deal's), one
  // of an unpaired payment (which leaves the queue).
  await book([
    item({ direction: 'OUTGOING_PAYMENT', amount: '4000.00', date: '2025-01-05', category: 'INVOICES', counter_account_name: 'ČEZ Prodej, a.s.', message: 'Faktura 2025001' }),
    item({ direction: 'OUTGOING_PAYMENT', amount: '2500.00', date: '2025-01-22', reversal: true, counter_account: '19-2000145399/0800' }),
    item({ direction: 'OUTGOING_PAYMENT', amount: '150.00', date: '2025-03-03', reversal: true, counter_account: '123-456789/0300' }),
  ]);
  // Staff: a note, a category, a payment paired by hand (the update trigger's cases).
  const queue = (await list('unpaired=true&ordering=amount')).results;
  const zaloha = queue.find((p) => p.message === 'Záloha')!;
  expect((await ctx.http().patch(`/api/v1/payments/${zaloha.id}/`).set(auth()).send({ category: 'SUBLEASE_DEPOSIT', note: 'Klient volal: záloha na nájem.' })).status).toBe(200);
  const unknown = queue.find((p) => p.message === 'Platba 50%')!;
  expect((await ctx.http().patch('/api/v1/payments/bulk_assign_deals/').set(auth()).send({ payments: [unknown.id], deal: c.id })).status).toBe(200);
});
afterAll(() => ctx.close());

describe('GET /payments/ in one statement (docs/decisions/0043)', () => {
  it('answers every filter, ordering and page as the list read by Prisma did', async () => {
    const [a, b] = deals as [(typeof deals)[0], (typeof deals)[0]];
    const filters = [
      '',
      'unpaired=true',
      'unpaired=false',
      `deal=${a.id}`,
      `deal=${b.id}&unpaired=false`,
      'search=novák',
      'search=NOVAK',
      'search=%25',
      'search=_',
      'search=%5C',
      'search=a%1Fs',
      'search=2025',
      'search=splátka&unpaired=false',
      'category=INVOICES',
      'category=UNCATEGORIZED&direction=INCOMING_PAYMENT',
      'payment_type=CASH',
      'direction=OUTGOING_PAYMENT',
      'direction=OUTGOING_PAYMENT&unpaired=false',
      'date_from=2025-02-01',
      'date_to=2025-01-31&unpaired=true',
      'date_from=2025-01-20&date_to=2025-02-20&search=spl',
      `deal=${a.id}&search=únor`,
      'search=nothing-like-this',
    ];
    const orderings = ['', 'ordering=date', 'ordering=-amount', 'ordering=amount,-date', 'ordering=created_at', 'ordering=-id', 'ordering=id'];
    let compared = 0;
    let refused = 0;
    for (const filter of filters) {
      for (const ordering of orderings) {
        for (const paging of ['page_size=100', 'page_size=3', 'page_size=3&page=2']) {
          const text = [filter, ordering, paging].filter(Boolean).join('&');
          const expected = await reference(ctx.deps.prisma, query(text)).catch(() => null);
          // A page past the last is the one difference a count makes: both refuse it.
          if (expected && expected.results.length === 0 && query(text).page > 1) {
            await expect(list(text), text).rejects.toMatchObject({ code: 'not_found' });
            refused++;
            continue;
          }
          expect(await list(text), text).toEqual(expected);
          compared++;
        }
      }
    }
    expect(compared + refused).toBe(filters.length * orderings.length * 3);
    expect(compared).toBeGreaterThan(300);
  });

  it('takes the search text literally and finds it in any of the fields', async () => {
    expect((await list('search=%25')).results.map((p) => p.message)).toEqual(['100% splaceno_ihned', 'Platba 50%']);
    expect((await list('search=_')).results.map((p) => p.message)).toEqual(['vrácení_přeplatku', '100% splaceno_ihned']);
    expect((await list('search=%5C')).results.map((p) => p.message)).toEqual(['back\\slash a\u001fseparator']);
    // The fields are joined by U+001F for the index: a text holding it matches only within a field.
    expect((await list('search=a%1Fs')).count).toBe(1);
    expect((await list(`search=${encodeURIComponent('\u001f')}`)).count).toBe(1);
    expect((await list('search=Novák')).count).toBe(3);
    expect((await list('search=2000145399')).count).toBe(2);
  });

  it('answers an empty list, and refuses a page past the last', async () => {
    expect(await list('search=nothing-like-this')).toEqual({ count: 0, results: [] });
    expect(await list('deal=2000000000')).toEqual({ count: 0, results: [] });
    await expect(list('search=nothing-like-this&page=2')).rejects.toMatchObject({ code: 'not_found' });
    await expect(list('unpaired=true&page=99')).rejects.toMatchObject({ code: 'not_found' });
    const res = await ctx.http().get('/api/v1/payments/?page=999').set(auth());
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Neplatná stránka.' });
  });
});

describe('payment_counts (migration *_payments_list)', () => {
  it('holds the number of payments of each kind through inserts, updates, deletes and a fold', async () => {
    let counts = await countsByKind();
    expect(counts.kept).toEqual(counts.actual);
    // A storno moves, a category changes, a payment goes back to the queue.
    const paired = (await list('unpaired=false&ordering=id')).results[0]!;
    await ctx.deps.pool.query(`UPDATE payments SET category = 'OTHERS' WHERE id = $1`, [paired.id]);
    await ctx.deps.pool.query(`UPDATE payments SET note = 'jen poznámka'`);
    counts = await countsByKind();
    expect(counts.kept).toEqual(counts.actual);
    // Statements of one row each, more than the fold's threshold: the rows are folded, the sums stay.
    for (let i = 0; i < 520; i++) {
      await ctx.deps.pool.query(`INSERT INTO payments (direction, date, amount, bank_reference, updated_at) VALUES ('INCOMING_PAYMENT', '2024-12-31', 1, $1, now())`, [`fold-${i}`]);
    }
    const rows = (await ctx.deps.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_counts')).rows[0]!.n;
    expect(rows).toBeLessThanOrEqual(501);
    await ctx.deps.pool.query(`DELETE FROM payments WHERE bank_reference LIKE 'fold-%' AND date = '2024-12-31' AND id % 2 = 0`);
    counts = await countsByKind();
    expect(counts.kept).toEqual(counts.actual);
    expect((await list('')).count).toBe((await ctx.deps.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM payments')).rows[0]!.n);
    expect((await list('unpaired=false')).count).toBe((await ctx.deps.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE deal_id IS NOT NULL')).rows[0]!.n);
  });

  it('counts what a snapshot sees: a rolled-back insert counts for nothing, and a fold waits for no one', async () => {
    const total = async () => (await list('')).count;
    const before = await total();
    const one = new pg.Client({ connectionString: ctx.deps.config.DATABASE_URL });
    const two = new pg.Client({ connectionString: ctx.deps.config.DATABASE_URL });
    await one.connect();
    await two.connect();
    try {
      const insert = (c: pg.Client, reference: string) =>
        c.query(`INSERT INTO payments (direction, date, amount, bank_reference, updated_at) VALUES ('INCOMING_PAYMENT', '2024-12-30', 1, $1, now())`, [reference]);
      await one.query('BEGIN');
      await insert(one, 'snapshot-1');
      // A fold in an open transaction holds the rows it folded until it ends…
      await one.query('SELECT payment_counts_fold()');
      expect(await total()).toBe(before);
      // …and another writer's fold skips them instead of waiting.
      await two.query(`SET statement_timeout = '5s'`);
      await two.query('BEGIN');
      await insert(two, 'snapshot-2');
      await two.query('SELECT payment_counts_fold()');
      await two.query('ROLLBACK');
      expect(await total()).toBe(before);
      await one.query('COMMIT');
      expect(await total()).toBe(before + 1);
      const counts = await countsByKind();
      expect(counts.kept).toEqual(counts.actual);
    } finally {
      await one.end();
      await two.end();
    }
  });
});
