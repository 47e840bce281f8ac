import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { publicActor } from '../../../test/fixtures/actors.ts';
import { dayNumber, isoDay, businessDateOf } from '../../domain/dates.ts';
import { evaluateBankStatements } from './evaluate-bank-statements.ts';
import { validateBankStatements } from './validate-bank-statements.ts';
import { configWithTempDataDir } from '../../../test/fixtures/config.ts';
import { createForm, files, statementPdf } from '../../../test/fixtures/documents.ts';

let ctx: TestContext;
let temp: ReturnType<typeof configWithTempDataDir>;
beforeAll(async () => {
  temp = configWithTempDataDir();
  ctx = await createTestContext({ config: temp.config });
});
afterAll(async () => {
  await ctx.close();
  temp.cleanup();
});

const today = dayNumber(businessDateOf(new Date()));
const day = (offset: number) => isoDay(today + offset);

/** A statement from `fromOffset` to `toOffset` days relative to today with a payment every `every` days. */
function statement(fromOffset: number, toOffset: number, every = 4) {
  const transactions = [];
  for (let d = fromOffset; d <= toOffset; d += every) {
    transactions.push(d % 30 === 0 ? { date: day(d), text: 'Mzda ACME s.r.o. VS 202601', amount: 35_000 } : { date: day(d), text: 'Platba kartou ALBERT Praha', amount: -(250 + (d % 7) * 101.5) });
  }
  return statementPdf({ from: day(fromOffset), to: day(toOffset), transactions });
}

const uploadStatement = (token: string, pdf: Buffer, name = 'vypis.pdf') =>
  ctx.http().post(`/api/v1/forms/${token}/documents/`).field('category', 'BANK_STATEMENT').attach('file', pdf, name);
const validate = (token: string) => ctx.http().post(`/api/v1/forms/${token}/documents/bank-statements/validate/`);

