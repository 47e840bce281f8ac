import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cncbBatchView, pageOf, queryMessages, reportingMessages, type CncbBatchView } from '@lending/contracts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { configWithTempDataDir } from '../../../test/fixtures/config.ts';
import { createDeal, createDealModel, pay } from '../../../test/fixtures/deals.ts';
import { queuedJob } from '../../../test/fixtures/job-queue.ts';
import { legalPerson, naturalPerson } from '../../../test/fixtures/persons.ts';
import { systemActor } from '../../domain/actor.ts';
import { handleCncbBatch } from '../../jobs/definitions/reporting/cncb-batch.handler.ts';
import type { ClaimType } from '../../generated/prisma/client.ts';
import { creditRegisterMessages } from './cncb-batch-view.ts';
import { DEAL_FIELDS, HEADER_FIELDS, MEMBER_ID, PERSON_FIELDS, REPAYMENT_FIELDS, TRAILER_FIELDS } from './layout.ts';
import { writeCncbBatch } from './write-cncb-batch.ts';

// The monthly credit-register batch (docs/decisions/0050) through HTTP on real PostgreSQL, the
// job's handler run directly. Today is 10 November 2026 in Prague (the test's clock), so the
// default period is October 2026, as of 31 October; the close of business has closed 31 October
// (a row of its own: the batch reads claims and payments, not what the close wrote).

const NOW = new Date('2026-11-10T09:00:00Z');
const at = (iso: string) => new Date(iso);
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const run = (attempt = 1) => ({ jobId: '1', attempt, attempts: 3, stopping: new AbortController().signal, timeoutMs: 30_000 });

let ctx: TestContext;
let temp: ReturnType<typeof configWithTempDataDir>;
let accountant: string;
let viewer: string;
let underwriter: string;
const ids = { active: 0, refused: 0, afterAsOf: 0, lease: 0, laterActivated: 0, closed: 0, lateEvening: 0 };
const people = { jana: 0, emil: 0, company: 0, karel: 0, creditor: 0, firm: 0 };
const p = () => ctx.deps.prisma;

/** One installment: a claims group of the deal's model with its claims. Returns the claims' ids. */
async function installment(dealId: number, modelId: number, number: number, due: string, claims: { type: ClaimType; amount: string }[]): Promise<number[]> {
  const group = await p().claimsGroup.create({ data: { dealId, dealModelId: modelId, kind: 'REGULAR', number, dueDate: day(due) } });
  const out: number[] = [];
  for (const c of claims) out.push((await p().claim.create({ data: { dealId, claimsGroupId: group.id, type: c.type, dueDate: day(due), amount: c.amount } })).id);
  return out;
}

