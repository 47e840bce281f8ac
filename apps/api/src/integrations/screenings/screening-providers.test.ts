import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidCompanyId, normalizeFileMark, screeningData, ScreeningType } from '@lending/contracts';
import { HttpScreeningProvider } from './http-screening-provider.ts';
import { SandboxScreeningProvider } from './sandbox-screening-provider.ts';
import { sandboxProfile } from './sandbox/sandbox-registers.ts';
import { analyseStatements, scoreTransactions } from './sandbox/transaction-analysis.ts';
import { SCREENING_DATA_KIND, ScreeningFailed, type ScreeningRequest, type ScreeningSubject } from './screening-provider.ts';
import { eventually } from '../../../test/fixtures/eventually.ts';
import { type FakeGateway, json, startFakeGateway } from '../../../test/fixtures/screenings.ts';

const subject = (birthNumber: string, extra: Partial<ScreeningSubject> = {}): ScreeningSubject => ({
  personId: 1,
  identificationType: 'BIRTH_NUMBER',
  firstName: 'Řehoř',
  lastName: 'Šťastný',
  companyName: null,
  birthNumber,
  birthDate: '1985-03-12',
  companyId: null,
  identityCard: '215487963',
  ...extra,
});
const never = new AbortController().signal;
// 1 000 different people: ten-digit numbers divisible by 11, like birth numbers.
const people = Array.from({ length: 1000 }, (_, i) => subject(String(8_503_120_000 + i * 11)));

describe('sandbox screening provider', () => {
  const sandbox = new SandboxScreeningProvider();

  it('answers every type with data of its kind, the same twice for the same person', async () => {
    for (const type of ScreeningType.values) {
      const request: ScreeningRequest = { type, reference: 'screening-1', subject: people[3]!, transactions: [{ date: '2026-01-05', amount: 32_000, counterparty: 'Stavby Morava s.r.o.', description: 'Mzda 12/2025' }] };
      const first = await sandbox.screen(request, never);
      expect(first.kind).toBe(SCREENING_DATA_KIND[type]);
      expect(screeningData.safeParse(first).success).toBe(true);
      expect(await sandbox.screen(request, never)).toEqual(first);
    }
  });

  it('finds most people clean and some in insolvency, with executions, realties', () => {
    const profiles = people.map(sandboxProfile);
    const share = (f: (p: (typeof profiles)[number]) => boolean) => profiles.filter(f).length / profiles.length;
    expect(share((p) => p.insolvency)).toBeGreaterThan(0.04);
    expect(share((p) => p.insolvency)).toBeLessThan(0.13);
    expect(share((p) => p.executions > 0)).toBeGreaterThan(0.09);
    expect(share((p) => p.executions > 0)).toBeLessThan(0.22);
    expect(share((p) => p.realtyRights > 0)).toBeGreaterThan(0.35);
    expect(share((p) => !p.insolvency && p.executions === 0)).toBeGreaterThan(0.7);
  });

  it('writes realistic insolvency file marks, executions and cadastral rights', async () => {
    const insolvent = people.find((p) => sandboxProfile(p).insolvency)!;
    const isir = await sandbox.screen({ type: 'ISIR_INSOLVENCY', reference: 'r', subject: insolvent }, never);
    expect(isir.kind === 'INSOLVENCY' && isir.found).toBe(true);
    if (isir.kind !== 'INSOLVENCY') return;
    expect(isir.cases[0]!.file_mark).toMatch(/^(MSPH|KS[A-Z]{2}) \d{1,2} INS \d{3,5}\/20\d\d$/);
    expect(normalizeFileMark(isir.cases[0]!.file_mark)).toBe(isir.cases[0]!.file_mark);
    expect(isir.cases[0]!.debtor_name).toBe('Řehoř Šťastný');
    expect(isir.cases[0]!.court).toMatch(/soud/);

    const debtor = people.find((p) => sandboxProfile(p).executions > 0)!;
    const cee = await sandbox.screen({ type: 'ISPIS_CEE', reference: 'r', subject: debtor }, never);
    if (cee.kind !== 'EXECUTIONS') throw new Error('kind');
    expect(cee.executions).toHaveLength(sandboxProfile(debtor).executions);
    for (const e of cee.executions) {
      expect(e.file_mark).toMatch(/^\d{3} EX \d{5}\/\d{2}$/);
      expect(e.executor).toMatch(/^Exekutorský úřad .+, (JUDr|Mgr)\. /);
      expect(e.amount).toBeGreaterThan(1000);
    }
    expect(cee.total_amount).toBeCloseTo(cee.executions.reduce((s, e) => s + e.amount!, 0), 2);

    const owner = people.find((p) => sandboxProfile(p).realtyRights > 0)!;
    const zobi = await sandbox.screen({ type: 'ZOBI_OSOBACUZK', reference: 'r', subject: owner }, never);
    if (zobi.kind !== 'CADASTRE') throw new Error('kind');
    expect(zobi.subjects[0]).toMatchObject({ name: 'Řehoř Šťastný', birth_date: '1985-03-12' });
    for (const r of zobi.rights) {
      expect(r.cadastral_area_code).toMatch(/^\d{6}$/);
      expect(Number(r.lv_number)).toBeGreaterThan(0);
    }
    const clean = people.find((p) => sandboxProfile(p).realtyRights === 0)!;
    expect(await sandbox.screen({ type: 'ZOBI_OSOBACUZK', reference: 'r', subject: clean }, never)).toEqual({ kind: 'CADASTRE', found: false, subjects: [], rights: [] });
  });

  it('gives every IČO a trade licence and knows nothing of a person who has no identity card', async () => {
    const rzp = await sandbox.screen({ type: 'RZP', reference: 'r', subject: subject('', { birthNumber: null, identificationType: 'ICO', companyId: '27074358', companyName: 'Truhlářství Dvořák s.r.o.' }) }, never);
    expect(rzp).toMatchObject({ kind: 'TRADE_REGISTER', found: true, company_id: '27074358', trader_name: 'Truhlářství Dvořák s.r.o.' });
    const trader = people.find((p) => sandboxProfile(p).trades)!;
    const ispis = await sandbox.screen({ type: 'ISPIS_RZP', reference: 'r', subject: trader }, never);
    expect(ispis.kind === 'TRADE_REGISTER' && isValidCompanyId(ispis.company_id!)).toBe(true);
    await expect(sandbox.screen({ type: 'MVCR_IDENTITY_CARD', reference: 'r', subject: subject('8503120000', { identityCard: null }) }, never)).rejects.toMatchObject({
      message: 'Osoba nemá vyplněné číslo občanského průkazu.',
      retryable: false,
    });
    const card = await sandbox.screen({ type: 'MVCR_IDENTITY_CARD', reference: 'r', subject: people[0]! }, never);
    expect(card).toMatchObject({ kind: 'IDENTITY_CARD', document_number_masked: '******963' });
  });
});

