import { leadMessages, moneyMessages } from '@lending/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { creditReasons, LIVING_MINIMUM_PER_ADULT } from './evaluate-credit.ts';
import { IDM_NOT_FOUND } from './get-idm-check-result.ts';
import { CALL_DATA_NOT_FOUND } from './call-data/call-data-record.ts';
import { DEBT_NOT_FOUND } from './debts/debt-record.ts';
import { INCOME_EXPENSE_NOT_FOUND } from './incomes-expenses/income-expense-record.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { leadFixtures } from '../../../test/fixtures/leads.ts';

// Incomes/expenses, debts and call data under /leads/{leadId}/ (full CRUD), and the IDM
// credit evaluation computed from them, its numbers checked by hand.

let ctx: TestContext;
let fx: ReturnType<typeof leadFixtures>;
let underwriter: Record<string, string>;
let viewer: Record<string, string>;
let collections: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  fx = leadFixtures(ctx);
  underwriter = bearer((await ctx.login('UNDERWRITER')).access);
  viewer = bearer((await ctx.login('VIEWER')).access);
  collections = bearer((await ctx.login('COLLECTIONS')).access);
});
afterAll(() => ctx.close());

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
const call = (method: Method, path: string, body?: unknown, auth = underwriter) => {
  const req = ctx.http()[method](`/api/v1${path}`).set(auth);
  return body === undefined ? req : req.send(body as object);
};
const created = async (path: string, body: unknown) => {
  const res = await call('post', path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number } & Record<string, unknown>;
};