beforeAll(async () => {
  temp = configWithTempDataDir();
  ctx = await createTestContext({ config: temp.config, now: () => NOW });
  await p().closeOfBusiness.create({ data: { businessDate: day('2026-10-31'), startedAt: at('2026-11-01T00:05:00Z'), finishedAt: at('2026-11-01T00:06:00Z') } });

  const jana = await naturalPerson(p(), { firstName: 'Jana', lastName: 'Dvořáková', birthDate: '1981-02-03', sex: 'F' });
  // A street with the separator in it, and every Czech letter of the encoding test.
  await p().personAddress.create({ data: { personId: jana.id, type: 'PERMANENT', wholeAddress: 'Lipová 12; 602 00 Brno', street: 'Lipová; ěščřžýáíéůú ĚŠČŘŽ', houseNumber: '12', city: 'Brno', zip: '602 00' } });
  const emil = await naturalPerson(p(), { firstName: 'Emil', lastName: 'Šťastný', birthDate: '1979-07-08' });
  // A character windows-1250 lacks: it comes out as '?' there.
  const company = await legalPerson(p(), { companyName: 'Čistírna ✓ s.r.o.' });
  await p().personAddress.create({ data: { personId: company.id, type: 'REGISTERED', wholeAddress: 'Nádražní 1, 110 00 Praha', street: 'Nádražní', houseNumber: '1', city: 'Praha', zip: '11000' } });
  const karel = await naturalPerson(p(), { firstName: 'Karel', lastName: 'Novák', birthDate: '1970-01-01' });
  const creditor = await legalPerson(p(), { companyName: 'Investor a.s.' });
  const firm = await legalPerson(p(), { companyName: 'Stavby Morava s.r.o.' });
  Object.assign(people, { jana: jana.id, emil: emil.id, company: company.id, karel: karel.id, creditor: creditor.id, firm: firm.id });

  // The known-answer contract: a consumer loan in force since June, 5 000 a month.
  const active = await createDeal(p(), {
    type: 'CONSUMER_LOAN',
    state: 'ACTIVE',
    value: '60000.00',
    contractNumber: 'SU-2026-001',
    createdAt: at('2026-06-01T08:00:00Z'),
    signedAt: at('2026-06-09T10:00:00Z'),
    activatedAt: at('2026-06-10T10:00:00Z'),
    participants: [
      { personId: jana.id, role: 'BORROWER' },
      { personId: jana.id, role: 'DEBTOR' },
      { personId: emil.id, role: 'ACCESSORY_DEBTOR' },
      { personId: company.id, role: 'PLEDGER' },
      { personId: creditor.id, role: 'CREDITOR' },
    ],
  });
  ids.active = active.id;
  const model = await createDealModel(p(), active.id, { version: 1, state: 'ACTIVE', principal: '60000.00', termMonths: 12, disbursementDate: '2026-06-10', firstDueDate: '2026-07-15' });
  await p().dealModel.update({ where: { id: model.id }, data: { installmentValue: '5000.00', activatedAt: at('2026-06-10T10:00:00Z') } });
  const [i1] = await installment(active.id, model.id, 1, '2026-07-15', [{ type: 'PRINCIPAL', amount: '5000.00' }]);
  const [i2p, i2i] = await installment(active.id, model.id, 2, '2026-08-15', [
    { type: 'PRINCIPAL', amount: '4000.00' },
    { type: 'INTEREST', amount: '1000.00' },
  ]);
  const [i3] = await installment(active.id, model.id, 3, '2026-09-15', [{ type: 'PRINCIPAL', amount: '5000.00' }]);
  const [i4] = await installment(active.id, model.id, 4, '2026-10-15', [{ type: 'PRINCIPAL', amount: '5000.00' }]);
  await installment(active.id, model.id, 5, '2026-10-31', [{ type: 'PRINCIPAL', amount: '5000.00' }]);
  await installment(active.id, model.id, 6, '2026-11-15', [
    { type: 'PRINCIPAL', amount: '4000.00' },
    { type: 'INTEREST', amount: '1000.00' },
  ]);
  await installment(active.id, model.id, 7, '2027-05-15', [{ type: 'PRINCIPAL', amount: '5000.00' }]);
  // Penalty interest (left out of every figure), a fee cancelled after the month's end (owed on
  // 31 October), a principal cancelled before it (never owed then).
  await p().claim.create({ data: { dealId: active.id, type: 'PENALTY_INTEREST', dueDate: day('2026-10-31'), amount: '123.45' } });
  await p().claim.create({ data: { dealId: active.id, type: 'FEE', dueDate: day('2026-10-20'), amount: '700.00', cancelledAt: at('2026-11-05T09:00:00Z') } });
  await p().claim.create({ data: { dealId: active.id, type: 'PRINCIPAL', dueDate: day('2026-09-15'), amount: '9999.00', cancelledAt: at('2026-09-01T09:00:00Z') } });
  await pay(p(), active.id, '2026-07-20', [{ claimId: i1!, amount: '5000.00' }]);
  await pay(p(), active.id, '2026-10-05', [
    { claimId: i2i!, amount: '1000.00' },
    { claimId: i2p!, amount: '2000.00' },
  ]);
  await pay(p(), active.id, '2026-10-15', [{ claimId: i4!, amount: '5000.00' }]);
  // Paid after the month's end: still owed as of 31 October.
  await pay(p(), active.id, '2026-11-03', [{ claimId: i3!, amount: '1000.00' }]);

  ids.refused = (
    await createDeal(p(), {
      type: 'CONSUMER_LOAN',
      state: 'CLOSED_APPLICATION',
      contractNumber: null,
      createdAt: at('2026-09-01T08:00:00Z'),
      closedAt: at('2026-09-20T08:00:00Z'),
      participants: [{ personId: karel.id, role: 'BORROWER' }],
    })
  ).id;
  // 00:30 on 1 November in Prague: after the month.
  ids.afterAsOf = (await createDeal(p(), { type: 'CONSUMER_LOAN', state: 'NEW_APPLICATION', createdAt: at('2026-10-31T23:30:00Z'), participants: [{ personId: karel.id, role: 'BORROWER' }] })).id;
  // 23:30 on 31 October in Prague: in the month.
  ids.lateEvening = (await createDeal(p(), { type: 'CONSUMER_LOAN', state: 'NEW_APPLICATION', contractNumber: null, createdAt: at('2026-10-31T22:30:00Z') })).id;
  ids.lease = (await createDeal(p(), { type: 'LEASE', state: 'ACTIVE', createdAt: at('2026-05-01T08:00:00Z'), participants: [{ personId: karel.id, role: 'TENANT' }] })).id;
  // Activated after the month's end: an application as of 31 October.
  ids.laterActivated = (
    await createDeal(p(), {
      type: 'INVESTMENT_LOAN',
      state: 'ACTIVE',
      createdAt: at('2026-10-20T08:00:00Z'),
      activatedAt: at('2026-11-02T08:00:00Z'),
      participants: [{ personId: firm.id, role: 'BORROWER' }],
    })
  ).id;
  ids.closed = (
    await createDeal(p(), {
      type: 'BORROWING',
      state: 'CLOSED',
      closedReason: 'CLOSED_DULY',
      createdAt: at('2026-01-01T08:00:00Z'),
      activatedAt: at('2026-01-05T08:00:00Z'),
      closedAt: at('2026-10-10T08:00:00Z'),
      participants: [{ personId: karel.id, role: 'BORROWER' }],
    })
  ).id;

  accountant = (await ctx.login('ACCOUNTANT')).access;
  viewer = (await ctx.login('VIEWER')).access;
  underwriter = (await ctx.login('UNDERWRITER')).access;
});
afterAll(async () => {
  await ctx?.close();
  temp?.cleanup();
});