describe('transaction analysis (sandbox)', () => {
  const months = ['2025-11', '2025-12', '2026-01'];
  const salary = months.map((m) => ({ date: `${m}-10`, amount: 38_500, counterparty: 'Kovovýroba Jihlava s.r.o.', description: 'Mzda' }));
  const rent = months.map((m) => ({ date: `${m}-15`, amount: -14_000, counterparty: 'Bytové družstvo Vinohrady', description: 'Nájem' }));

  it('scores a regular salary with sensible spending high', () => {
    const scoring = scoreTransactions([...salary, ...rent]);
    expect(scoring).toMatchObject({ grade: 'A', income_regularity: 1, gambling_outflows: 0, collection_outflows: 0, transactions_count: 6, period_from: '2025-11-10', period_to: '2026-01-15' });
    expect(scoring.average_monthly_income).toBe(38_500);
    expect(scoring.flags).toEqual([]);
  });

  it('marks gambling and payments to executors down', () => {
    const risky = [
      ...salary,
      ...rent,
      { date: '2025-12-20', amount: -9_000, counterparty: 'TIPSPORT.CZ', description: 'Vklad na sázkový účet' },
      { date: '2026-01-20', amount: -6_500, counterparty: null, description: 'Platba exekutor 058 EX 01234/21' },
    ];
    const scoring = scoreTransactions(risky);
    expect(scoring.gambling_outflows).toBe(9_000);
    expect(scoring.collection_outflows).toBe(6_500);
    expect(scoring.score).toBeLessThan(scoreTransactions([...salary, ...rent]).score - 200);
    expect(scoring.flags.join(' ')).toMatch(/sázkov[\s\S]*exekutor/);
    const statements = analyseStatements(risky, { source: 'STATEMENT_PDF', count: 2 });
    expect(statements).toMatchObject({ statements_count: 2, transactions_count: 8, income_total: 115_500, outcome_total: 57_500, salary_detected: true });
    expect(statements.months).toHaveLength(3);
  });
});