describe('IDM evaluations', () => {
  it('approves a concrete case: DSTI 22.22 %, DTI 0.78, free income 17 000 Kč', async () => {
    const lead = await fx.directLead({ value: 300_000, installmentValue: 6_500 });
    const base = `/leads/${lead.id}`;
    await created(`${base}/incomes-expenses/`, { kind: 'INCOME', category: 'SALARY', amount: 45_000, note: 'Čistá mzda' });
    await created(`${base}/incomes-expenses/`, { kind: 'EXPENSE', category: 'HOUSING', amount: 12_000 });
    await created(`${base}/incomes-expenses/`, { kind: 'EXPENSE', category: 'FOOD', amount: 6_000 });
    // The bank loan recorded again as an expense: counted once (the larger record, 3 500).
    await created(`${base}/incomes-expenses/`, { kind: 'EXPENSE', category: 'LOAN_REPAYMENT', amount: 3_000 });
    await created(`${base}/debt/`, { type: 'BANK_LOAN', creditor: 'Česká spořitelna', original_amount: 200_000, remaining_amount: 120_000, installment_value: 3_500 });
    // Refinanced by the new loan: neither its balance nor its installment counts.
    await created(`${base}/debt/`, { type: 'CREDIT_CARD', creditor: 'Air Bank', remaining_amount: 40_000, installment_value: 2_000, to_refinance: true });

    const res = await call('post', `${base}/idm-evaluations/`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // income 45 000; expenses 12 000 + 6 000 = 18 000; installments 3 500; new 6 500
    // DSTI = (3 500 + 6 500) / 45 000 = 0.2222; DTI = (120 000 + 300 000) / (12 × 45 000) = 0.7778
    // free = 45 000 − 18 000 − 3 500 − 6 500 = 17 000 ≥ 4 860 (one adult)
    expect(res.body).toMatchObject({
      lead_id: lead.id,
      deal_model: null,
      state: 'FINISHED',
      decision: 'APPROVE',
      error: null,
      result: {
        decision: 'APPROVE',
        reasons: [],
        requested_value: '300000.00',
        new_installment: '6500.00',
        monthly_net_income: '45000.00',
        monthly_expenses: '18000.00',
        existing_installments: '3500.00',
        total_remaining_debt: '120000.00',
        annual_net_income: '540000.00',
        dsti: 0.2222,
        dti: 0.7778,
        free_income: '17000.00',
        adults: 1,
        living_minimum: '4860.00',
        limits: { max_dsti: 0.45, max_dti: 8.5, living_minimum_per_adult: '4860.00' },
      },
    });
    expect(res.body.checked_at).not.toBeNull();

    const check = await call('get', `${base}/idm-evaluations/${res.body.id}/check-result/`, undefined, viewer);
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ state: 'FINISHED', decision: 'APPROVE', dsti: 0.2222, dti: 0.7778, free_income: '17000.00', reasons: [], checked_at: res.body.checked_at });

    const stored = await ctx.deps.prisma.idmEvaluation.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(stored).toMatchObject({ leadId: lead.id, state: 'FINISHED' });
    expect(await ctx.deps.prisma.auditLog.count({ where: { action: 'lead.idm_evaluation.create', entityId: String(res.body.id) } })).toBe(1);
  });

  it('rejects a concrete case with Czech reasons: DSTI 56 %, free income below the living minimum of two adults', async () => {
    const lead = await fx.directLead({ value: 200_000, installmentValue: 5_000 });
    const coDebtor = await ctx.deps.prisma.person.create({ data: { firstName: 'Pavel', lastName: 'Novák', email: 'pavel.novak@email.cz' } });
    await ctx.deps.prisma.leadParticipant.create({ data: { leadId: lead.id, personId: coDebtor.id, role: 'DEBTOR' } });
    const base = `/leads/${lead.id}`;
    await created(`${base}/incomes-expenses/`, { kind: 'INCOME', category: 'SALARY', amount: 25_000 });
    await created(`${base}/incomes-expenses/`, { kind: 'EXPENSE', category: 'HOUSING', amount: 12_000, person_id: coDebtor.id });
    await created(`${base}/debt/`, { type: 'NON_BANK_LOAN', creditor: 'Home Credit', remaining_amount: 400_000, installment_value: 6_000 });

    const res = await call('post', `${base}/idm-evaluations/`, { requested_value: 500_000, requested_installment: 8_000 });
    expect(res.status).toBe(201);
    // DSTI = (6 000 + 8 000) / 25 000 = 0.56 > 0.45; DTI = (400 000 + 500 000) / 300 000 = 3 ≤ 8.5
    // free = 25 000 − 12 000 − 6 000 − 8 000 = −1 000 < 2 × 4 860 = 9 720
    expect(res.body.result).toMatchObject({
      decision: 'REJECT',
      requested_value: '500000.00',
      new_installment: '8000.00',
      dsti: 0.56,
      dti: 3,
      free_income: '-1000.00',
      adults: 2,
      living_minimum: '9720.00',
    });
    expect(LIVING_MINIMUM_PER_ADULT).toBe('4860.00');
    expect(res.body.result.reasons).toEqual([creditReasons.dsti(0.56), creditReasons.freeIncome('-1000.00', '9720.00')]);
    expect(res.body.result.reasons[1]).toBe('Volný příjem -1\u00a0000\u00a0Kč je nižší než životní minimum 9\u00a0720\u00a0Kč.');
    expect(res.body.result.reasons[0]).toBe('Podíl splátek na čistém příjmu (DSTI) 56 % překračuje limit 45 %.');
    const check = await call('get', `${base}/idm-evaluations/${res.body.id}/check-result/`);
    expect(check.body).toMatchObject({ decision: 'REJECT', dsti: 0.56, dti: 3, free_income: '-1000.00', reasons: res.body.result.reasons });
  });

  it('rejects on DTI alone, and asks for a manual review without income', async () => {
    const lead = await fx.directLead({ value: 2_100_000, installmentValue: 5_000, dealType: 'INVESTMENT_LOAN' });
    await created(`/leads/${lead.id}/incomes-expenses/`, { kind: 'INCOME', category: 'BUSINESS_INCOME', amount: 20_000 });
    const dti = await call('post', `/leads/${lead.id}/idm-evaluations/`, {});
    // DTI = 2 100 000 / 240 000 = 8.75 > 8.5; DSTI = 0.25; free = 15 000
    expect(dti.body.result).toMatchObject({ decision: 'REJECT', dti: 8.75, dsti: 0.25, free_income: '15000.00' });
    expect(dti.body.result.reasons).toEqual(['Zadlužení vůči ročnímu čistému příjmu (DTI) 8,75 překračuje limit 8,5.']);

    const empty = await fx.directLead();
    const manual = await call('post', `/leads/${empty.id}/idm-evaluations/`, {});
    expect(manual.body).toMatchObject({ state: 'FINISHED', decision: 'MANUAL_REVIEW', result: { dsti: null, dti: null, monthly_net_income: '0.00', reasons: [creditReasons.noIncome] } });
  });

  it('uses a deal model of the lead, and refuses one of another lead', async () => {
    const lead = await fx.directLead({ value: 300_000, installmentValue: 6_500 });
    await created(`/leads/${lead.id}/incomes-expenses/`, { kind: 'INCOME', category: 'PENSION', amount: 30_000 });
    const deal = await ctx.deps.prisma.deal.create({ data: { type: 'CONSUMER_LOAN', value: 240_000, leadId: lead.id } });
    const model = await ctx.deps.prisma.dealModel.create({
      data: { dealId: deal.id, version: 1, principal: 240_000, installmentValue: 4_800, termMonths: 60, disbursementDate: new Date('2026-05-01'), firstDueDate: new Date('2026-06-15'), dueDay: 15, allocationProfile: 'CL_PE_ALLOCATION_PROFILE_V2' },
    });
    const res = await call('post', `/leads/${lead.id}/idm-evaluations/`, { deal_model: model.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ deal_model: model.id, result: { requested_value: '240000.00', new_installment: '4800.00', dsti: 0.16 } });

    const other = await fx.directLead();
    const foreign = await call('post', `/leads/${other.id}/idm-evaluations/`, { deal_model: model.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ deal_model: [leadMessages.dealModelNotOnLead] });

    // The list (filter deal_model) and ordering.
    await call('post', `/leads/${lead.id}/idm-evaluations/`, {});
    const all = await call('get', `/leads/${lead.id}/idm-evaluations/`, undefined, viewer);
    expect(all.body.count).toBe(2);
    expect(all.body.results[0].deal_model).toBeNull();
    expect((await call('get', `/leads/${lead.id}/idm-evaluations/?ordering=id`)).body.results[0].id).toBe(res.body.id);
    const filtered = await call('get', `/leads/${lead.id}/idm-evaluations/?deal_model=${model.id}`);
    expect(filtered.body.results.map((e: { id: number }) => e.id)).toEqual([res.body.id]);
    expect((await call('get', `/leads/${other.id}/idm-evaluations/`)).body.count).toBe(0);
  });

  it('needs a body and amounts; 404 for another lead’s evaluation; writers only', async () => {
    const noAmounts = await fx.directLead({ value: null, installmentValue: null });
    const missing = await call('post', `/leads/${noAmounts.id}/idm-evaluations/`, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ requested_value: [leadMessages.idmNoValue], requested_installment: [leadMessages.idmNoInstallment] });
    const noBody = await call('post', `/leads/${noAmounts.id}/idm-evaluations/`);
    expect(noBody.status).toBe(400);
    expect((await call('post', `/leads/${noAmounts.id}/idm-evaluations/`, { requested_value: -1 })).body).toMatchObject({ requested_value: [moneyMessages.negative] });
    expect((await call('post', `/leads/${noAmounts.id}/idm-evaluations/`, { requested_value: 1000 }, viewer)).status).toBe(403);
    expect((await call('post', `/leads/${noAmounts.id}/idm-evaluations/`, { requested_value: 1000 }, collections)).status).toBe(403);

    const lead = await fx.directLead();
    const evaluation = await created(`/leads/${lead.id}/idm-evaluations/`, {});
    expect((await call('get', `/leads/${noAmounts.id}/idm-evaluations/${evaluation.id}/check-result/`)).body).toEqual({ detail: IDM_NOT_FOUND });
    expect((await call('get', `/leads/${lead.id}/idm-evaluations/999999/check-result/`)).status).toBe(404);
    expect((await call('get', '/leads/999999/idm-evaluations/')).status).toBe(404);
    expect((await ctx.http().get(`/api/v1/leads/${lead.id}/idm-evaluations/`)).status).toBe(401);
  });
});