const post = (token: string, body: object = {}) => ctx.http().post('/api/v1/reporting/cncb/batch/').set(bearer(token)).send(body);
const batchOf = (res: Response) => cncbBatchView.parse(res.body);
/** The raw bytes of a download. */
const bytes = (res: Response) => res.body as Buffer;
function download(token: string, id: number, report: 'deal-report' | 'person-report', query = '') {
  return ctx
    .http()
    .get(`/api/v1/reporting/cncb/batch/${id}/${report}/${query}`)
    .set(bearer(token))
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}
/** The records of a file (header and trailer apart), each split into its fields. */
function parse(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.slice(0, -2).split('\r\n');
  expect(lines.every((l) => !l.includes('\n') && !l.includes('\r'))).toBe(true);
  const [header, ...rest] = lines.map((l) => l.split(';'));
  const trailer = rest.pop()!;
  return { header: header!, records: rest, trailer };
}
const named = (fields: readonly { name: string }[], values: string[]) => Object.fromEntries(fields.map((f, i) => [f.name, values[i]]));

let batch: CncbBatchView;

describe('POST /api/v1/reporting/cncb/batch/ and the job', () => {
  it('queues the last month, answers a retried POST with the same batch, and the job writes the files', async () => {
    const res = await post(accountant);
    expect(res.status, res.text).toBe(202);
    batch = batchOf(res);
    expect(batch).toMatchObject({ period: '2026-10', as_of: '2026-10-31', state: 'QUEUED', repi_state: null, deals: 0, persons: 0 });
    expect(batch.created_by?.id).toBeGreaterThan(0);
    expect(await queuedJob(p(), `cncb-batch:${batch.id}:batch`)).toMatchObject({ task_identifier: 'reporting.cncb-batch' });
    const again = await post(accountant, { period: '2026-10' });
    expect([again.status, batchOf(again).id]).toEqual([202, batch.id]);
    expect(await p().auditLog.count({ where: { action: 'cncb-batch.create', entityId: String(batch.id) } })).toBe(1);

    await handleCncbBatch(ctx.deps, { batch_id: batch.id, part: 'batch' }, run());
    const done = batchOf(await ctx.http().get(`/api/v1/reporting/cncb/batch/${batch.id}/`).set(bearer(viewer)));
    expect(done).toMatchObject({ state: 'DONE', deals: 5, persons: 6, repayments: 0, error: null });
    expect(done.metadata).toMatchObject({ member_id: MEMBER_ID, requests: 2, refused: 1, active: 1, closed: 1 });
    expect(done.finished_at).not.toBeNull();
    // Stored as the row says: size and SHA-256 of the bytes under the key.
    const row = await p().cncbBatch.findUniqueOrThrow({ where: { id: batch.id } });
    const files = row.files as Record<string, { key: string; size: number; sha256: string; records: number }>;
    expect(Object.keys(files).sort()).toEqual(['deals', 'persons']);
    expect(files.deals!.key).toBe(`credit-register/${batch.id}/deals.txt`);
    const stored = fs.readFileSync(path.join(temp.dataDir, 'uploads', ...files.deals!.key.split('/')));
    expect([stored.length, createHash('sha256').update(stored).digest('hex'), files.deals!.records]).toEqual([files.deals!.size, files.deals!.sha256, 5]);
    // A second run of a DONE batch changes nothing.
    await handleCncbBatch(ctx.deps, { batch_id: batch.id, part: 'batch' }, run());
    expect((await p().cncbBatch.findUniqueOrThrow({ where: { id: batch.id } })).finishedAt).toEqual(row.finishedAt);
  });

  it('writes the deal file: header, one record per contract as of the month, the trailer counting them', async () => {
    const res = await download(accountant, batch.id, 'deal-report');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('filename="cncb-2026-10-smlouvy.txt"');
    const { header, records, trailer } = parse(bytes(res).toString('utf8'));
    expect(named(HEADER_FIELDS, header)).toEqual({
      record_type: 'H',
      member_id: MEMBER_ID,
      file: 'SMLOUVY',
      period: '2026-10',
      as_of: '2026-10-31',
      created_at: '2026-11-10T09:00:00Z',
      record_count: '5',
      layout_version: 'LENDING-NRKI-1',
    });
    expect(header).toHaveLength(HEADER_FIELDS.length);
    expect(trailer).toEqual(['T', 'SMLOUVY', String(records.length)]);
    expect(trailer).toHaveLength(TRAILER_FIELDS.length);
    for (const r of records) expect(r).toHaveLength(DEAL_FIELDS.length);
    const byDeal = new Map(records.map((r) => [Number(r[1]), named(DEAL_FIELDS, r)]));
    // The lease (not credit) and the application made after the month are not in it.
    expect([...byDeal.keys()]).toEqual([ids.active, ids.refused, ids.lateEvening, ids.laterActivated, ids.closed]);
    expect(byDeal.get(ids.refused)).toMatchObject({ product: 'SPOTREBITELSKY_UVER', phase: 'ZAMITNUTA', applied_on: '2026-09-01', closed_on: '2026-09-20', contracted_on: '', outstanding: '0.00' });
    expect(byDeal.get(ids.lateEvening)).toMatchObject({ phase: 'ZADOST', applied_on: '2026-10-31', contract_number: '' });
    expect(byDeal.get(ids.laterActivated)).toMatchObject({ product: 'PODNIKATELSKY_UVER', phase: 'ZADOST', contracted_on: '' });
    expect(byDeal.get(ids.closed)).toMatchObject({ product: 'ZAPUJCKA', phase: 'UKONCENA', closed_reason: 'CLOSED_DULY', closed_on: '2026-10-10', outstanding: '0.00', days_past_due: '0' });
  });

  it('gives the known answers of the hand-made contract', async () => {
    // As of 31 October (payments dated by then; DPD counted to 1 November, the first day after):
    //  1. due 15 Jul, 5 000 paid 20 Jul ................ paid; waited 20 Jul − 15 Jul = 5 days
    //  2. due 15 Aug, 4 000 + 1 000, 3 000 paid 5 Oct .. 2 000 overdue; the oldest unpaid:
    //     DPD = 1 Nov − 15 Aug = 16 (to 31 Aug) + 30 + 31 + 1 = 78 days
    //  3. due 15 Sep, 5 000 (1 000 paid 3 Nov, after) .. 5 000 overdue; waited 47 days
    //  4. due 15 Oct, 5 000 paid 15 Oct ................ paid on time
    //  5. due 31 Oct, 5 000 ............................. 5 000 overdue (1 day)
    //  fee due 20 Oct, 700, cancelled 5 Nov ............. owed on 31 Oct: 700 overdue
    //  penalty interest 123.45 .......................... left out; the principal cancelled 1 Sep: never owed then
    // overdue = 2 000 + 5 000 + 5 000 + 700 = 12 700.00; installments overdue: 2, 3, 5 and the fee = 4
    // outstanding = 12 700 + principal due later (4 000 on 15 Nov, 5 000 on 15 May 2027) = 21 700.00
    // (the interest of 15 Nov is not owed yet); worst DPD = 78 (bucket 61-90); maturity 15 May 2027.
    const res = await download(accountant, batch.id, 'deal-report');
    const { records } = parse(bytes(res).toString('utf8'));
    const deal = named(DEAL_FIELDS, records.find((r) => Number(r[1]) === ids.active)!);
    expect(deal).toEqual({
      record_type: 'S',
      contract_ref: String(ids.active),
      contract_number: 'SU-2026-001',
      product: 'SPOTREBITELSKY_UVER',
      phase: 'AKTIVNI',
      closed_reason: '',
      applied_on: '2026-06-01',
      contracted_on: '2026-06-09',
      maturity_on: '2027-05-15',
      closed_on: '',
      currency: 'CZK',
      credit_amount: '60000.00',
      installment_amount: '5000.00',
      installment_frequency: 'M',
      installments: '12',
      outstanding: '21700.00',
      overdue: '12700.00',
      days_past_due: '78',
      worst_days_past_due: '78',
      worst_dpd_bucket: '61-90',
      security: 'ZASTAVA',
      insolvency: 'N',
    });
  });

  it('writes the person file: one record per person in each contract, creditors left out', async () => {
    const res = await download(accountant, batch.id, 'person-report');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="cncb-2026-10-osoby.txt"');
    const { header, records, trailer } = parse(bytes(res).toString('utf8'));
    expect(header.slice(0, 3)).toEqual(['H', MEMBER_ID, 'OSOBY']);
    expect(header[6]).toBe('6');
    expect(trailer).toEqual(['T', 'OSOBY', '6']);
    for (const r of records) expect(r).toHaveLength(PERSON_FIELDS.length);
    const rows = records.map((r) => named(PERSON_FIELDS, r));
    expect(rows.map((r) => [Number(r.contract_ref), Number(r.person_ref), r.role, r.person_type])).toEqual([
      [ids.active, people.jana, 'DLUZNIK', 'FO'],
      [ids.active, people.emil, 'SPOLUDLUZNIK', 'FO'],
      [ids.active, people.company, 'ZASTAVCE', 'PO'],
      [ids.refused, people.karel, 'DLUZNIK', 'FO'],
      [ids.laterActivated, people.firm, 'DLUZNIK', 'PO'],
      [ids.closed, people.karel, 'DLUZNIK', 'FO'],
    ]);
    const jana = await p().person.findUniqueOrThrow({ where: { id: people.jana } });
    // The separator inside the street became a space.
    expect(rows[0]).toMatchObject({ last_name: 'Dvořáková', first_name: 'Jana', birth_number: jana.birthNumber, birth_date: '1981-02-03', street: 'Lipová  ěščřžýáíéůú ĚŠČŘŽ', city: 'Brno', zip: '60200', country: 'CZ' });
    expect(rows[2]).toMatchObject({ company_name: 'Čistírna ✓ s.r.o.', birth_number: '', street: 'Nádražní', city: 'Praha' });
  });

  it('pages through the data with the same result (one record per page)', async () => {
    const second = batchOf(await post(accountant));
    expect(second.id).not.toBe(batch.id);
    await writeCncbBatch(ctx.deps, systemActor('test'), { batchId: second.id, attempt: 1, attempts: 3, pageSize: 1 });
    const [a, b] = await Promise.all([batch.id, second.id].map((id) => p().cncbBatch.findUniqueOrThrow({ where: { id } })));
    const sha = (files: unknown) => Object.fromEntries(Object.entries(files as Record<string, { sha256: string }>).map(([k, v]) => [k, v.sha256]));
    expect(sha(b!.files)).toEqual(sha(a!.files));
  });

  it('records a failure with a Czech reason: retried until the last attempt, then FAILED for good', async () => {
    const failing = batchOf(await post(accountant));
    const away = { ...ctx.deps, pool: { connect: () => Promise.reject(new Error('database away')) } as unknown as typeof ctx.deps.pool };
    await expect(handleCncbBatch(away, { batch_id: failing.id, part: 'batch' }, run(1))).rejects.toThrow('database away');
    expect(await p().cncbBatch.findUniqueOrThrow({ where: { id: failing.id } })).toMatchObject({ state: 'FAILED', error: creditRegisterMessages.batchRetrying(1, 3) });
    await handleCncbBatch(away, { batch_id: failing.id, part: 'batch' }, run(3));
    expect(await p().cncbBatch.findUniqueOrThrow({ where: { id: failing.id } })).toMatchObject({ state: 'FAILED', error: creditRegisterMessages.batchFailed });
    const res = await download(accountant, failing.id, 'deal-report');
    expect([res.status, JSON.parse(bytes(res).toString())]).toEqual([409, { detail: creditRegisterMessages.batchFailed, state: 'FAILED' }]);
  });
});

