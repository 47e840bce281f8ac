import { approvalRequestView, payment as paymentSchema } from '@lending/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/context.ts';
import { bearer } from '../../../../test/fixtures/auth.ts';
import { paidAmounts, twoInstallmentLoan } from '../../../../test/fixtures/payments.ts';
import { businessDateOf } from '../../../domain/dates.ts';

// Payments entered by hand (POST /payments/, docs/decisions/0047) over HTTP on real PostgreSQL,
// with four-eyes as shipped (MANUAL_PAYMENT from 500 Kč). The loan of the booking tests (by hand,
// LOAN_ALLOCATION_PROFILE_V1, penalty interest off): I1 500 + P1 2000 due 20 Jan 2025, I2 450 +
// P2 2050 due 20 Feb 2025.

let ctx: TestContext;
let accountant: { access: string; id: number };
let accountant2: { access: string; id: number };
let admin: { access: string; id: number };
const p = () => ctx.deps.prisma;

async function user(role: 'ADMIN' | 'ACCOUNTANT') {
  const login = await ctx.login(role);
  const { id } = await p().staffUser.findUniqueOrThrow({ where: { email: login.email } });
  return { access: login.access, id };
}

beforeAll(async () => {
  ctx = await createTestContext();
  // The template has four-eyes off for other features' tests; this one runs the setting as shipped.
  await p().fourEyesSetting.update({ where: { action: 'MANUAL_PAYMENT' }, data: { enabled: true } });
  [accountant, accountant2, admin] = await Promise.all([user('ACCOUNTANT'), user('ACCOUNTANT'), user('ADMIN')]);
});
afterAll(() => ctx.close());

let vsCounter = 8_300_000;
const loan = () => twoInstallmentLoan(p(), String(++vsCounter));
const enter = (body: object, who: { access: string } = accountant) => ctx.http().post('/api/v1/payments/').set(bearer(who.access)).send(body);
const today = () => businessDateOf(new Date());
let keyCounter = 0;
const key = () => `test-key-${++keyCounter}-${Math.random().toString(36).slice(2, 10)}`;