describe('HTTP screening provider against a fake gateway', () => {
  let gateway: FakeGateway;
  let mode: string;
  /** Calls of mode 'hang' that the caller closed. */
  let hungUp = 0;
  const cadastre = {
    kind: 'CADASTRE',
    found: true,
    subjects: [{ subject_id: '123456789010', name: 'Řehoř Šťastný', birth_date: '1985-03-12', address: 'Korunní 12, 120 00 Praha' }],
    rights: [
      {
        realty_right_id: 999,
        subject_id: '123456789010',
        type: 'OWNERSHIP',
        type_label: 'Vlastnické právo',
        share_numerator: null,
        share_denominator: null,
        share: null,
        lv_number: '1520',
        cadastral_area_code: '727415',
        cadastral_area_name: 'Vinohrady',
        description: 'Jednotka č. 1520/12 (byt)',
      },
    ],
  };
  beforeAll(async () => {
    gateway = await startFakeGateway((_body, res) => {
      if (mode === 'ok') json(res, 200, { data: cadastre });
      else if (mode === '503') json(res, 503, { detail: 'maintenance' });
      else if (mode === '429') json(res, 429, { detail: 'slow down' });
      else if (mode === '400') json(res, 400, { detail: 'bad subject' });
      else if (mode === '401') json(res, 401, { detail: 'no token' });
      else if (mode === 'bad-json') json(res, 200, '{"data": {"kind": ');
      else if (mode === 'wrong-shape') json(res, 200, { data: { kind: 'CADASTRE', found: 'yes' } });
      else if (mode === 'wrong-kind') json(res, 200, { data: { kind: 'IDENTITY_CARD', document_number_masked: '***1', invalid: false, reason: null, invalid_since: null } });
      // Never answered: only the caller's abort (time-out, job signal) ends the call.
      else if (mode === 'hang') res.on('close', () => hungUp++);
    });
  });
  afterAll(() => gateway.close());

  const provider = (timeoutMs = 1000) => new HttpScreeningProvider({ baseUrl: gateway.url, token: 'tajny-token', timeoutMs });
  const request: ScreeningRequest = { type: 'ZOBI_OSOBACUZK', reference: 'screening-42', subject: subject('8503124568') };

  it('posts the documented request and takes the data, dropping ids of ours', async () => {
    mode = 'ok';
    const data = await provider().screen(request, never);
    expect(data).toEqual({ ...cadastre, rights: [{ ...cadastre.rights[0], realty_right_id: null }] });
    const sent = gateway.requests.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer tajny-token');
    expect(sent.headers['idempotency-key']).toBe('screening-42');
    expect(sent.body).toMatchObject({ type: 'ZOBI_OSOBACUZK', reference: 'screening-42', subject: { identification_type: 'BIRTH_NUMBER', first_name: 'Řehoř', last_name: 'Šťastný', birth_number: '8503124568', birth_date: '1985-03-12' } });
  });

  it.each([
    ['503', true, 'Registr je dočasně nedostupný (HTTP 503).'],
    ['429', true, 'Registr je dočasně nedostupný (HTTP 429).'],
    ['400', false, 'Brána registrů odmítla dotaz (HTTP 400).'],
    ['401', false, 'Brána registrů odmítla přístup: zkontrolujte přístupový token (SCREENING_HTTP_TOKEN).'],
    ['bad-json', false, 'Registr odpověděl v neočekávaném formátu.'],
    ['wrong-shape', false, 'Registr odpověděl v neočekávaném formátu.'],
    ['wrong-kind', false, 'Registr odpověděl v neočekávaném formátu.'],
    ['hang', true, 'Registr neodpověděl včas.'],
  ])('turns a %s answer into a Czech failure (retryable: %s)', async (m, retryable, message) => {
    mode = m;
    const error = await provider(300)
      .screen(request, never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScreeningFailed);
    expect(error).toMatchObject({ retryable, message });
  });

  it('reports an unreachable gateway as retryable and stops when the job is aborted', async () => {
    const down = new HttpScreeningProvider({ baseUrl: 'http://127.0.0.1:1/gateway', timeoutMs: 500 });
    await expect(down.screen(request, never)).rejects.toMatchObject({ retryable: true, message: 'Registr není dostupný.' });
    // The gateway never answers, and the provider's own time-out is far off: only the job's
    // signal can end the call. It aborts it once the gateway has it; the provider rejects with
    // the job's own reason and closes the call.
    mode = 'hang';
    const controller = new AbortController();
    const reason = new Error('job timed out');
    const calls = gateway.requests.length;
    const closed = hungUp;
    const screening = provider(600_000).screen(request, controller.signal);
    await eventually(() => gateway.requests.length > calls, { what: 'the call to reach the gateway' });
    controller.abort(reason);
    await expect(screening).rejects.toBe(reason);
    await eventually(() => hungUp > closed, { what: 'the provider to close its call' });
  });
});