describe('incomes and expenses', () => {
  it('creates, lists (kind filter, ordering), reads, replaces, patches and deletes, each audited', async () => {
    const lead = await fx.portalLead();
    const base = `/leads/${lead.leadId}/incomes-expenses/`;
    const salary = await created(base, { kind: 'INCOME', category: 'SALARY', amount: '38500.5', person_id: lead.personId });
    expect(salary).toMatchObject({ lead_id: lead.leadId, person_id: lead.personId, kind: 'INCOME', category: 'SALARY', amount: '38500.50', note: null });
    const rent = await created(base, { kind: 'EXPENSE', category: 'HOUSING', amount: 14_000, note: 'Nájem 2+1' });
    await created(base, { kind: 'EXPENSE', category: 'FOOD', amount: 7_000 });

    const list = await call('get', base, undefined, viewer);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(3);
    expect(list.body.results[0].kind).toBe('INCOME');
    expect((await call('get', `${base}?kind=EXPENSE`)).body.results.map((r: { id: number }) => r.id)).not.toContain(salary.id);
    expect((await call('get', `${base}?ordering=-amount`)).body.results.map((r: { amount: string }) => r.amount)).toEqual(['38500.50', '14000.00', '7000.00']);
    expect((await call('get', `${base}?ordering=nic`)).status).toBe(400);
    expect((await call('get', `${base}${rent.id}/`)).body).toMatchObject({ id: rent.id, note: 'Nájem 2+1' });

    const replaced = await call('put', `${base}${rent.id}/`, { kind: 'EXPENSE', category: 'UTILITIES', amount: 4_200 });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ category: 'UTILITIES', amount: '4200.00', note: null });
    const patched = await call('patch', `${base}${rent.id}/`, { note: 'Elektřina a plyn' });
    expect(patched.body).toMatchObject({ category: 'UTILITIES', amount: '4200.00', note: 'Elektřina a plyn' });
    expect((await call('delete', `${base}${rent.id}/`)).status).toBe(204);
    expect((await call('get', `${base}${rent.id}/`)).body).toEqual({ detail: INCOME_EXPENSE_NOT_FOUND });

    const actions = (await ctx.deps.prisma.auditLog.findMany({ where: { entity: 'IncomeExpense', entityId: String(rent.id) }, orderBy: { id: 'asc' } })).map((a) => a.action);
    expect(actions).toEqual(['lead.income_expense.create', 'lead.income_expense.update', 'lead.income_expense.update', 'lead.income_expense.delete']);
  });

  it('validates with Czech messages: kinds, categories of the kind, amounts, persons of the lead', async () => {
    const lead = await fx.portalLead();
    const base = `/leads/${lead.leadId}/incomes-expenses/`;
    const bad = (body: unknown) => call('post', base, body);
    expect((await bad({ kind: 'INCOME', category: 'HOUSING', amount: 1_000 })).body).toEqual({ category: [leadMessages.categoryNotIncome] });
    expect((await bad({ kind: 'EXPENSE', category: 'SALARY', amount: 1_000 })).body).toEqual({ category: [leadMessages.categoryNotExpense] });
    expect((await bad({ kind: 'INCOME', category: 'SALARY', amount: 0 })).body).toEqual({ amount: [moneyMessages.notPositive] });
    expect((await bad({ kind: 'INCOME', category: 'SALARY', amount: 100.123 })).body).toEqual({ amount: [moneyMessages.invalid] });
    expect((await bad({ kind: 'INCOME', category: 'SALARY', amount: 'hodně' })).body).toEqual({ amount: [moneyMessages.invalid] });
    // The API takes the canonical form; the back-office turns what staff type ("38 500,50") into it.
    expect((await bad({ kind: 'INCOME', category: 'SALARY', amount: '38 500,50' })).body).toEqual({ amount: [moneyMessages.invalid] });
    expect((await bad({ kind: 'INCOME', category: 'SALARY' })).body).toEqual({ amount: ['Pole je povinné'] });
    expect((await bad({ kind: 'GIFT', category: 'SALARY', amount: 1_000 })).status).toBe(400);
    const stranger = await ctx.deps.prisma.person.create({ data: { firstName: 'Cizí', lastName: 'Osoba' } });
    expect((await bad({ kind: 'INCOME', category: 'SALARY', amount: 1_000, person_id: stranger.id })).body).toEqual({ person_id: [leadMessages.personNotOnLead] });
    expect((await call('post', base)).status).toBe(400);

    const salary = await created(base, { kind: 'INCOME', category: 'SALARY', amount: 30_000 });
    expect((await call('patch', `${base}${salary.id}/`, { kind: 'EXPENSE' })).body).toEqual({ category: [leadMessages.categoryNotExpense] });
    expect((await call('patch', `${base}${salary.id}/`, { amount: -5 })).status).toBe(400);
  });
});

