import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskBirthNumber, type ScreeningData, type ScreeningDetail, type ScreeningType } from '@lending/contracts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import type { ProcessingState } from '../../generated/prisma/enums.ts';
import { pdfTextLines } from '../../integrations/bank-statements/pdf-text.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { startJobWorker, type JobWorker } from '../../jobs/worker.ts';
import { newFormToken } from '../form-access/form-token.ts';
import { describeScreeningResult } from './describe-screening-result.ts';
import { configWithTempDataDir } from '../../../test/fixtures/config.ts';
import { statementPdf } from '../../../test/fixtures/documents.ts';
import { eventually } from '../../../test/fixtures/eventually.ts';
import { createPerson } from '../../../test/fixtures/screenings.ts';

let ctx: TestContext;
let temp: ReturnType<typeof configWithTempDataDir>;
let worker: JobWorker;
let token: string;
let staffId: number;

beforeAll(async () => {
  temp = configWithTempDataDir();
  ctx = await createTestContext({ config: temp.config });
  const login = await ctx.login('UNDERWRITER');
  token = login.access;
  staffId = (await ctx.deps.prisma.staffUser.findUniqueOrThrow({ where: { email: login.email } })).id;
  worker = startJobWorker(ctx.deps, { pollIntervalMs: 25, timeoutMs: 30_000 });
});
afterAll(async () => {
  await worker.stop();
  await ctx.close();
  temp.cleanup();
});

const base = (personId: number | string) => `/api/v1/persons/${personId}/screenings/`;
const get = (url: string, access = token) => ctx.http().get(url).set(bearer(access));
const run = (personId: number | string, body: unknown, access = token) => ctx.http().post(base(personId)).set(bearer(access)).send(body as object);
const binary = (req: ReturnType<typeof get>) => req.buffer(true).parse((res, cb) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
});

/** Polls the detail (bounded) until the screening has FINISHED or FAILED. */
async function settled(personId: number, id: number): Promise<ScreeningDetail> {
  return eventually(
    async () => {
      const res = await get(`${base(personId)}${id}/`);
      expect(res.status).toBe(200);
      return res.body.state === 'FINISHED' || res.body.state === 'FAILED' ? (res.body as ScreeningDetail) : undefined;
    },
    { what: `screening ${id} to finish or fail`, timeoutMs: 20_000 },
  );
}

async function runAndWait(personId: number, type: ScreeningType): Promise<ScreeningDetail> {
  const res = await run(personId, { type });
  expect(res.status).toBe(202);
  return settled(personId, res.body.id);
}