describe('encodings', () => {
  it('transcodes to windows-1250 while streaming: the same text, characters it lacks as "?"', async () => {
    for (const report of ['deal-report', 'person-report'] as const) {
      const utf8 = await download(accountant, batch.id, report);
      const cp = await download(accountant, batch.id, report, '?encoding=windows-1250');
      expect(cp.status).toBe(200);
      expect(cp.headers['content-type']).toBe('text/plain; charset=windows-1250');
      expect(Number(cp.headers['content-length'])).toBe(bytes(cp).length);
      const text = bytes(utf8).toString('utf8');
      expect(new TextDecoder('windows-1250').decode(bytes(cp))).toBe(text.replaceAll('✓', '?'));
    }
    const persons = new TextDecoder('windows-1250').decode(bytes(await download(accountant, batch.id, 'person-report', '?encoding=windows-1250')));
    expect(persons).toContain('Lipová  ěščřžýáíéůú ĚŠČŘŽ');
    expect(persons).toContain('Čistírna ? s.r.o.');
    // One byte a character: "ě" is 0xEC in windows-1250.
    expect(bytes(await download(accountant, batch.id, 'person-report', '?encoding=windows-1250')).includes(Buffer.from([0xec, 0x9a, 0xe8]))).toBe(true);
  });

  it('answers nonsense query values with Czech field messages', async () => {
    const bad = await download(accountant, batch.id, 'deal-report', '?encoding=latin2&repi=maybe');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bytes(bad).toString())).toEqual({ encoding: ['Kódování musí být UTF-8 nebo windows-1250.'], repi: [queryMessages.booleanQuery] });
  });
});

