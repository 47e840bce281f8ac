import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_STATEMENT_BYTES } from '@lending/contracts';
import { createTestContext, type TestContext } from '../../../../test/context.ts';
import { configWithTempDataDir } from '../../../../test/fixtures/config.ts';
import { staffActor } from '../../../../test/fixtures/actors.ts';
import { importStatementJob } from '../../../jobs/definitions/payments/import-statement.ts';
import { startJobWorker, type JobWorker } from '../../../jobs/worker.ts';
import { businessDateOf } from '../../../domain/dates.ts';
import { addClaim, createDeal } from '../../../../test/fixtures/deals.ts';
import { recomputeDelinquency } from '../../servicing/index.ts';
import { eventually } from '../../../../test/fixtures/eventually.ts';
import { testSystem } from '../../../../test/fixtures/actors.ts';
import { importStatement } from './import-statement.ts';
import { statementFile, uploadStatement } from './upload-statement.ts';

// Statement files of fixtures/ uploaded through HTTP, imported by the real job worker on real
// PostgreSQL. What each file holds (read off the files, see statements.test.ts):
//   camt053-v02.xml: +12500 VS 2024000017, −3000, storno −500 (no original here), +1000 VS 2024000018, +500 VS 2024000019
//   statement-1250.gpc: +12500 VS 2024000017, −3000, storno −500, +1000 VS 2024000018 (other bank references)
//   camt053-v08.xml: +4321.09 VS 2024000020 SS 99, −0.10 fee
// Deals: A has VS 2024000017 (the small loan of booking.test.ts, 5000 in all), B 2024000018,
// C 99; no deal has 2024000019 or 2024000020.
// Files are stored under a temporary DATA_DIR (docs/decisions/0042): payment-statements/<uuid>.

let ctx: TestContext;
let temp: ReturnType<typeof configWithTempDataDir>;
let worker: JobWorker;
let accountant: string;
let viewer: string;
const deals: Record<'A' | 'B' | 'C', number> = { A: 0, B: 0, C: 0 };

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const daysSince = (due: string) => (Date.parse(businessDateOf(new Date())) - Date.parse(due)) / 86_400_000;

async function loan(variableSymbol: string) {
  const p = ctx.deps.prisma;
  const deal = await createDeal(p, { annualRate: '10.0000' });
  await p.deal.update({ where: { id: deal.id }, data: { variableSymbol } });
  await p.claimsSetting.create({ data: { dealId: deal.id, type: 'PENALTY_INTEREST', isEnabled: false } });
  await addClaim(p, deal, { type: 'INTEREST', due: '2025-01-20', amount: '500.00' });
  await addClaim(p, deal, { type: 'PRINCIPAL', due: '2025-01-20', amount: '2000.00' });
  await addClaim(p, deal, { type: 'INTEREST', due: '2025-02-20', amount: '450.00' });
  await addClaim(p, deal, { type: 'PRINCIPAL', due: '2025-02-20', amount: '2050.00' });
  return deal.id;
}