describe('POST /payments/: a payment entered by hand under the threshold', () => {
  it('is booked at once (201) as an imported one: paired by VS, allocated, marked as entered by hand and audited', async () => {
    const deal = await loan();
    const res = await enter({ method: 'CASH', date: '2025-01-20', amount: '499.99', variable_symbol: `00${deal.variableSymbol}`, counter_account_name: 'Jan Novák', note: 'Pokladna Brno', idempotency_key: key() });
    expect(res.status, res.text).toBe(201);
    const booked = paymentSchema.parse(res.body);
    expect(booked).toMatchObject({
      direction: 'INCOMING_PAYMENT',
      payment_type: 'CASH',
      source: 'MANUAL',
      entry_method: 'CASH',
      date: '2025-01-20',
      amount: '499.99',
      variable_symbol: deal.variableSymbol,
      counter_account_name: 'Jan Novák',
      note: 'Pokladna Brno',
      deal: deal.id,
      paired_by: 'VARIABLE_SYMBOL',
      statement: null,
      allocated_amount: '499.99',
      // Interest first: I1 takes all 499.99.
      allocations: [{ claim_id: deal.claims.I1, amount: '499.99', rule: 'LOAN_ALLOCATION_PROFILE_V1:INTEREST_DUE' }],
    });
    expect(booked.bank_reference).toMatch(/^manual:[0-9a-f]{40}$/);
    expect(await paidAmounts(p(), deal.id)).toEqual(['499.99', '0.00', '0.00', '0.00']);
    const audit = await p().auditLog.findFirstOrThrow({ where: { action: 'payment.create', entityId: String(booked.id) } });
    expect(audit.actorId).toBe(String(accountant.id));
    expect(audit.changes).toMatchObject({ amount: '499.99', deal: deal.id, paired_by: 'VARIABLE_SYMBOL', entry_method: 'CASH' });
    // Nothing waits for approval.
    expect(await p().approvalRequest.count({ where: { action: 'MANUAL_PAYMENT' } })).toBe(0);
  });

  it('a retry books nothing twice: the same key answers 200 with the first payment; without a key, the same fields on the same day do', async () => {
    const deal = await loan();
    const body = { method: 'POSTAL_ORDER', date: '2025-02-01', amount: '100', specific_symbol: deal.variableSymbol, idempotency_key: key() };
    const first = await enter(body);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ payment_type: 'POSTAL_ORDER', entry_method: 'POSTAL_ORDER', deal: deal.id, paired_by: 'SPECIFIC_SYMBOL', amount: '100.00' });
    const again = await enter(body, admin);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    // The same key with another payment is refused, not booked.
    const reused = await enter({ ...body, amount: '200.00' });
    expect(reused.status).toBe(409);
    expect(reused.body.detail).toBe('Tento klíč opakování už patří jiné platbě (jiná částka, datum nebo způsob); zadejte platbu znovu.');
    // Another key: another payment (a second postal order of the same amount is possible).
    const second = await enter({ ...body, idempotency_key: key() });
    expect(second.status).toBe(201);

    const keyless = { method: 'TRANSFER', date: '2025-02-02', amount: '50.00', variable_symbol: deal.variableSymbol, message: 'chybí ve výpisu' };
    const [a, b] = await Promise.all([enter(keyless), enter(keyless)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect(a.body).toMatchObject({ payment_type: 'BANK_TRANSFER', entry_method: 'TRANSFER', source: 'MANUAL' });
    expect(await p().payment.count({ where: { dealId: deal.id } })).toBe(3);
    // 100 + 100 + 50 on I1 (interest due first).
    expect(await paidAmounts(p(), deal.id)).toEqual(['250.00', '0.00', '0.00', '0.00']);
  });

  it('pairs to the deal it names (MANUAL_ENTRY) whatever its symbols; without symbols it waits unpaired', async () => {
    const deal = await loan();
    const named = await enter({ method: 'CASH', date: '2025-01-21', amount: '10.00', variable_symbol: '5555555555', deal: deal.id, idempotency_key: key() });
    expect(named.status, named.text).toBe(201);
    expect(named.body).toMatchObject({ deal: deal.id, paired_by: 'MANUAL_ENTRY', variable_symbol: '5555555555' });
    const loose = await enter({ method: 'CASH', date: '2025-01-21', amount: '10.00', counter_account: 'CZ65 0800 0000 1920 0014 5399', idempotency_key: key() });
    expect(loose.status, loose.text).toBe(201);
    // A Czech IBAN is kept as statements keep the account: prefix-number/bank.
    expect(loose.body).toMatchObject({ deal: null, paired_by: null, suggested_deal: null, counter_account: '19-2000145399/0800', allocations: [] });
  });

  it('refuses in Czech by field: a day in the future or before 2000, no amount, a bad account, an unknown deal, no method', async () => {
    const tomorrow = new Date(Date.parse(`${today()}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const base = { method: 'CASH', date: '2025-01-20', amount: '10.00' };
    const cases: [object, Record<string, string[]>][] = [
      [{ ...base, date: tomorrow }, { date: ['Datum platby nesmí být v budoucnosti.'] }],
      [{ ...base, date: '1999-12-31' }, { date: ['Datum platby nesmí být před 1. 1. 2000.'] }],
      [{ ...base, counter_account: '19-2000145398/0800' }, { counter_account: ['Číslo účtu nemá platnou kontrolní číslici (vyhláška ČNB č. 169/2011 Sb.); zkontrolujte ho.'] }],
      [{ ...base, deal: 2_000_000_000 }, { deal: ['Obchod neexistuje.'] }],
      [{ ...base, variable_symbol: '12345678901' }, { variable_symbol: ['Symbol tvoří 1 až 10 číslic.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await enter(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual(errors);
    }
    const empty = await enter({});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body).sort()).toEqual(['amount', 'date', 'method']);
    expect((await enter({ ...base, amount: '0.00' })).status).toBe(400);
    expect(await p().payment.count({ where: { entryMethod: 'CASH', amount: '10.00', date: new Date('2025-01-20') } })).toBe(0);
  });
});

describe('POST /payments/ from the four-eyes threshold (500 Kč)', () => {
  it('waits for a second user (202), books nothing until approved, and is booked as its maker entered it once approved', async () => {
    const deal = await loan();
    const body = { method: 'CASH', date: '2025-01-20', amount: '500.00', variable_symbol: deal.variableSymbol, counter_account_name: 'Jan Novák', idempotency_key: key() };
    const res = await enter(body);
    expect(res.status, res.text).toBe(202);
    const request = approvalRequestView.parse(res.body);
    expect(request).toMatchObject({ action: 'MANUAL_PAYMENT', state: 'PENDING', deal: deal.id, amount: '500.00', maker: { id: accountant.id } });
    expect(request.summary).toBe(`Ruční zadání platby (Hotovost): 500\u00a0Kč ze dne 20. 1. 2025, VS ${deal.variableSymbol}, plátce Jan Novák — obchod #${deal.id}`);
    expect(await p().payment.count({ where: { dealId: deal.id } })).toBe(0);
    expect(await paidAmounts(p(), deal.id)).toEqual(['0.00', '0.00', '0.00', '0.00']);

    // Sent again while it waits: refused naming the request, nothing new.
    const retry = await enter(body);
    expect(retry.status).toBe(409);
    expect(retry.body.detail).toBe(`Stejná žádost už čeká na schválení (č. ${request.id}).`);
    // The maker never approves, ADMIN neither when they made it.
    expect((await ctx.http().post(`/api/v1/approvals/${request.id}/approve/`).set(bearer(accountant.access))).status).toBe(403);

    const approved = await ctx.http().post(`/api/v1/approvals/${request.id}/approve/`).set(bearer(accountant2.access));
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({ state: 'EXECUTED', decided_by: { id: accountant2.id } });
    const booked = await p().payment.findFirstOrThrow({ where: { dealId: deal.id } });
    expect(approved.body.result).toEqual({ payment_id: booked.id });
    expect([booked.amount.toFixed(2), booked.entryMethod, booked.pairedBy, booked.paymentType]).toEqual(['500.00', 'CASH', 'VARIABLE_SYMBOL', 'CASH']);
    // I1 500 paid; the maker is named on the booking.
    expect(await paidAmounts(p(), deal.id)).toEqual(['500.00', '0.00', '0.00', '0.00']);
    const audit = await p().auditLog.findFirstOrThrow({ where: { action: 'payment.create', entityId: String(booked.id) } });
    expect(audit.actorId).toBe(String(accountant.id));

    // After it was booked, the same request answers the payment (200), and no request is made.
    const after = await enter(body);
    expect(after.status).toBe(200);
    expect(after.body.id).toBe(booked.id);
    expect(await p().approvalRequest.count({ where: { action: 'MANUAL_PAYMENT', makerId: accountant.id } })).toBe(1);
  });

  it('an unpaired one waits without a deal, and a refused input is refused at once, with no request', async () => {
    const res = await enter({ method: 'TRANSFER', date: '2025-03-01', amount: '12345.67', variable_symbol: '4040404040', idempotency_key: key() });
    expect(res.status, res.text).toBe(202);
    expect(res.body).toMatchObject({ action: 'MANUAL_PAYMENT', deal: null, amount: '12345.67' });
    expect(res.body.summary).toBe('Ruční zadání platby (Převod chybějící ve výpisu): 12\u00a0345,67\u00a0Kč ze dne 1. 3. 2025, VS 4040404040 — nespárovaná');
    const before = await p().approvalRequest.count();
    const refused = await enter({ method: 'CASH', date: '2025-03-01', amount: '900.00', deal: 2_000_000_000, idempotency_key: key() });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ deal: ['Obchod neexistuje.'] });
    expect(await p().approvalRequest.count()).toBe(before);
  });
});