describe('bank-statement validation', () => {
  it('reads the statements, stores their transactions, marks them verified and finds 90 days covered', async () => {
    const form = await createForm(ctx.deps);
    const older = await uploadStatement(form.token, await statement(-100, -50), 'unor-brezen.pdf');
    const newer = await uploadStatement(form.token, await statement(-49, -1), 'duben.pdf');
    expect(older.status).toBe(201);

    let overview = await ctx.http().get(`/api/v1/forms/${form.token}/documents/`);
    expect(overview.body.bank_statements).toMatchObject({ any_data: true, valid: false, is_dirty: true, unverified_count: 2, missing_count: 3 });
    expect(await evaluateBankStatements(ctx.deps, form)).toMatchObject({ any_data: true, valid: false, is_dirty: true });

    const res = await validate(form.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      any_data: true,
      valid: true,
      is_dirty: false,
      covered_days: 90,
      covered_from: day(-90),
      covered_to: day(-1),
      too_few_transactions: false,
      unverified_count: 0,
      missing_count: 0,
    });
    const stored = await ctx.deps.prisma.bankTransaction.findMany({ where: { documentId: older.body.id }, orderBy: { date: 'asc' } });
    expect(stored).toHaveLength(13);
    expect(stored[0]).toMatchObject({ description: 'Platba kartou ALBERT Praha', currency: 'CZK' });
    expect(stored[0]!.date.toISOString().slice(0, 10)).toBe(day(-100));
    expect(stored.every((t) => t.documentId === older.body.id && t.bankConnectionId === null)).toBe(true);
    const salary = stored.find((t) => t.variableSymbol === '202601');
    expect(salary?.amount.toString()).toBe('35000');
    expect(res.body.transactions_count).toBe(await ctx.deps.prisma.bankTransaction.count({ where: { date: { gte: new Date(`${day(-90)}T00:00:00Z`) }, document: { formId: form.id } } }));
    expect(res.body.documents).toEqual([
      { id: older.body.id, file_name: 'unor-brezen.pdf', verified: true, transactions_count: 13, period_from: day(-100), period_to: day(-50), error: null },
      { id: newer.body.id, file_name: 'duben.pdf', verified: true, transactions_count: 13, period_from: day(-49), period_to: day(-1), error: null },
    ]);

    overview = await ctx.http().get(`/api/v1/forms/${form.token}/documents/`);
    expect(overview.body.bank_statements).toMatchObject({ valid: true, is_dirty: false, missing_count: 0 });
    expect(overview.body.requirements[0]).toMatchObject({ requirement: 'BANK_STATEMENTS', uploaded_count: 2, missing_count: 0, satisfied: true });
    expect(overview.body.missing_count).toBe(1);
    expect(overview.body.categories[0].files.map((f: { verified_at: string | null; transactions_count: number }) => [Boolean(f.verified_at), f.transactions_count])).toEqual([
      [true, 13],
      [true, 13],
    ]);
    expect(await evaluateBankStatements(ctx.deps, form)).toMatchObject({ any_data: true, valid: true, is_dirty: false });

    // A second validation reads nothing again and changes nothing.
    const again = await validate(form.token);
    expect(again.body).toMatchObject({ valid: true, is_dirty: false });
    expect(await ctx.deps.prisma.bankTransaction.count({ where: { documentId: older.body.id } })).toBe(13);

    // Deleting a statement is a change since the last check, and the coverage drops.
    expect((await ctx.http().delete(`/api/v1/forms/${form.token}/documents/${older.body.id}/`)).status).toBe(204);
    expect(await ctx.deps.prisma.bankTransaction.count({ where: { documentId: older.body.id } })).toBe(0);
    const after = await evaluateBankStatements(ctx.deps, form);
    expect(after).toMatchObject({ any_data: true, valid: false, is_dirty: true, covered_days: 49, missing_count: 2 });
    const config = (await ctx.deps.prisma.applicationForm.findUniqueOrThrow({ where: { id: form.id } })).config as Record<string, Record<string, unknown>>;
    expect(Object.keys(config.bank_statement_periods!)).toEqual([String(newer.body.id)]);
  });

  it('accepts the last three calendar months when they are shorter than 90 days (Feb–Apr: 89)', async () => {
    const form = await createForm(ctx.deps);
    const transactions = Array.from({ length: 30 }, (_, i) => ({ date: isoDay(dayNumber('2026-02-01') + i * 3), text: 'Platba kartou BILLA', amount: -199.9 }));
    await uploadStatement(form.token, await statementPdf({ from: '2026-02-01', to: '2026-04-30', transactions }));
    const onMay3 = { ...ctx.deps, now: () => new Date('2026-05-03T08:00:00Z') };
    const res = await validateBankStatements(onMay3, publicActor, { token: form.token });
    expect(res).toMatchObject({ valid: true, covered_days: 89, required_days: 89, covered_from: '2026-02-01', covered_to: '2026-04-30', missing_count: 0 });
    // A month later the same statements are too old.
    const onJune10 = { ...ctx.deps, now: () => new Date('2026-06-10T08:00:00Z') };
    expect(await evaluateBankStatements(onJune10, form)).toMatchObject({ valid: false, covered_to: null, missing_count: 2 });
  });

  it('is not valid with statements that are too old, or cover too little', async () => {
    const stale = await createForm(ctx.deps);
    await uploadStatement(stale.token, await statement(-160, -40));
    expect((await validate(stale.token)).body).toMatchObject({ valid: false, any_data: true, missing_count: 2 });

    const short = await createForm(ctx.deps);
    await uploadStatement(short.token, await statement(-30, -1));
    expect((await validate(short.token)).body).toMatchObject({ valid: false, covered_days: 30, missing_count: 2 });
  });

  it('reports too few transactions (fewer than 10 in the 90 days) as not valid', async () => {
    const form = await createForm(ctx.deps);
    await uploadStatement(form.token, await statement(-95, -1, 12));
    const res = await validate(form.token);
    expect(res.body).toMatchObject({ any_data: true, valid: false, covered_days: 90, too_few_transactions: true, min_transactions: 10, missing_count: 1 });
    expect(res.body.transactions_count).toBeLessThan(10);
    expect(await evaluateBankStatements(ctx.deps, form)).toMatchObject({ valid: false, too_few_transactions: true, is_dirty: false });
  });

  it('leaves a PDF without a readable statement unverified and says why', async () => {
    const form = await createForm(ctx.deps);
    const up = await uploadStatement(form.token, files.pdf, 'sken.pdf');
    const res = await validate(form.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ any_data: true, valid: false, unverified_count: 1, too_few_transactions: false });
    expect(res.body.documents).toEqual([
      { id: up.body.id, file_name: 'sken.pdf', verified: false, transactions_count: 0, period_from: null, period_to: null, error: 'Ze souboru se nepodařilo přečíst bankovní výpis.' },
    ]);
  });

  it('without any statements: nothing to check, nothing dirty', async () => {
    const form = await createForm(ctx.deps);
    expect(await evaluateBankStatements(ctx.deps, form)).toMatchObject({ any_data: false, valid: false, is_dirty: false, covered_days: 0, transactions_count: 0 });
    expect((await validate(form.token)).body).toMatchObject({ any_data: false, valid: false, is_dirty: false, documents: [] });
  });

  it('answers 404 for an unknown token and 409 for a closed form', async () => {
    const res = await validate('C'.repeat(32));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Žádost nebyla nalezena.' });
    const closed = await createForm(ctx.deps, { state: 'CLOSED' });
    expect((await validate(closed.token)).status).toBe(409);
  });

  it('keeps what other writers put in the form config', async () => {
    const form = await createForm(ctx.deps);
    await ctx.deps.prisma.applicationForm.update({ where: { id: form.id }, data: { config: { portal: { step: 'DOCUMENTS' } } } });
    await uploadStatement(form.token, await statement(-95, -1));
    await validate(form.token);
    const config = (await ctx.deps.prisma.applicationForm.findUniqueOrThrow({ where: { id: form.id } })).config as Record<string, unknown>;
    expect(config.portal).toEqual({ step: 'DOCUMENTS' });
    expect(Object.keys(config).sort()).toEqual(['bank_statement_periods', 'bank_statements_check', 'portal']);
  });
});