describe('REPI: the repayment-information part', () => {
  it('is refused before it is asked for, written on request, and written again on a second request', async () => {
    const before = await download(accountant, batch.id, 'deal-report', '?repi=true');
    expect([before.status, JSON.parse(bytes(before).toString())]).toEqual([409, { detail: reportingMessages.repiNotRequested, repi_state: null }]);
    const persons = await download(accountant, batch.id, 'person-report', '?repi=true');
    expect([persons.status, JSON.parse(bytes(persons).toString())]).toEqual([400, { repi: [creditRegisterMessages.repiOnlyWithDeals] }]);

    const repi = (token: string) => ctx.http().post(`/api/v1/reporting/repi/${batch.id}/repi-report/`).set(bearer(token)).send();
    expect((await repi(viewer)).status).toBe(403);
    // The files carry unmasked birth numbers: VIEWER lists batches but does not download them (ROLES.md §1).
    expect((await download(viewer, batch.id, 'person-report')).status).toBe(403);
    expect((await download(viewer, batch.id, 'deal-report')).status).toBe(403);
    expect((await repi(underwriter)).status).toBe(403);
    const queued = await repi(accountant);
    expect([queued.status, batchOf(queued).repi_state]).toEqual([202, 'QUEUED']);
    expect(batchOf(await repi(accountant)).repi_state).toBe('QUEUED');
    expect(await p().auditLog.count({ where: { action: 'cncb-batch.repi-report', entityId: String(batch.id) } })).toBe(1);
    const waiting = await download(accountant, batch.id, 'deal-report', '?repi=true');
    expect([waiting.status, JSON.parse(bytes(waiting).toString()).detail]).toEqual([409, reportingMessages.repiNotReady]);

    await handleCncbBatch(ctx.deps, { batch_id: batch.id, part: 'repi' }, run());
    const done = batchOf(await ctx.http().get(`/api/v1/reporting/cncb/batch/${batch.id}/`).set(bearer(viewer)));
    expect(done).toMatchObject({ state: 'DONE', repi_state: 'DONE', repayments: 2, deals: 5, persons: 6 });
    const res = await download(accountant, batch.id, 'deal-report', '?repi=true');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="cncb-2026-10-splaceni.txt"');
    const { header, records, trailer } = parse(bytes(res).toString('utf8'));
    expect(header.slice(0, 4)).toEqual(['H', MEMBER_ID, 'REPI', '2026-10']);
    expect(trailer).toEqual(['T', 'REPI', '2']);
    for (const r of records) expect(r).toHaveLength(REPAYMENT_FIELDS.length);
    // The contract in force and the one closed in October. Due in October: 5 000 (15 Oct) +
    // 5 000 (31 Oct) + the fee 700 = 10 700.00; paid in October: 3 000 (5 Oct) + 5 000 (15 Oct).
    expect(records.map((r) => named(REPAYMENT_FIELDS, r))).toEqual([
      { record_type: 'R', contract_ref: String(ids.active), contract_number: 'SU-2026-001', phase: 'AKTIVNI', due_in_month: '10700.00', paid_in_month: '8000.00', overdue: '12700.00', days_past_due: '78', overdue_installments: '4' },
      { record_type: 'R', contract_ref: String(ids.closed), contract_number: expect.any(String), phase: 'UKONCENA', due_in_month: '0.00', paid_in_month: '0.00', overdue: '0.00', days_past_due: '0', overdue_installments: '0' },
    ]);
    // The deals and persons files are untouched; a second request writes the part again.
    const files = (await p().cncbBatch.findUniqueOrThrow({ where: { id: batch.id } })).files as Record<string, unknown>;
    expect(Object.keys(files).sort()).toEqual(['deals', 'persons', 'repi']);
    expect(batchOf(await repi(accountant)).repi_state).toBe('QUEUED');
    await handleCncbBatch(ctx.deps, { batch_id: batch.id, part: 'repi' }, run());
    expect((await download(accountant, batch.id, 'deal-report', '?repi=true')).status).toBe(200);
  });

  it('needs a batch that is written', async () => {
    const pending = batchOf(await post(accountant));
    expect(pending.state).toBe('QUEUED');
    const repi = await ctx.http().post(`/api/v1/reporting/repi/${pending.id}/repi-report/`).set(bearer(accountant)).send();
    expect([repi.status, repi.body]).toEqual([409, { detail: reportingMessages.batchNotReady, state: 'QUEUED' }]);
    const file = await download(accountant, pending.id, 'person-report');
    expect([file.status, JSON.parse(bytes(file).toString()).detail]).toEqual([409, reportingMessages.batchNotReady]);
    const missing = await ctx.http().post('/api/v1/reporting/repi/999999/repi-report/').set(bearer(accountant)).send();
    expect([missing.status, missing.body]).toEqual([404, { detail: reportingMessages.batchNotFound }]);
  });
});