describe('debts', () => {
  it('creates, lists, reads, replaces, patches and deletes, with amounts as decimal strings', async () => {
    const lead = await fx.directLead();
    const base = `/leads/${lead.id}/debt/`;
    const loan = await created(base, { type: 'BANK_LOAN', creditor: 'Komerční banka', original_amount: 200_000, remaining_amount: '120000.5', installment_value: 3_500, note: 'Spotřebitelský úvěr' });
    expect(loan).toMatchObject({ lead_id: lead.id, type: 'BANK_LOAN', creditor: 'Komerční banka', original_amount: '200000.00', remaining_amount: '120000.50', installment_value: '3500.00', to_refinance: false });
    const card = await created(base, { type: 'CREDIT_CARD', creditor: 'Air Bank', remaining_amount: 15_000 });
    expect(card).toMatchObject({ original_amount: null, installment_value: null });

    const list = await call('get', base, undefined, viewer);
    expect(list.body.results.map((d: { id: number }) => d.id)).toEqual([loan.id, card.id]);
    expect((await call('get', `${base}?ordering=remaining_amount`)).body.results.map((d: { id: number }) => d.id)).toEqual([card.id, loan.id]);

    const replaced = await call('put', `${base}${loan.id}/`, { type: 'BANK_LOAN', creditor: 'Komerční banka', remaining_amount: 110_000, to_refinance: true });
    expect(replaced.body).toMatchObject({ remaining_amount: '110000.00', original_amount: null, installment_value: null, note: null, to_refinance: true });
    const patched = await call('patch', `${base}${loan.id}/`, { installment_value: 3_400 });
    expect(patched.body).toMatchObject({ remaining_amount: '110000.00', installment_value: '3400.00', to_refinance: true });
    expect((await call('delete', `${base}${card.id}/`)).status).toBe(204);
    expect((await call('get', `${base}${card.id}/`)).body).toEqual({ detail: DEBT_NOT_FOUND });
    expect(await ctx.deps.prisma.auditLog.count({ where: { entity: 'LeadDebt', entityId: String(loan.id) } })).toBe(3);
  });

  it('validates: required creditor and balance, positive amounts, balance not above the original', async () => {
    const lead = await fx.directLead();
    const base = `/leads/${lead.id}/debt/`;
    const bad = (body: unknown) => call('post', base, body);
    expect((await bad({ type: 'BANK_LOAN', remaining_amount: 1_000 })).body).toEqual({ creditor: ['Pole je povinné'] });
    expect((await bad({ type: 'BANK_LOAN', creditor: '  ', remaining_amount: 1_000 })).body).toEqual({ creditor: ['Pole je povinné'] });
    expect((await bad({ type: 'LOAN', creditor: 'ČSOB', remaining_amount: 1_000 })).status).toBe(400);
    expect((await bad({ type: 'BANK_LOAN', creditor: 'ČSOB', remaining_amount: -1 })).body).toEqual({ remaining_amount: [moneyMessages.negative] });
    expect((await bad({ type: 'BANK_LOAN', creditor: 'ČSOB', remaining_amount: 1_000, installment_value: 0.001 })).body).toEqual({ installment_value: [moneyMessages.invalid] });
    expect((await bad({ type: 'BANK_LOAN', creditor: 'ČSOB', original_amount: 1_000, remaining_amount: 2_000 })).body).toEqual({ remaining_amount: [leadMessages.remainingAboveOriginal] });
    expect((await bad({ type: 'BANK_LOAN', creditor: 'ČSOB', remaining_amount: 1e15 })).body).toEqual({ remaining_amount: [moneyMessages.invalid] });
    // A haléř above the original: compared exactly.
    expect((await bad({ type: 'BANK_LOAN', creditor: 'ČSOB', original_amount: '1000.10', remaining_amount: '1000.11' })).body).toEqual({ remaining_amount: [leadMessages.remainingAboveOriginal] });
    const debt = await created(base, { type: 'MORTGAGE', creditor: 'Hypoteční banka', original_amount: 2_000_000, remaining_amount: 1_500_000 });
    expect((await call('patch', `${base}${debt.id}/`, { remaining_amount: 2_500_000 })).body).toEqual({ remaining_amount: [leadMessages.remainingAboveOriginal] });
  });
});