describe('running a screening end to end', () => {
  it('queues it (202 PENDING), the worker finishes it, and its PDF names the person with diacritics', async () => {
    const person = await createPerson(ctx.deps);
    const res = await run(person.id, { type: 'ISIR_INSOLVENCY' });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      person_id: person.id,
      person: { id: person.id, name: 'Řehoř Šťastný', identification_type: 'BIRTH_NUMBER', identification_masked: maskBirthNumber(person.birthNumber!) },
      type: 'ISIR_INSOLVENCY',
      type_label: 'Insolvenční rejstřík (ISIR)',
      state: 'PENDING',
      state_label: 'Čeká na zpracování',
      finished_at: null,
      requested_by: { id: staffId },
      result: null,
      has_file: false,
      download_url: null,
      error: null,
    });
    const audit = await ctx.deps.prisma.auditLog.findFirst({ where: { action: 'screening.run', entityId: String(res.body.id) } });
    expect(audit).toMatchObject({ actorType: 'STAFF', actorId: String(staffId), entity: 'Screening', changes: { person_id: person.id, type: 'ISIR_INSOLVENCY' } });

    const done = await settled(person.id, res.body.id);
    expect(done).toMatchObject({ state: 'FINISHED', state_label: 'Dokončeno', outcome: 'CLEAN', outcome_label: 'Bez nálezu', summary: 'Osoba není vedena v insolvenčním rejstříku.', has_file: true, attempts: 1 });
    expect(done.finished_at).not.toBeNull();
    expect(done.result).toMatchObject({ provider: 'sandbox', data: { kind: 'INSOLVENCY', found: false, cases: [] } });
    expect(done.download_url).toBe(`${base(person.id)}${done.id}/download/`);

    const pdf = await binary(get(done.download_url!));
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="proverka-ISIR_INSOLVENCY-${done.id}.pdf"; filename*=UTF-8''proverka-ISIR_INSOLVENCY-${done.id}.pdf`);
    const body = pdf.body as Buffer;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    // The embedded DejaVu font, never a WinAnsi standard font that would lose ř and ů.
    expect(body.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    expect(body.toString('latin1')).not.toMatch(/Helvetica|Times-Roman/);
    const text = (await pdfTextLines(body)).join('\n');
    expect(text).toContain('Řehoř Šťastný');
    expect(text).toContain('Insolvenční rejstřík (ISIR)');
    expect(text).toContain('Osoba není vedena v insolvenčním rejstříku.');
    expect(text).toContain(maskBirthNumber(person.birthNumber!));
    expect(text).not.toContain(person.birthNumber!);
    expect(text).not.toContain(`${person.birthNumber!.slice(0, 6)}/${person.birthNumber!.slice(6)}`);
    expect(text).toContain(ctx.deps.config.LENDER_NAME);
  });

  it('stores insolvency proceedings as ISIR cases and flags the person', async () => {
    const person = await createPerson(ctx.deps, { profile: (p) => p.insolvency });
    const done = await runAndWait(person.id, 'ISIR_INSOLVENCY');
    expect(done.state).toBe('FINISHED');
    expect(['RISK', 'WARNING']).toContain(done.outcome);
    const data = done.result!.data as Extract<ScreeningData, { kind: 'INSOLVENCY' }>;
    expect(data.cases).toHaveLength(1);
    const stored = await ctx.deps.prisma.isirCase.findMany({ where: { personId: person.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: data.cases[0]!.isir_case_id, fileMark: data.cases[0]!.file_mark, debtorName: 'Řehoř Šťastný', state: data.cases[0]!.state });
    expect(done.summary).toContain(data.cases[0]!.file_mark);
    const refreshed = await ctx.deps.prisma.person.findUniqueOrThrow({ where: { id: person.id } });
    expect(refreshed.hasInsolvency).toBe(!['RESOLVED', 'FINAL', 'ARCHIVED'].includes(data.cases[0]!.state));
    const finish = await ctx.deps.prisma.auditLog.findFirst({ where: { action: 'screening.finish', entityId: String(done.id) } });
    expect(finish).toMatchObject({ actorType: 'SYSTEM', entity: 'Screening' });

    // Once more: the same proceeding, updated rather than duplicated.
    const again = await runAndWait(person.id, 'ISIR_INSOLVENCY');
    expect((again.result!.data as typeof data).cases[0]!.isir_case_id).toBe(stored[0]!.id);
    expect(await ctx.deps.prisma.isirCase.count({ where: { personId: person.id } })).toBe(1);
  });

  it('stores executions as distraints once each and flags the person; the same person gets the same answer', async () => {
    const person = await createPerson(ctx.deps, { profile: (p) => p.executions >= 2 && !p.insolvency });
    const first = await runAndWait(person.id, 'ISPIS_CEE');
    expect(first).toMatchObject({ state: 'FINISHED' });
    const data = first.result!.data as Extract<ScreeningData, { kind: 'EXECUTIONS' }>;
    expect(data.executions.length).toBeGreaterThanOrEqual(2);
    const rows = await ctx.deps.prisma.distraint.findMany({ where: { personId: person.id }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => r.id)).toEqual(data.executions.map((e) => e.distraint_id));
    expect(rows.every((r) => r.screeningId === first.id && /^Exekutorský úřad/.test(r.executor!))).toBe(true);
    expect(rows[0]!.amount!.toNumber()).toBe(data.executions[0]!.amount);
    expect((await ctx.deps.prisma.person.findUniqueOrThrow({ where: { id: person.id } })).hasExecution).toBe(data.executions.some((e) => e.state === 'ACTIVE'));

    const second = await runAndWait(person.id, 'ISPIS_CEE');
    const again = second.result!.data as typeof data;
    expect(again.executions.map(({ distraint_id: _, ...e }) => e)).toEqual(data.executions.map(({ distraint_id: _, ...e }) => e));
    expect(await ctx.deps.prisma.distraint.count({ where: { personId: person.id } })).toBe(rows.length);
    expect(await ctx.deps.prisma.distraint.count({ where: { personId: person.id, screeningId: second.id } })).toBe(rows.length);
    const pdf = await binary(get(second.download_url!));
    const text = (await pdfTextLines(pdf.body as Buffer)).join(' ');
    expect(text).toContain(data.executions[0]!.file_mark);
  });

  it('answers the ZOBI detail: cadastral persons and realty rights, linked to tracked realties', async () => {
    const person = await createPerson(ctx.deps, { profile: (p) => p.realtyRights >= 1 });
    const first = await runAndWait(person.id, 'ZOBI_OSOBACUZK');
    expect(first.zobi_url).toBe(`${base(person.id)}${first.id}/zobi/`);
    const zobi = await get(first.zobi_url!);
    expect(zobi.status).toBe(200);
    expect(zobi.body).toMatchObject({ screening_id: first.id, person_id: person.id, state: 'FINISHED', tracked_realty_ids: [] });
    expect(zobi.body.subjects[0]).toMatchObject({ name: 'Řehoř Šťastný' });
    const rights = await ctx.deps.prisma.realtyRight.findMany({ where: { personId: person.id }, orderBy: { id: 'asc' } });
    expect(rights.length).toBeGreaterThan(0);
    expect(zobi.body.realty_rights.map((r: { realty_right_id: number }) => r.realty_right_id)).toEqual(rights.map((r) => r.id));
    expect(rights.every((r) => r.screeningId === first.id && r.lvNumber && r.cadastralAreaName)).toBe(true);

    // The lender tracks the realty of the first right: the next screening links it.
    const right = rights[0]!;
    const realty = await ctx.deps.prisma.realty.create({
      data: { type: 'FLAT', wholeAddress: 'Korunní 1520/12, 120 00 Praha 2', lvNumber: right.lvNumber, cadastralAreaCode: right.cadastralAreaCode, cadastralAreaName: right.cadastralAreaName },
    });
    const second = await runAndWait(person.id, 'ZOBI_OSOBACUZK');
    const zobi2 = await get(second.zobi_url!);
    expect(zobi2.body.tracked_realty_ids).toEqual([realty.id]);
    expect(await ctx.deps.prisma.realtyRight.count({ where: { personId: person.id } })).toBe(rights.length);

    const other = await runAndWait(person.id, 'RZP');
    expect(other.zobi_url).toBeNull();
    const notZobi = await get(`${base(person.id)}${other.id}/zobi/`);
    expect(notZobi.status).toBe(404);
    expect(notZobi.body).toEqual({ detail: 'Tato prověrka není prověrkou nemovitostí v katastru (ZOBI).' });
  });

  it('fails a screening the person lacks data for, with a Czech error, and offers no PDF', async () => {
    const person = await createPerson(ctx.deps, { identityCard: null });
    const card = await runAndWait(person.id, 'MVCR_IDENTITY_CARD');
    expect(card).toMatchObject({ state: 'FAILED', state_label: 'Chyba', error: 'Osoba nemá vyplněné číslo občanského průkazu.', has_file: false, result: null, outcome: null });
    const download = await get(`${base(person.id)}${card.id}/download/`);
    expect(download.status).toBe(409);
    expect(download.body).toEqual({ detail: 'Prověrka skončila chybou, protokol není k dispozici.' });

    const anonymous = await createPerson(ctx.deps, { birthNumber: null });
    expect(await runAndWait(anonymous.id, 'ISPIS_OBCHR')).toMatchObject({ state: 'FAILED', error: 'Osoba nemá rodné číslo ani IČO, podle kterého by ji šlo v registru vyhledat.' });
    expect(await runAndWait(anonymous.id, 'TRANSACTION_SCORING')).toMatchObject({ state: 'FAILED', error: 'K osobě nejsou k dispozici žádné bankovní transakce (výpisy ani připojený účet).' });
    expect(await runAndWait(anonymous.id, 'SOKORDIA_BANK_STATEMENT_PDF')).toMatchObject({ state: 'FAILED', error: 'K osobě nejsou nahrané žádné bankovní výpisy ani připojený bankovní účet.' });
  });

  it('checks an identity card against the register of invalid documents', async () => {
    const person = await createPerson(ctx.deps, { identityCard: '204578136' });
    const done = await runAndWait(person.id, 'MVCR_IDENTITY_CARD');
    expect(done).toMatchObject({ state: 'FINISHED', outcome: 'CLEAN', summary: 'Doklad č. ******136 není veden v evidenci neplatných dokladů.' });
  });
});

describe('bank statements and transaction scoring', () => {
  async function formOf(personId: number) {
    const lead = await ctx.deps.prisma.lead.create({ data: { source: 'PORTAL', personId } });
    return ctx.deps.prisma.applicationForm.create({ data: { token: newFormToken(), type: 'CONSUMER_LOAN', state: 'COLLATERAL_INFO', leadId: lead.id } });
  }
  const rows = [
    { date: '2026-01-12', text: 'Mzda 12/2025 Kovovyroba Jihlava s.r.o.', amount: 36_500 },
    { date: '2026-01-15', text: 'Najem Bytove druzstvo', amount: -13_800 },
    { date: '2026-01-20', text: 'TIPSPORT.CZ vklad', amount: -2_500 },
    { date: '2026-02-11', text: 'Mzda 01/2026 Kovovyroba Jihlava s.r.o.', amount: 36_500 },
    { date: '2026-02-15', text: 'Najem Bytove druzstvo', amount: -13_800 },
  ];

  it('reads the uploaded PDF statements of the person\'s forms (not yet verified ones too)', async () => {
    const person = await createPerson(ctx.deps);
    const form = await formOf(person.id);
    const pdf = await statementPdf({ from: '2026-01-01', to: '2026-02-28', transactions: rows });
    const key = `forms/${form.id}/vypis-1`;
    await storageFor(ctx.deps).put(key, pdf, { contentType: 'application/pdf' });
    await ctx.deps.prisma.formDocument.create({ data: { formId: form.id, category: 'BANK_STATEMENT', fileName: 'výpis leden–únor.pdf', mimeType: 'application/pdf', size: pdf.length, storageKey: key } });
    const done = await runAndWait(person.id, 'SOKORDIA_BANK_STATEMENT_PDF');
    expect(done.state).toBe('FINISHED');
    expect(done.result!.data).toMatchObject({ kind: 'BANK_STATEMENTS', source: 'STATEMENT_PDF', statements_count: 1, transactions_count: 5, income_total: 73_000, outcome_total: 30_100, salary_detected: true });
    expect(done.outcome).toBe('RISK');
    expect(done.summary).toContain('Analyzováno 5 transakcí z 1 výpisu');
  });

  it('falls back to the transactions of the connected account, and scores them', async () => {
    const person = await createPerson(ctx.deps);
    const form = await formOf(person.id);
    await ctx.deps.prisma.bankConnection.create({
      data: {
        formId: form.id,
        provider: 'sandbox',
        clientId: `test-${person.id}`,
        state: 'CONNECTED',
        transactions: {
          create: rows.map((r) => ({ date: new Date(`${r.date}T00:00:00Z`), amount: r.amount.toFixed(2), counterpartyName: r.text.includes('TIPSPORT') ? 'TIPSPORT.CZ' : null, description: r.text })),
        },
      },
    });
    const statements = await runAndWait(person.id, 'SOKORDIA_BANK_STATEMENT_PDF');
    expect(statements.result!.data).toMatchObject({ source: 'FORM_TRANSACTIONS', transactions_count: 5 });
    const scoring = await runAndWait(person.id, 'TRANSACTION_SCORING');
    expect(scoring.state).toBe('FINISHED');
    expect(scoring.result!.data).toMatchObject({ kind: 'TRANSACTION_SCORING', transactions_count: 5, gambling_outflows: 2_500 });
    expect(scoring.summary).toMatch(/^Transakční skóre \d+ bodů \(stupeň [A-E]\) z 5 transakcí\.$/);
    const text = (await pdfTextLines((await binary(get(scoring.download_url!))).body as Buffer)).join(' ');
    expect(text).toContain('Hazardní hry a sázky');
  });
});

describe('screening calls: errors and roles', () => {
  let person: { id: number };
  beforeAll(async () => {
    person = await createPerson(ctx.deps);
  });

  it('answers 401 without a token on every path', async () => {
    for (const url of [base(person.id), `${base(person.id)}1/`, `${base(person.id)}1/download/`, `${base(person.id)}1/zobi/`]) {
      expect((await ctx.http().get(url)).status).toBe(401);
    }
    expect((await ctx.http().post(base(person.id)).send({ type: 'RZP' })).status).toBe(401);
  });

  it('lets a VIEWER read but not run screenings, nor COLLECTIONS or ACCOUNTANT', async () => {
    const viewer = await ctx.login('VIEWER');
    const res = await run(person.id, { type: 'RZP' }, viewer.access);
    expect(res.status).toBe(403);
    expect(await ctx.deps.prisma.screening.count({ where: { personId: person.id } })).toBe(0);
    expect((await get(base(person.id), viewer.access)).status).toBe(200);
    // Screenings are underwriting (leads.write, docs/decisions/0044): ADMIN and UNDERWRITER run them.
    for (const role of ['COLLECTIONS', 'ACCOUNTANT'] as const) {
      expect((await run(person.id, { type: 'RZP' }, (await ctx.login(role)).access)).status).toBe(403);
    }
    expect(await ctx.deps.prisma.screening.count({ where: { personId: person.id } })).toBe(0);
    const admin = await ctx.login('ADMIN');
    const ok = await run(person.id, { type: 'RZP' }, admin.access);
    expect(ok.status).toBe(202);
    await settled(person.id, ok.body.id);
  });

  it('answers 400 for a missing or unknown type', async () => {
    expect((await run(person.id, {})).body).toEqual({ type: ['Pole je povinné'] });
    const unknown = await run(person.id, { type: 'KATASTR' });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body)).toEqual(['type']);
  });

  it('answers 404 for unknown persons and screenings, and for screenings of another person', async () => {
    expect((await run(999_999, { type: 'RZP' })).body).toEqual({ detail: 'Osoba nebyla nalezena.' });
    expect((await get(base(999_999))).status).toBe(404);
    expect((await get(base('abc'))).status).toBe(404);
    expect((await get(`${base(person.id)}0/`)).status).toBe(404);
    expect((await get(`${base(person.id)}999999/`)).body).toEqual({ detail: 'Prověrka nebyla nalezena.' });
    const other = await createPerson(ctx.deps);
    const theirs = await ctx.deps.prisma.screening.create({ data: { personId: other.id, type: 'RZP', state: 'FAILED', error: 'x' } });
    for (const suffix of ['', 'download/', 'zobi/']) expect((await get(`${base(person.id)}${theirs.id}/${suffix}`)).status).toBe(404);
    expect((await get(`${base(other.id)}${theirs.id}/`)).status).toBe(200);
  });

  it('answers 409 while a screening of the same type runs, and for its PDF or ZOBI detail', async () => {
    const busy = await createPerson(ctx.deps);
    // IN_PROGRESS without a job of ours: another replica's run, which our worker leaves alone.
    const running = await ctx.deps.prisma.screening.create({ data: { personId: busy.id, type: 'ZOBI_OSOBACUZK', state: 'IN_PROGRESS', attempts: 1 } });
    const res = await run(busy.id, { type: 'ZOBI_OSOBACUZK' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: 'Prověrka tohoto druhu u osoby právě probíhá. Počkejte na její výsledek.', screening_id: running.id });
    expect((await get(`${base(busy.id)}${running.id}/download/`)).body).toEqual({ detail: 'Prověrka ještě není dokončena, protokol zatím není k dispozici.' });
    expect((await get(`${base(busy.id)}${running.id}/zobi/`)).body).toEqual({ detail: 'Prověrka nemovitostí ještě není dokončena.' });
    const detail = await get(`${base(busy.id)}${running.id}/`);
    expect(detail.body).toMatchObject({ state: 'IN_PROGRESS', result: null, has_file: false, attempts: 1 });
    await ctx.deps.prisma.screening.delete({ where: { id: running.id } });
    // Another type is fine.
    expect((await run(busy.id, { type: 'RZP' })).status).toBe(202);
  });
});

describe('GET /persons/{personId}/screenings/ filters and ordering', () => {
  let personId: number;
  const ids: Record<string, number> = {};
  const day = (d: string, time = '10:00:00') => new Date(`${d}T${time}Z`);

  async function insert(name: string, type: ScreeningType, state: ProcessingState, createdAt: Date, data?: ScreeningData, finishedAt?: Date) {
    const result = data ? describeScreeningResult(data, { checkedAt: finishedAt ?? createdAt, provider: 'sandbox' }) : undefined;
    const row = await ctx.deps.prisma.screening.create({
      data: { personId, type, state, attempts: 1, createdAt, finishedAt: state === 'FINISHED' || state === 'FAILED' ? (finishedAt ?? createdAt) : null, result, error: state === 'FAILED' ? 'Registr není dostupný.' : null, requestedById: staffId },
    });
    ids[name] = row.id;
  }

  beforeAll(async () => {
    personId = (await createPerson(ctx.deps)).id;
    const insolvent: ScreeningData = {
      kind: 'INSOLVENCY',
      found: true,
      cases: [{ isir_case_id: null, file_mark: 'KSBR 27 INS 1234/2025', court: 'Krajský soud v Brně', state: 'DEBT_RELIEF', state_label: 'Oddlužení', debtor_name: 'Řehoř Šťastný', started_at: '2025-02-03', administrator: null, events: [] }],
    };
    const executions: ScreeningData = {
      kind: 'EXECUTIONS',
      found: true,
      total_amount: 12_500,
      executions: [{ distraint_id: null, file_mark: '058 EX 01234/21', executor: 'Exekutorský úřad Brno-město, JUDr. Pavel Kučera', creditor: 'Dopravní podnik hl. m. Prahy, akciová společnost', amount: 12_500, state: 'ACTIVE', state_label: 'Probíhající', started_at: '2021-04-01' }],
    };
    // Created in a jumbled order, so ordering by id and by created_at differ.
    await insert('isirOld', 'ISIR_INSOLVENCY', 'FINISHED', day('2026-03-01'), { kind: 'INSOLVENCY', found: false, cases: [] }, day('2026-03-01', '10:05:00'));
    await insert('cee', 'ISPIS_CEE', 'FINISHED', day('2026-03-10', '23:30:00'), executions, day('2026-03-12'));
    await insert('isirNew', 'ISIR_INSOLVENCY', 'FINISHED', day('2026-03-05'), insolvent, day('2026-03-05', '10:01:00'));
    await insert('rzpFailed', 'RZP', 'FAILED', day('2026-03-11', '00:00:00'), undefined, day('2026-03-11', '00:10:00'));
    // Another person's screening never shows up.
    const stranger = await createPerson(ctx.deps);
    await ctx.deps.prisma.screening.create({ data: { personId: stranger.id, type: 'ISIR_INSOLVENCY', state: 'FAILED', createdAt: day('2026-03-06'), finishedAt: day('2026-03-06') } });
  });

  const list = async (query: string) => {
    const res = await get(`${base(personId)}?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.results as { id: number }[]).map((r) => r.id);
  };

  it('lists newest first by default with the list fields', async () => {
    const res = await get(base(personId));
    expect(res.body.count).toBe(4);
    expect(res.body.results.map((r: { id: number }) => r.id)).toEqual([ids.rzpFailed, ids.cee, ids.isirNew, ids.isirOld]);
    const failed = res.body.results[0];
    expect(failed).toMatchObject({ type: 'RZP', state: 'FAILED', error: 'Registr není dostupný.', summary: null, has_file: false, requested_by: { id: staffId } });
    expect(res.body.results[2]).toMatchObject({ outcome: 'RISK', outcome_label: 'Rizikový nález', summary: 'Nalezeno insolvenční řízení KSBR 27 INS 1234/2025 (Oddlužení).' });
    expect(res.body.results[2]).not.toHaveProperty('result');
  });

  it('filters by type', async () => {
    expect(await list('type=ISIR_INSOLVENCY')).toEqual([ids.isirNew, ids.isirOld]);
    expect(await list('type=ZOBI_OSOBACUZK')).toEqual([]);
  });

  it('filters by created_at with date_from and date_to, both whole days inclusive', async () => {
    expect(await list('date_from=2026-03-05')).toEqual([ids.rzpFailed, ids.cee, ids.isirNew]);
    expect(await list('date_to=2026-03-05')).toEqual([ids.isirNew, ids.isirOld]);
    expect(await list('date_from=2026-03-10&date_to=2026-03-10')).toEqual([ids.cee]);
    expect(await list('date_from=2026-03-11&date_to=2026-03-11')).toEqual([ids.rzpFailed]);
  });

  it('keeps only the newest screening of each type with only_latest=true', async () => {
    expect(await list('only_latest=true')).toEqual([ids.rzpFailed, ids.cee, ids.isirNew]);
    expect(await list('only_latest=false')).toHaveLength(4);
    // Latest among those that pass the other filters.
    expect(await list('only_latest=true&date_to=2026-03-04')).toEqual([ids.isirOld]);
  });

  it('searches type names, summaries and result texts, ignoring case and diacritics', async () => {
    expect(await list('search=insolvencni')).toEqual([ids.isirNew, ids.isirOld]);
    expect(await list(`search=${encodeURIComponent('ksbr 27')}`)).toEqual([ids.isirNew]);
    expect(await list(`search=${encodeURIComponent('Dopravní podnik')}`)).toEqual([ids.cee]);
    expect(await list(`search=${encodeURIComponent('KUČERA')}`)).toEqual([ids.cee]);
    expect(await list('search=ISPIS_CEE')).toEqual([ids.cee]);
    expect(await list('search=DOSTUPNY')).toEqual([ids.rzpFailed]);
    expect(await list('search=100%25')).toEqual([]);
  });

  it('orders by every allowed field, both ways', async () => {
    expect(await list('ordering=created_at')).toEqual([ids.isirOld, ids.isirNew, ids.cee, ids.rzpFailed]);
    expect(await list('ordering=id')).toEqual([ids.isirOld, ids.cee, ids.isirNew, ids.rzpFailed]);
    expect(await list('ordering=-id')).toEqual([ids.rzpFailed, ids.isirNew, ids.cee, ids.isirOld]);
    expect(await list('ordering=finished_at')).toEqual([ids.isirOld, ids.isirNew, ids.rzpFailed, ids.cee]);
    expect(await list('ordering=-finished_at')).toEqual([ids.cee, ids.rzpFailed, ids.isirNew, ids.isirOld]);
    // Enum order: ISIR_INSOLVENCY, ISPIS_CEE, …, RZP; ties newest id first.
    expect(await list('ordering=type')).toEqual([ids.isirNew, ids.isirOld, ids.cee, ids.rzpFailed]);
    expect(await list('ordering=-type,created_at')).toEqual([ids.rzpFailed, ids.cee, ids.isirOld, ids.isirNew]);
    expect(await list('ordering=state,created_at')).toEqual([ids.isirOld, ids.isirNew, ids.cee, ids.rzpFailed]);
    expect(await list('ordering=-state')).toEqual([ids.rzpFailed, ids.isirNew, ids.cee, ids.isirOld]);
  });

  it('pages with page and page_size', async () => {
    const first = await get(`${base(personId)}?page_size=3`);
    expect(first.body).toMatchObject({ count: 4, previous: null });
    expect(first.body.results).toHaveLength(3);
    expect(first.body.next).toContain('page=2');
    const second = await get(`${base(personId)}?page_size=3&page=2`);
    expect(second.body.results.map((r: { id: number }) => r.id)).toEqual([ids.isirOld]);
    expect(second.body.next).toBeNull();
    expect((await get(`${base(personId)}?page_size=3&page=3`)).status).toBe(404);
  });

  it('answers 400 for bad filters', async () => {
    const bad = async (query: string, field: string) => {
      const res = await get(`${base(personId)}?${query}`);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual([field]);
    };
    await bad('date_from=2026-13-01', 'date_from');
    await bad('date_to=5.3.2026', 'date_to');
    await bad('date_from=2026-03-10&date_to=2026-03-01', 'date_to');
    await bad('only_latest=ano', 'only_latest');
    await bad('type=EXEKUCE', 'type');
    await bad('ordering=summary', 'ordering');
    await bad('page_size=101', 'page_size');
  });
});