describe('the suggestion of an unpaired payment and staff pairing', () => {
  it('a counter-account that paid only an application suggests it; assigning it (PATCH deal) pairs by STAFF and clears the suggestion', async () => {
    const application = await loan();
    await p().deal.update({ where: { id: application.id }, data: { state: 'NEW_APPLICATION' } });
    const account = '1000000013/2010';
    const fee = await enter({ method: 'TRANSFER', date: '2025-01-05', amount: '100.00', variable_symbol: application.variableSymbol, counter_account: account, idempotency_key: key() });
    expect(fee.body).toMatchObject({ deal: application.id, paired_by: 'VARIABLE_SYMBOL' });
    // No symbol: the account paid the application only, which is not serviced: unpaired, suggested.
    const res = await enter({ method: 'TRANSFER', date: '2025-01-20', amount: '300.00', counter_account: account, idempotency_key: key() });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ deal: null, paired_by: null, suggested_deal: application.id });
    const queue = await ctx.http().get(`/api/v1/payments/?unpaired=true&search=${encodeURIComponent(account)}`).set(bearer(accountant.access));
    expect(queue.body.results.map((x: { id: number; suggested_deal: number | null }) => [x.id, x.suggested_deal])).toEqual([[res.body.id, application.id]]);

    const assigned = await ctx.http().patch(`/api/v1/payments/${res.body.id}/`).set(bearer(accountant.access)).send({ deal: application.id });
    expect(assigned.status, assigned.text).toBe(200);
    expect(assigned.body).toMatchObject({ deal: application.id, paired_by: 'STAFF', suggested_deal: null });
    // Back to the queue: not paired, by nobody.
    const back = await ctx.http().patch('/api/v1/payments/bulk_assign_deals/').set(bearer(accountant.access)).send({ payments: [res.body.id], deal: null });
    expect(back.body.results[0]).toMatchObject({ deal: null, paired_by: null, suggested_deal: null });
  });

  it('PATCH corrects the symbols and the note; the audit keeps what they were', async () => {
    const res = await enter({ method: 'CASH', date: '2025-01-20', amount: '20.00', variable_symbol: '111', idempotency_key: key() });
    const patched = await ctx.http().patch(`/api/v1/payments/${res.body.id}/`).set(bearer(accountant.access)).send({ variable_symbol: '000222', specific_symbol: '333', note: 'Opraveno', category: 'OTHERS' });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ variable_symbol: '222', specific_symbol: '333', note: 'Opraveno', category: 'OTHERS', deal: null });
    const audit = await p().auditLog.findFirstOrThrow({ where: { action: 'payment.update', entityId: String(res.body.id) } });
    expect(audit.changes).toMatchObject({ variable_symbol: '000222', previous_variable_symbol: '111', previous_specific_symbol: null });
    const bad = await ctx.http().patch(`/api/v1/payments/${res.body.id}/`).set(bearer(accountant.access)).send({ variable_symbol: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ variable_symbol: ['Symbol tvoří 1 až 10 číslic.'] });
  });
});