describe('call data', () => {
  it('creates (called now by default), lists newest first, reads, replaces, patches and deletes', async () => {
    const lead = await fx.portalLead();
    const base = `/leads/${lead.leadId}/call-data/`;
    const first = await created(base, { outcome: 'NOT_REACHED', called_at: '2026-11-20T09:15:00+01:00' });
    expect(first).toMatchObject({ outcome: 'NOT_REACHED', called_at: '2026-11-20T08:15:00.000Z', note: null, data: {} });
    const before = Date.now();
    const second = await created(base, { outcome: 'REACHED', note: 'Klient doloží výpisy z účtu.', next_call_at: '2026-11-25T10:00:00Z', data: { duration_s: 240 } });
    const after = Date.now();
    // Called now by default: during the request.
    expect(Date.parse(second.called_at as string)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(second.called_at as string)).toBeLessThanOrEqual(after);
    expect(second.created_by_id).toEqual(expect.any(Number));

    expect((await call('get', base, undefined, viewer)).body.results.map((c: { id: number }) => c.id)).toEqual([second.id, first.id]);
    expect((await call('get', `${base}?ordering=called_at`)).body.results.map((c: { id: number }) => c.id)).toEqual([first.id, second.id]);

    const replaced = await call('put', `${base}${second.id}/`, { outcome: 'CALL_BACK' });
    expect(replaced.body).toMatchObject({ outcome: 'CALL_BACK', note: null, next_call_at: null, data: {}, called_at: second.called_at });
    const patched = await call('patch', `${base}${second.id}/`, { note: 'Volat po 16. hodině.' });
    expect(patched.body).toMatchObject({ outcome: 'CALL_BACK', note: 'Volat po 16. hodině.' });
    expect((await call('delete', `${base}${first.id}/`)).status).toBe(204);
    expect((await call('get', `${base}${first.id}/`)).body).toEqual({ detail: CALL_DATA_NOT_FOUND });
    expect(await ctx.deps.prisma.auditLog.count({ where: { entity: 'CallData', entityId: String(second.id) } })).toBe(3);
  });

  it('validates outcome and dates, and needs a body', async () => {
    const lead = await fx.directLead();
    const base = `/leads/${lead.id}/call-data/`;
    expect((await call('post', base, { outcome: 'MAYBE' })).status).toBe(400);
    expect((await call('post', base, { next_call_at: 'zítra' })).body).toEqual({ next_call_at: ['Zadejte datum a čas ve formátu ISO 8601.'] });
    expect((await call('post', base)).status).toBe(400);
    expect((await call('post', base, {})).status).toBe(201);
  });
});