describe('periods and permissions', () => {
  it('refuses a month that has not ended, and one not closed by the close of business, in Czech', async () => {
    for (const period of ['2026-11', '2027-01']) {
      const res = await post(accountant, { period });
      expect([res.status, res.body]).toEqual([400, { period: [reportingMessages.periodInFuture] }]);
    }
    const open = await post(accountant, { period: '2026-09' });
    expect([open.status, open.body]).toEqual([409, { detail: reportingMessages.periodNotClosed('30. 9. 2026') }]);
    expect(open.body.detail).toBe('Měsíc ještě není uzavřen: uzávěrka dne 30. 9. 2026 zatím neproběhla.');
    const bad = await post(accountant, { period: 'říjen' });
    expect([bad.status, bad.body]).toEqual([400, { period: ['Zadejte měsíc ve tvaru RRRR-MM.'] }]);
  });

  it('lets every staff role list batches, and only ADMIN and ACCOUNTANT make them and download their files', async () => {
    for (const token of [viewer, underwriter]) {
      expect((await post(token)).status).toBe(403);
      const list = await ctx.http().get('/api/v1/reporting/cncb/batch/?page_size=2').set(bearer(token));
      expect(list.status).toBe(200);
      const page = pageOf(cncbBatchView).parse(list.body);
      expect(page.count).toBeGreaterThanOrEqual(4);
      // Newest first.
      expect(page.results.map((b) => b.id)).toEqual([...page.results.map((b) => b.id)].sort((x, y) => y - x));
      expect((await download(token, batch.id, 'person-report')).status).toBe(403);
    }
    expect((await download(accountant, batch.id, 'person-report')).status).toBe(200);
    expect((await post((await ctx.login('ADMIN')).access, { period: '2026-10' })).status).toBe(202);
    expect((await ctx.http().get('/api/v1/reporting/cncb/batch/999999/').set(bearer(viewer))).body).toEqual({ detail: reportingMessages.batchNotFound });
    expect((await ctx.http().get('/api/v1/reporting/cncb/batch/')).status).toBe(401);
    // Downloads of the files with personal data are audited.
    expect(await p().auditLog.count({ where: { action: 'cncb-batch.download', entityId: String(batch.id) } })).toBeGreaterThan(5);
  });
});