beforeAll(async () => {
  temp = configWithTempDataDir();
  ctx = await createTestContext({ config: temp.config });
  accountant = (await ctx.login('ACCOUNTANT')).access;
  viewer = (await ctx.login('VIEWER')).access;
  deals.A = await loan('2024000017');
  deals.B = await loan('2024000018');
  deals.C = await loan('99');
  worker = startJobWorker(ctx.deps, { pollIntervalMs: 50 });
});
afterAll(async () => {
  await worker?.stop();
  await ctx.close();
  temp?.cleanup();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const storedDir = () => path.join(temp.dataDir, 'uploads', 'payment-statements');
/** The statement files in the storage, by key. */
const stored = () => (fs.existsSync(storedDir()) ? fs.readdirSync(storedDir()).map((name) => `payment-statements/${name}`).sort() : []);
/** What every row names: no other file may be in the storage. */
const named = async () =>
  (await ctx.deps.prisma.paymentStatement.findMany({ where: { storageKey: { not: null } }, select: { storageKey: true } })).map((r) => r.storageKey!).sort();
/** The v08 sample with bank references of its own, so that it books anew. */
const v08As = (tag: string) => Buffer.from(fixture('camt053-v08.xml').toString('utf8').replace('KB2025031700077', `KB${tag}`).replace('FEE-20250317', `FEE-${tag}`));

const upload = (content: Buffer, name: string, token = accountant) => ctx.http().post('/api/v1/payments/statements/').set(auth(token)).attach('file', content, name);

async function finished(id: number) {
  return eventually(async () => {
    const res = await ctx.http().get(`/api/v1/payments/statements/${id}/`).set(auth(viewer));
    return ['DONE', 'FAILED'].includes(res.body.state) ? res.body : undefined;
  }, { what: `statement ${id} to be imported or to fail`, timeoutMs: 30_000 });
}

describe('statement import', () => {
  it('imports camt.053 v02: books, pairs and allocates; DPD of the paid deal drops to 0; the same file again creates nothing', async () => {
    const p = ctx.deps.prisma;
    await p.$transaction((tx) => recomputeDelinquency(tx, deals.A, businessDateOf(new Date())));
    expect((await p.deal.findUniqueOrThrow({ where: { id: deals.A } })).daysPastDue).toBe(daysSince('2025-01-20'));

    const res = await upload(fixture('camt053-v02.xml'), 'vypis-brezen.xml');
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ format: 'camt053', file_name: 'vypis-brezen.xml', already_imported: false });
    const done = await finished(res.body.id);
    expect(done).toMatchObject({ state: 'DONE', total_lines: 5, processed: 5, created: 5, paired: 2, unpaired: 1, duplicates_skipped: 0, errors: [] });
    // What the file says of itself (its IBAN in the Czech notation, the bank by its code) and the days of its movements (no FrToDt in it).
    expect(done).toMatchObject({ account: '19-2000145399/0800', bank_code: '0800', bank: 'Česká spořitelna', period_from: '2025-03-15', period_to: '2025-03-15' });
    expect(done.created_by).toMatchObject({ id: expect.any(Number) });

    // A's 12500 pays all 5000 of its claims (the rest is credit): nothing overdue any more.
    const list = await ctx.http().get(`/api/v1/payments/?deal=${deals.A}`).set(auth(viewer));
    expect(list.body.count).toBe(1);
    const [payment] = list.body.results;
    expect(payment).toMatchObject({ amount: '12500.00', date: '2025-03-15', variable_symbol: '2024000017', statement: res.body.id, allocated_amount: '5000.00', unallocated_amount: '7500.00' });
    expect(payment.allocations.map((a: { claim_type: string; amount: string }) => [a.claim_type, a.amount])).toEqual([
      ['INTEREST', '500.00'],
      ['INTEREST', '450.00'],
      ['PRINCIPAL', '2000.00'],
      ['PRINCIPAL', '2050.00'],
    ]);
    const claims = await p.claim.findMany({ where: { dealId: deals.A }, orderBy: { id: 'asc' } });
    expect(claims.map((c) => c.paidAmount.toFixed(2))).toEqual(['500.00', '2000.00', '450.00', '2050.00']);
    expect((await p.deal.findUniqueOrThrow({ where: { id: deals.A } })).daysPastDue).toBe(0);

    // The unpaired queue holds the 500 with VS 2024000019; the storno found no original and is kept as a movement saying so.
    const queue = await ctx.http().get(`/api/v1/payments/?unpaired=true&search=2024000019`).set(auth(viewer));
    expect(queue.body.results.map((x: { amount: string }) => x.amount)).toEqual(['500.00']);
    const storno = await p.payment.findUniqueOrThrow({ where: { bankReference: 'camt:19-2000145399/0800:250315-000125' } });
    expect([storno.direction, storno.dealId, storno.note]).toEqual(['OUTGOING_PAYMENT', null, 'Storno: původní platbu se nepodařilo najít, uloženo jako samostatný pohyb.']);

    const count = await p.payment.count();
    const again = await upload(fixture('camt053-v02.xml'), 'znovu.xml');
    expect(again.status).toBe(200);
    // The first import's figures, said to be that import's, with its day (issue 22 §3).
    const firstDay = businessDateOf(new Date(res.body.created_at));
    const czechDay = `${Number(firstDay.slice(8, 10))}. ${Number(firstDay.slice(5, 7))}. ${firstDay.slice(0, 4)}`;
    expect(again.body).toMatchObject({
      id: res.body.id,
      already_imported: true,
      detail: `Tento výpis už byl naimportován dne ${czechDay} – nic nového nevzniklo. Počty jsou z původního importu.`,
      created: 5,
    });
    expect(await p.payment.count()).toBe(count);
  });

  it('imports GPC (windows-1250) and camt.053 v08, pairing by the specific symbol; an overlapping file skips what was booked', async () => {
    const p = ctx.deps.prisma;
    const gpc = await finished((await upload(fixture('statement-1250.gpc'), 'vypis.gpc')).body.id);
    expect(gpc).toMatchObject({ state: 'DONE', total_lines: 4, created: 4, paired: 2, unpaired: 0, duplicates_skipped: 0 });
    expect((await p.payment.findUniqueOrThrow({ where: { bankReference: 'gpc:19-2000145399:1234567890101' } })).counterAccountName).toBe('Jiří Dvořák');

    const v08 = fixture('camt053-v08.xml');
    const first = await finished((await upload(v08, 'v08.xml')).body.id);
    expect(first).toMatchObject({ state: 'DONE', total_lines: 2, created: 2, paired: 1, unpaired: 0 });
    const byS = await p.payment.findUniqueOrThrow({ where: { bankReference: 'camt:19-2000145399:KB2025031700077' } });
    expect([byS.dealId, byS.amount.toFixed(2)]).toEqual([deals.C, '4321.09']);

    // The same movements in a file that differs (a trailing newline): a new import, nothing new booked.
    const overlap = await upload(Buffer.concat([v08, Buffer.from('\n')]), 'v08-kopie.xml');
    expect(overlap.status).toBe(202);
    expect(await finished(overlap.body.id)).toMatchObject({ state: 'DONE', total_lines: 2, processed: 2, created: 0, paired: 0, unpaired: 0, duplicates_skipped: 2 });
  });

  it('records a broken file as FAILED with located Czech errors; refuses what is no statement; VIEWER may not upload', async () => {
    const broken = await upload(fixture('camt053-broken.xml'), 'rozbity.xml');
    expect(broken.status).toBe(202);
    const failed = await finished(broken.body.id);
    expect(failed.state).toBe('FAILED');
    expect(failed.errors.length).toBeGreaterThan(0);
    expect(failed.errors[0]).toMatch(/řádek \d+/);
    const unbalanced = await finished((await upload(fixture('unbalanced.gpc'), 'x.gpc')).body.id);
    expect(unbalanced).toMatchObject({ state: 'FAILED', created: 0 });
    expect(unbalanced.errors).toEqual(['řádek 1: Výpis č. 44: starý zůstatek 100000.00 a pohyby (12500.00) nedávají nový zůstatek 120000.00; soubor je neúplný nebo poškozený.']);
    // camt.053 the same way (docs/decisions/0042): refused whole, its balanced first statement included.
    const camt = await finished((await upload(fixture('camt053-unbalanced.xml'), 'nesedi.xml')).body.id);
    expect(camt).toMatchObject({ state: 'FAILED', total_lines: 0, created: 0 });
    expect(camt.errors).toEqual(['řádek 22, element Stmt[2]: Výpis č. U-2: starý zůstatek 1200.00 a pohyby (150.00) nedávají nový zůstatek 1650.00; soubor je neúplný nebo poškozený.']);
    // A failed file uploaded again is imported again (here failing the same way), not answered as done.
    const retried = await upload(fixture('camt053-broken.xml'), 'rozbity-znovu.xml');
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ id: broken.body.id, state: 'QUEUED', errors: [], already_imported: false });
    expect(await finished(broken.body.id)).toMatchObject({ state: 'FAILED', errors: failed.errors });

    const text = await upload(Buffer.from('Dobrý den, posílám výpis.'), 'dopis.txt');
    expect(text.status).toBe(400);
    expect(text.body).toEqual({ file: ['Nahrajte výpis ve formátu camt.053 (XML) nebo GPC (ABO).'] });
    const none = await ctx.http().post('/api/v1/payments/statements/').set(auth(accountant)).field('note', 'bez souboru');
    expect(none.status).toBe(400);
    expect((await upload(fixture('camt053-v08.xml'), 'v08.xml', viewer)).status).toBe(403);
    expect((await ctx.http().get('/api/v1/payments/statements/2000000000/').set(auth(viewer))).body).toEqual({ detail: 'Výpis nebyl nalezen.' });
  });

  it('the same file uploaded twice at once is stored and imported once', async () => {
    const p = ctx.deps.prisma;
    const content = Buffer.from(fixture('camt053-v08.xml').toString('utf8').replace('KB2025031700077', 'KB2025031700078').replace('FEE-20250317', 'FEE-20250318'));
    const [x, y] = await Promise.all([upload(content, 'a.xml'), upload(content, 'b.xml')]);
    expect([x.status, y.status].sort()).toEqual([200, 202]);
    expect(x.body.id).toBe(y.body.id);
    expect(await finished(x.body.id)).toMatchObject({ state: 'DONE', created: 2, duplicates_skipped: 0 });
    expect(await p.paymentStatement.count({ where: { id: x.body.id } })).toBe(1);
    expect(await p.payment.count({ where: { bankReference: { in: ['camt:19-2000145399:KB2025031700078', 'camt:19-2000145399:FEE-20250318'] } } })).toBe(2);
  });

  it('a run after an interrupted one counts what that run booked as created, not as duplicates', async () => {
    const p = ctx.deps.prisma;
    const content = Buffer.from(fixture('camt053-v08.xml').toString('utf8').replace('KB2025031700077', 'KB2025031700079').replace('FEE-20250317', 'FEE-20250319'));
    const id = (await upload(content, 'c.xml')).body.id;
    const first = await finished(id);
    expect(first).toMatchObject({ state: 'DONE', created: 2, paired: 1, duplicates_skipped: 0 });
    // As if the worker had died after booking everything but before recording DONE.
    await p.paymentStatement.update({ where: { id }, data: { state: 'PROCESSING', created: 0, paired: 0, processed: 1, finishedAt: null } });
    await importStatement(ctx.deps, testSystem, { statementId: id, finalAttempt: false });
    const again = (await ctx.http().get(`/api/v1/payments/statements/${id}/`).set(auth(viewer))).body;
    expect(again).toMatchObject({ state: 'DONE', total_lines: 2, processed: 2, created: 2, paired: 1, unpaired: 0, duplicates_skipped: 0 });
  });

  it('keeps the file in the storage, not in the row: the bytes as uploaded under the key the row names', async () => {
    const content = v08As('S1');
    const res = await upload(content, 'ulozeny.xml');
    expect(res.status).toBe(202);
    const row = await ctx.deps.prisma.paymentStatement.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.content).toBeNull();
    expect(row.storageKey).toMatch(/^payment-statements\/[0-9a-f-]{36}$/);
    expect(row.sha256).toBe(sha256(content));
    expect(fs.readFileSync(path.join(temp.dataDir, 'uploads', row.storageKey!))).toEqual(content);
    expect(await finished(res.body.id)).toMatchObject({ state: 'DONE', created: 2 });
    expect(stored()).toEqual(await named());
  });

  it('answers 413 past 20 MB and 400 for what is no statement, keeping no file and no row', async () => {
    const before = { files: stored(), rows: await ctx.deps.prisma.paymentStatement.count() };
    const big = Buffer.alloc(MAX_STATEMENT_BYTES + 1, 0x20);
    big.write('<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">');
    const tooLarge = await upload(big, 'velky.xml');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ detail: 'Výpis je příliš velký (nejvýše 20 MB).' });
    const text = await upload(Buffer.from('Dobrý den, posílám výpis.'), 'dopis.txt');
    expect(text.status).toBe(400);
    const empty = await upload(Buffer.alloc(0), 'prazdny.xml');
    expect([empty.status, empty.body]).toEqual([400, { file: ['Nahrajte výpis ve formátu camt.053 (XML) nebo GPC (ABO).'] }]);
    expect(stored()).toEqual(before.files);
    expect(await ctx.deps.prisma.paymentStatement.count()).toBe(before.rows);
  });

  it('stores the same file once: uploaded again, or twice at once, the extra copies are deleted', async () => {
    const content = v08As('S2');
    const [x, y] = await Promise.all([upload(content, 'a.xml'), upload(content, 'b.xml')]);
    expect([x.status, y.status].sort()).toEqual([200, 202]);
    expect((await upload(content, 'c.xml')).status).toBe(200);
    expect(await ctx.deps.prisma.paymentStatement.count({ where: { sha256: sha256(content) } })).toBe(1);
    expect(stored()).toEqual(await named());
    await finished(x.body.id);
  });

  it('deletes the stored file when the transaction that would name it rolls back', async () => {
    const before = stored();
    const accountantId = (await ctx.deps.prisma.staffUser.findFirstOrThrow({ where: { role: 'ACCOUNTANT' } })).id;
    const enqueue = vi.spyOn(importStatementJob, 'enqueue').mockRejectedValueOnce(new Error('simulated: the queue refused the job'));
    try {
      await expect(uploadStatement(ctx.deps, staffActor(accountantId, 'ACCOUNTANT'), { file: statementFile('rollback.xml', v08As('S3')) })).rejects.toThrow(/simulated/);
      // Refused inside the transaction, after the row was inserted.
      expect(enqueue).toHaveBeenCalledTimes(1);
    } finally {
      enqueue.mockRestore();
    }
    expect(await ctx.deps.prisma.paymentStatement.count({ where: { sha256: sha256(v08As('S3')) } })).toBe(0);
    expect(stored()).toEqual(before);
    // Uploaded again, it is taken as new.
    const again = await upload(v08As('S3'), 'rollback.xml');
    expect(again.status).toBe(202);
    expect(await finished(again.body.id)).toMatchObject({ state: 'DONE', created: 2 });
    expect(stored()).toEqual(await named());
  });

  it('imports a row uploaded before the storage (its file in the row), QUEUED or PROCESSING; failed and uploaded again, it moves to the storage', async () => {
    const p = ctx.deps.prisma;
    const accountantId = (await p.staffUser.findFirstOrThrow({ where: { role: 'ACCOUNTANT' } })).id;
    const legacy = async (content: Buffer, state: string) =>
      (await p.paymentStatement.create({ data: { format: 'camt053', fileName: `stary-${state}.xml`, content: new Uint8Array(content), sha256: sha256(content), state, createdById: accountantId } })).id;
    const queued = await legacy(v08As('L1'), 'QUEUED');
    const processing = await legacy(v08As('L2'), 'PROCESSING');
    for (const id of [queued, processing]) {
      await importStatement(ctx.deps, testSystem, { statementId: id, finalAttempt: true });
      expect((await ctx.http().get(`/api/v1/payments/statements/${id}/`).set(auth(viewer))).body).toMatchObject({ state: 'DONE', total_lines: 2, created: 2, paired: 1, errors: [] });
    }
    expect(await p.payment.count({ where: { statementId: { in: [queued, processing] } } })).toBe(4);
    // Kept in the row: nothing was moved by reading it.
    expect((await p.paymentStatement.findUniqueOrThrow({ where: { id: queued } })).content).not.toBeNull();

    const broken = Buffer.concat([fixture('camt053-broken.xml'), Buffer.from('<!-- stary -->')]);
    const failed = await legacy(broken, 'QUEUED');
    await importStatement(ctx.deps, testSystem, { statementId: failed, finalAttempt: true });
    expect((await p.paymentStatement.findUniqueOrThrow({ where: { id: failed } })).state).toBe('FAILED');
    const retried = await upload(broken, 'stary-znovu.xml');
    expect(retried.body).toMatchObject({ id: failed, state: 'QUEUED' });
    const row = await p.paymentStatement.findUniqueOrThrow({ where: { id: failed } });
    expect([row.content, row.storageKey]).toEqual([null, expect.stringMatching(/^payment-statements\//)]);
    expect(await finished(failed)).toMatchObject({ state: 'FAILED' });
    expect(stored()).toEqual(await named());
  });

  it('fails an import whose stored file is gone, saying to upload it again', async () => {
    const res = await upload(v08As('S4'), 'zmizely.xml');
    const row = await ctx.deps.prisma.paymentStatement.findUniqueOrThrow({ where: { id: res.body.id } });
    // The worker imports it first (waited for, so it cannot race what follows); then, as if the
    // file had vanished before the job ran, the statement is queued again without its file.
    await finished(row.id);
    await ctx.deps.prisma.paymentStatement.update({ where: { id: row.id }, data: { state: 'QUEUED' } });
    fs.rmSync(path.join(temp.dataDir, 'uploads', row.storageKey!));
    await importStatement(ctx.deps, testSystem, { statementId: row.id, finalAttempt: false });
    expect((await ctx.http().get(`/api/v1/payments/statements/${row.id}/`).set(auth(viewer))).body).toMatchObject({
      state: 'FAILED',
      errors: ['Soubor výpisu se v úložišti nenašel; nahrajte výpis znovu.'],
    });
  });

  it('lists every import, newest first, paged, with its figures, account, period and who uploaded it (GET /payments/statements/)', async () => {
    const p = ctx.deps.prisma;
    const total = await p.paymentStatement.count();
    expect(total).toBeGreaterThan(2);
    const first = await ctx.http().get('/api/v1/payments/statements/?page_size=2').set(auth(viewer));
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(total);
    expect(first.body.results).toHaveLength(2);
    expect(first.body.next).toContain('page=2');
    const all = await ctx.http().get('/api/v1/payments/statements/?page_size=100').set(auth(viewer));
    const rows = await p.paymentStatement.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { id: true } });
    expect(all.body.results.map((s: { id: number }) => s.id)).toEqual(rows.map((r) => r.id));
    // The first test's camt.053 v02, as its detail shows it.
    const v02 = all.body.results.find((s: { file_name: string }) => s.file_name === 'vypis-brezen.xml');
    expect(v02).toMatchObject({ state: 'DONE', created: 5, paired: 2, unpaired: 1, account: '19-2000145399/0800', bank: 'Česká spořitelna', already_imported: false, detail: null });
    expect((await ctx.http().get(`/api/v1/payments/statements/${v02.id}/`).set(auth(viewer))).body).toEqual(v02);
    const oldest = await ctx.http().get('/api/v1/payments/statements/?ordering=created_at&page_size=1').set(auth(viewer));
    expect(oldest.body.results[0].id).toBe((await p.paymentStatement.findFirstOrThrow({ orderBy: [{ createdAt: 'asc' }, { id: 'desc' }] })).id);
    expect((await ctx.http().get('/api/v1/payments/statements/?ordering=amount').set(auth(viewer))).status).toBe(400);
    expect((await ctx.http().get('/api/v1/payments/statements/?page=999').set(auth(viewer))).status).toBe(404);
  });
});