describe('every record is its lead’s', () => {
  it('answers 404 to items reached through another lead, and to unknown leads', async () => {
    const mine = await fx.directLead();
    const other = await fx.directLead();
    const bodies = {
      'incomes-expenses': { kind: 'INCOME', category: 'PENSION', amount: 18_000 },
      debt: { type: 'LEASING', creditor: 'ČSOB Leasing', remaining_amount: 90_000 },
      'call-data': { outcome: 'REACHED' },
    };
    for (const [segment, body] of Object.entries(bodies)) {
      const item = await created(`/leads/${mine.id}/${segment}/`, body);
      const path = `/leads/${other.id}/${segment}/${item.id}/`;
      expect((await call('get', path)).status, path).toBe(404);
      expect((await call('put', path, body)).status, path).toBe(404);
      expect((await call('patch', path, {})).status, path).toBe(404);
      expect((await call('delete', path)).status, path).toBe(404);
      expect((await call('get', `/leads/${other.id}/${segment}/`)).body.count).toBe(0);
      expect((await call('get', `/leads/999999/${segment}/`)).status).toBe(404);
      expect((await call('post', `/leads/999999/${segment}/`, body)).status).toBe(404);
      expect((await call('get', `/leads/${mine.id}/${segment}/abc/`)).status).toBe(404);
      // still there
      expect((await call('get', `/leads/${mine.id}/${segment}/${item.id}/`)).status).toBe(200);
    }
  });

  it('lets VIEWER and COLLECTIONS read but not write, and nobody without a token', async () => {
    const lead = await fx.directLead();
    const bodies = {
      'incomes-expenses': { kind: 'INCOME', category: 'SALARY', amount: 20_000 },
      debt: { type: 'OTHER', creditor: 'Soukromá osoba', remaining_amount: 10_000 },
      'call-data': { outcome: 'REACHED' },
    };
    for (const [segment, body] of Object.entries(bodies)) {
      const item = await created(`/leads/${lead.id}/${segment}/`, body);
      const path = `/leads/${lead.id}/${segment}/`;
      for (const auth of [viewer, collections]) {
        expect((await call('get', path, undefined, auth)).status).toBe(200);
        expect((await call('get', `${path}${item.id}/`, undefined, auth)).status).toBe(200);
        expect((await call('post', path, body, auth)).status).toBe(403);
        expect((await call('put', `${path}${item.id}/`, body, auth)).status).toBe(403);
        expect((await call('patch', `${path}${item.id}/`, {}, auth)).status).toBe(403);
        expect((await call('delete', `${path}${item.id}/`, undefined, auth)).status).toBe(403);
      }
      expect((await ctx.http().get(`/api/v1${path}`)).status).toBe(401);
      expect((await ctx.http().delete(`/api/v1${path}${item.id}/`)).status).toBe(401);
    }
  });
});
