import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_STATE_TRANSITIONS, DealState, type DealState as DealStateValue } from '@lending/contracts';
import { createTestContext, type TestContext } from '../../../../test/context.ts';
import { bearer } from '../../../../test/fixtures/auth.ts';
import { annuityModel, dealFixtures } from '../../../../test/fixtures/deals.ts';

// The deal's state machine, validation and activation over real HTTP and PostgreSQL. Amounts are
// the known answers of the schedule test (100 000 Kč at 12 % for 12 months, 8 884.88 a month).

let ctx: TestContext;
let admin: string;
let viewer: string;
let f: ReturnType<typeof dealFixtures>;
const clock = new Date('2026-01-10T09:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock });
  admin = (await ctx.login('ADMIN')).access;
  viewer = (await ctx.login('VIEWER')).access;
  f = dealFixtures(ctx);
});
afterAll(() => ctx.close());

const state = (dealId: number, body: object, token = admin) => ctx.http().post(`/api/v1/deals/${dealId}/state/`).set(bearer(token)).send(body);
const validate = (dealId: number, body?: object, token = admin) => ctx.http().post(`/api/v1/deals/${dealId}/validate/`).set(bearer(token)).send(body);
const p = () => ctx.deps.prisma;

/** A deal in `from` with everything every forward step asks for (a loan of OTHER_DEAL type needs no purpose or collateral). */
async function readyDeal(from: DealStateValue) {
  const deal = await f.deal({ type: 'OTHER_DEAL', state: from });
  await p().dealModel.create({
    data: {
      dealId: deal.id,
      version: 1,
      principal: '100000.00',
      annualInterestRate: '12',
      termMonths: 12,
      disbursementDate: new Date('2026-01-15'),
      firstDueDate: new Date('2026-02-15'),
      dueDay: 15,
      allocationProfile: 'OTHER_PROFILE_V1',
    },
  });
  return deal;
}

describe('the transition table (docs/decisions/0024)', () => {
  const allowed = Object.entries(DEAL_STATE_TRANSITIONS).flatMap(([from, tos]) => tos.map((to) => [from, to] as [DealStateValue, DealStateValue]));

  it('has exactly the transitions of SERVICING.md §2', () => {
    expect(allowed.map(([a, b]) => `${a}→${b}`).sort()).toEqual(
      [
        'NEW_APPLICATION→CONTRACT_COMPLETION',
        'CONTRACT_COMPLETION→CONTRACT_SIGN',
        'CONTRACT_SIGN→ACTIVE',
        'NEW_APPLICATION→CLOSED_APPLICATION',
        'CONTRACT_COMPLETION→CLOSED_APPLICATION',
        'CONTRACT_SIGN→CLOSED_APPLICATION',
        'ACTIVE→FILED_FOR_INSOLVENCY',
        'ACTIVE→CLOSED',
        'FILED_FOR_INSOLVENCY→CLOSED',
      ].sort(),
    );
  });

  for (const [from, to] of allowed) {
    it(`allows ${from} → ${to}, audit-logged`, async () => {
      const deal = await readyDeal(from);
      const body = to === 'CLOSED' ? { state: to, closed_reason: from === 'ACTIVE' ? 'CLOSED_DULY' : 'CLOSED_AFTER_INSOLVENCY', note: 'Konec' } : { state: to };
      const res = await state(deal.id, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ id: deal.id, state: to, previous_state: from });
      const stored = await p().deal.findUniqueOrThrow({ where: { id: deal.id } });
      expect(stored.state).toBe(to);
      if (to === 'CLOSED') expect([stored.closedReason, stored.closedAt]).toEqual([body.closed_reason, clock]);
      if (to === 'FILED_FOR_INSOLVENCY') expect(stored.insolvency).toBe(true);
      const audit = await p().auditLog.findMany({ where: { action: 'deal.state', entityId: String(deal.id) } });
      expect(audit).toHaveLength(1);
      expect(audit[0]!.changes).toMatchObject({ state: { from, to } });
    });
  }

  it('refuses every other pair with 409 and a Czech sentence, changing nothing', async () => {
    const states = DealState.values;
    const refused: string[] = [];
    const ids: string[] = [];
    for (const from of states) {
      const deal = await readyDeal(from);
      ids.push(String(deal.id));
      for (const to of states) {
        if (DEAL_STATE_TRANSITIONS[from].includes(to)) continue;
        const res = await state(deal.id, { state: to, ...(to === 'CLOSED' ? { closed_reason: 'OTHER' } : {}) });
        expect(res.status, `${from} → ${to}`).toBe(409);
        expect(res.body.detail).toBe(from === to ? `Obchod už je ve stavu ${DealState.labels[to]}.` : `Přechod ze stavu ${DealState.labels[from]} do stavu ${DealState.labels[to]} není povolen.`);
        refused.push(`${from}→${to}`);
      }
      expect((await p().deal.findUniqueOrThrow({ where: { id: deal.id } })).state).toBe(from);
    }
    expect(refused).toHaveLength(49 - 9);
    expect(refused).toEqual(expect.arrayContaining(['NEW_APPLICATION→ACTIVE', 'CLOSED→ACTIVE', 'FILED_FOR_INSOLVENCY→ACTIVE', 'ACTIVE→CLOSED_APPLICATION', 'ACTIVE→ACTIVE']));
    expect(await p().auditLog.count({ where: { action: 'deal.state', entityId: { in: ids } } })).toBe(0);
    expect(await p().claim.count({ where: { dealId: { in: ids.map(Number) } } })).toBe(0);
  });

  it('needs a closed reason to close (400) and takes one only when closing', async () => {
    const active = await readyDeal('ACTIVE');
    expect((await state(active.id, { state: 'CLOSED' })).body).toEqual({ closed_reason: ['Při uzavření obchodu zadejte důvod uzavření.'] });
    expect((await state(active.id, { state: 'FILED_FOR_INSOLVENCY', closed_reason: 'OTHER' })).body).toEqual({ closed_reason: ['Důvod uzavření se zadává jen při uzavření obchodu nebo žádosti.'] });
    expect((await state(active.id, { state: 'CLOSED', closed_reason: 'NONSENSE' })).status).toBe(400);
    const application = await readyDeal('CONTRACT_SIGN');
    const closed = await state(application.id, { state: 'CLOSED_APPLICATION', closed_reason: 'CHANGE_PRODUCT_TYPE' });
    expect(closed.body).toMatchObject({ state: 'CLOSED_APPLICATION', closed_reason: 'CHANGE_PRODUCT_TYPE', closed_at: clock.toISOString() });
  });

  it('closing as duly repaid needs nothing outstanding', async () => {
    const deal = await readyDeal('CONTRACT_SIGN');
    expect((await state(deal.id, { state: 'ACTIVE' })).status).toBe(200);
    const res = await state(deal.id, { state: 'CLOSED', closed_reason: 'CLOSED_DULY' });
    expect(res.status).toBe(409);
    expect(res.body.problems).toEqual([{ code: 'OUTSTANDING_CLAIMS', message: 'Obchod nelze uzavřít jako řádně splacený: zbývá uhradit 106\u00a0618,53\u00a0Kč.', object_id: null }]);
    expect((await state(deal.id, { state: 'CLOSED', closed_reason: 'CLOSED_DEAL_WRITE_OFF' })).status).toBe(200);
  });

  it('404 for an unknown deal; VIEWER may validate but not change the state', async () => {
    expect((await state(999_999, { state: 'CONTRACT_COMPLETION' })).status).toBe(404);
    expect((await validate(999_999)).status).toBe(404);
    const deal = await readyDeal('NEW_APPLICATION');
    expect((await state(deal.id, { state: 'CONTRACT_COMPLETION' }, viewer)).status).toBe(403);
    const checked = await validate(deal.id, undefined, viewer);
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual({ deal_id: deal.id, state: 'NEW_APPLICATION', target_state: 'CONTRACT_COMPLETION', valid: true, problems: [] });
  });
});

describe('validate: every problem at once', () => {
  it('lists all that stops activating a business loan, and the state call refuses with the same list', async () => {
    const deal = await f.deal({ type: 'INVESTMENT_LOAN', state: 'CONTRACT_SIGN', participants: ['MORTGAGOR'] });
    const notarial = await p().dealObligation.create({ data: { dealId: deal.id, type: 'NOTARIAL_DEED', dueDate: new Date('2026-01-05') } });
    const pledge = await p().dealObligation.create({ data: { dealId: deal.id, type: 'PLEDGE_RIGHT', dueDate: new Date('2026-01-09') } });
    // Delivered, due today or later: no problem.
    await p().dealObligation.create({ data: { dealId: deal.id, type: 'OTHER', dueDate: new Date('2026-01-01'), fulfilledAt: new Date('2026-01-02T10:00:00Z') } });
    await p().dealObligation.create({ data: { dealId: deal.id, type: 'OTHER_DOCUMENTS', dueDate: new Date('2026-01-10') } });

    const res = await validate(deal.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      deal_id: deal.id,
      state: 'CONTRACT_SIGN',
      target_state: 'ACTIVE',
      valid: false,
      problems: [
        { code: 'NO_DEBTOR', message: 'Obchod nemá dlužníka: přidejte účastníka v roli vydlužitel, dlužník nebo nájemce.', object_id: null },
        { code: 'NO_DRAFT_MODEL', message: 'Obchod nemá návrh modelu, který by se aktivací stal platným.', object_id: null },
        { code: 'MISSING_PURPOSE', message: 'Obchod nemá účel výplaty: zadejte, komu a kolik se vyplatí.', object_id: null },
        { code: 'MISSING_COLLATERAL', message: 'Obchod nemá zajištění: přidejte skupinu nemovitostí s alespoň jednou nemovitostí.', object_id: null },
        { code: 'UNDELIVERED_OBLIGATION', message: 'Povinnost „Notářský zápis“ nebyla splněna do 5. 1. 2026.', object_id: notarial.id },
        { code: 'UNDELIVERED_OBLIGATION', message: 'Povinnost „Zástavní právo“ nebyla splněna do 9. 1. 2026.', object_id: pledge.id },
      ],
    });
    const refused = await state(deal.id, { state: 'ACTIVE' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: 'Obchod nelze převést do stavu Aktivní: vyřešte uvedené problémy.', problems: res.body.problems });

    // Fixed one by one, the list shrinks to nothing and the deal activates.
    const borrower = await f.person();
    await p().dealParticipant.create({ data: { dealId: deal.id, personId: borrower.id, role: 'BORROWER' } });
    const model = await ctx.http().post(`/api/v1/deals/${deal.id}/deal-model/`).set(bearer(admin)).send({ ...annuityModel, upfront_fee: '1500' });
    expect(model.status).toBe(201);
    await f.purpose(deal.id, '90000.00');
    await f.collateral(deal.id);
    await p().dealObligation.updateMany({ where: { id: { in: [notarial.id, pledge.id] } }, data: { fulfilledAt: clock } });
    expect((await validate(deal.id)).body.problems).toEqual([
      { code: 'PURPOSE_MISMATCH', message: 'Součet účelů výplaty (90\u00a0000\u00a0Kč) se neshoduje s částkou k výplatě podle modelu (98\u00a0500\u00a0Kč).', object_id: null },
    ]);
    await f.purpose(deal.id, '8500.00');
    expect((await validate(deal.id)).body).toMatchObject({ valid: true, problems: [] });
    expect((await state(deal.id, { state: 'ACTIVE' })).status).toBe(200);
  });

  it('checks a named target (a forbidden one says so too), the model steps, and a model whose terms no longer make a schedule', async () => {
    const deal = await f.deal({ participants: [] });
    const ahead = await validate(deal.id, { state: 'ACTIVE' });
    expect(ahead.body.target_state).toBe('ACTIVE');
    expect(ahead.body.problems.map((x: { code: string }) => x.code)).toEqual(['TRANSITION_NOT_ALLOWED', 'NO_DEBTOR', 'NO_DRAFT_MODEL', 'MISSING_PURPOSE']);
    expect((await validate(deal.id)).body.problems.map((x: { code: string }) => x.code)).toEqual(['NO_DEBTOR', 'NO_DEAL_MODEL']);
    expect((await validate(deal.id, { state: 'CLOSED' })).body.problems.map((x: { code: string }) => x.code)).toEqual(['TRANSITION_NOT_ALLOWED', 'CLOSED_REASON_REQUIRED']);
    const broken = await p().dealModel.create({
      data: { dealId: deal.id, version: 1, principal: '1000.00', termMonths: 3, disbursementDate: new Date('2026-01-15'), firstDueDate: new Date('2026-02-16'), dueDay: 15, allocationProfile: 'OTHER_PROFILE_V1' },
    });
    expect((await validate(deal.id)).body.problems).toEqual([
      { code: 'NO_DEBTOR', message: expect.any(String), object_id: null },
      { code: 'INVALID_DEAL_MODEL', message: 'Model verze 1 nelze použít: První splátka musí připadnout na den splatnosti.', object_id: broken.id },
    ]);
    const closedDeal = await f.deal({ state: 'CLOSED' });
    expect((await validate(closedDeal.id)).body).toMatchObject({ target_state: null, valid: false, problems: [{ code: 'TRANSITION_NOT_ALLOWED', message: 'Z tohoto stavu nevede žádný další krok; uveďte cílový stav.' }] });
    expect((await validate(deal.id, { state: 'SOMEWHERE' })).status).toBe(400);
  });
});

describe('activation generates the claims of the schedule in the same transaction', () => {
  it('a loan: one REGULAR group per installment with PRINCIPAL, INTEREST and FEE summing exactly to the schedule', async () => {
    const deal = await f.deal({ participants: ['BORROWER', 'CREDITOR'] });
    const creditor = deal.participants.find((x) => x.role === 'CREDITOR')!;
    await f.purpose(deal.id, '100000.00');
    const model = await f.activate(admin, deal.id, { ...annuityModel, monthly_fee: '25.50' });
    const after = await p().deal.findUniqueOrThrow({ where: { id: deal.id } });
    expect(after).toMatchObject({ state: 'ACTIVE', allocationProfile: 'CL_PE_ALLOCATION_PROFILE_V2', variableSymbol: `9${String(deal.id).padStart(9, '0')}`, activatedAt: clock, signedAt: clock });
    expect(after.value.toFixed(2)).toBe('100000.00');
    expect((await p().dealModel.findUniqueOrThrow({ where: { id: model.id } })).state).toBe('ACTIVE');

    const groups = await p().claimsGroup.findMany({ where: { dealId: deal.id }, include: { claims: { orderBy: { id: 'asc' } } }, orderBy: { number: 'asc' } });
    expect(groups).toHaveLength(12);
    const schedule = (await ctx.http().get(`/api/v1/deals/${deal.id}/deal-model/${model.id}/`).set(bearer(admin))).body.schedule as { due_date: string; installment: string; principal: string; interest: string; fees: string; balance: string }[];
    for (const [i, g] of groups.entries()) {
      const row = schedule[i]!;
      expect([g.kind, g.number, g.dueDate.toISOString().slice(0, 10), g.balance?.toFixed(2)]).toEqual(['REGULAR', i + 1, row.due_date, row.balance]);
      expect(g.claims.map((c) => [c.type, c.amount.toFixed(2), c.dueDate.toISOString().slice(0, 10), c.creditorId, c.paidAmount.toFixed(2)])).toEqual([
        ['PRINCIPAL', row.principal, row.due_date, creditor.personId, '0.00'],
        ['INTEREST', row.interest, row.due_date, creditor.personId, '0.00'],
        ['FEE', '25.50', row.due_date, creditor.personId, '0.00'],
      ]);
      expect(g.claims.reduce((s, c) => s.plus(c.amount.toFixed(2)), new Decimal(0)).toFixed(2)).toBe(row.installment);
    }
    // Known answers: the first and the last installment, and the principal claimed exactly once.
    expect(groups[0]!.claims.map((c) => c.amount.toFixed(2))).toEqual(['7884.88', '1000.00', '25.50']);
    expect(groups[11]!.claims.map((c) => c.amount.toFixed(2))).toEqual(['8796.88', '87.97', '25.50']);
    const principal = await p().claim.aggregate({ where: { dealId: deal.id, type: 'PRINCIPAL' }, _sum: { amount: true } });
    expect(principal._sum.amount!.toFixed(2)).toBe('100000.00');
    const audit = await p().auditLog.findFirstOrThrow({ where: { action: 'deal.state', entityId: String(deal.id), changes: { path: ['state', 'to'], equals: 'ACTIVE' } } });
    expect(audit.changes).toMatchObject({ activation: { deal_model_id: model.id, claims_groups: 12, claims: 36 } });
  });

  it('zero parts make no claim and an all-zero installment no group (an interest-free bullet: one group, the principal)', async () => {
    const deal = await f.deal({ type: 'OTHER_DEAL' });
    await f.activate(admin, deal.id, { ...annuityModel, principal: '1000', annual_interest_rate: 0, term_months: 3, installment_type: 'BULLET' });
    const groups = await p().claimsGroup.findMany({ where: { dealId: deal.id }, include: { claims: true } });
    expect(groups.map((g) => [g.number, g.dueDate.toISOString().slice(0, 10), g.claims.map((c) => [c.type, c.amount.toFixed(2)])])).toEqual([[3, '2026-04-15', [['PRINCIPAL', '1000.00']]]]);
  });

  it('a lease: one LEASE group per month with rent and services, the deposit with the first', async () => {
    const deal = await f.deal({ type: 'LEASE', participants: ['TENANT'] });
    await f.collateral(deal.id);
    await f.activate(admin, deal.id, {
      principal: '3000000',
      term_months: 12,
      disbursement_date: '2026-03-01',
      first_due_date: '2026-03-15',
      parameters: { monthly_rent: '15000', services_advance: '2500', deposit: '30000' },
    });
    const groups = await p().claimsGroup.findMany({ where: { dealId: deal.id }, include: { claims: { orderBy: { id: 'asc' } } }, orderBy: { number: 'asc' } });
    expect(groups).toHaveLength(12);
    expect(groups.every((g) => g.kind === 'LEASE' && g.balance === null)).toBe(true);
    expect(groups[0]!.claims.map((c) => [c.type, c.amount.toFixed(2), c.description])).toEqual([
      ['RENT', '15000.00', 'Nájemné za březen 2026'],
      ['SERVICE_ADVANCE', '2500.00', 'Záloha na služby za březen 2026'],
      ['DEPOSIT', '30000.00', 'Kauce'],
    ]);
    expect([groups[11]!.periodFrom?.toISOString().slice(0, 10), groups[11]!.periodTo?.toISOString().slice(0, 10), groups[11]!.claims.map((c) => c.type)]).toEqual(['2027-02-01', '2027-02-28', ['RENT', 'SERVICE_ADVANCE']]);
    const total = await p().claim.aggregate({ where: { dealId: deal.id }, _sum: { amount: true } });
    expect(total._sum.amount!.toFixed(2)).toBe('240000.00');
  });

  it('a sale and leaseback: LEASEBACK rent groups and the buy-back PURCHASE_PRICE at its deadline', async () => {
    const deal = await f.deal({ type: 'SALE_AND_LEASEBACK', participants: ['SELLER', 'TENANT'] });
    await f.collateral(deal.id);
    await f.purpose(deal.id, '2000000.00');
    await f.activate(admin, deal.id, {
      principal: '2000000',
      term_months: 24,
      disbursement_date: '2026-01-12',
      first_due_date: '2026-01-15',
      parameters: { monthly_rent: '20000', buyback_price: '2100000', buyback_deadline: '2027-12-31' },
    });
    const groups = await p().claimsGroup.findMany({ where: { dealId: deal.id }, include: { claims: true }, orderBy: { number: 'asc' } });
    expect(groups).toHaveLength(25);
    expect(groups.every((g) => g.kind === 'LEASEBACK')).toBe(true);
    expect(groups[24]!.claims.map((c) => [c.type, c.amount.toFixed(2), c.dueDate.toISOString().slice(0, 10)])).toEqual([['PURCHASE_PRICE', '2100000.00', '2027-12-31']]);
    expect(groups.slice(0, 24).every((g) => g.claims.length === 1 && g.claims[0]!.type === 'RENT' && g.claims[0]!.amount.toFixed(2) === '20000.00')).toBe(true);
  });
});

describe('concurrency', () => {
  it('two activations at once: one succeeds, the other finds the deal ACTIVE; one set of claims', async () => {
    const deal = await readyDeal('CONTRACT_SIGN');
    const answers = await Promise.all([state(deal.id, { state: 'ACTIVE' }), state(deal.id, { state: 'ACTIVE' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.detail).toBe('Obchod už je ve stavu Aktivní.');
    expect(await p().claimsGroup.count({ where: { dealId: deal.id } })).toBe(12);
    expect(await p().claim.count({ where: { dealId: deal.id } })).toBe(24);
    expect(await p().dealModel.count({ where: { dealId: deal.id, state: 'ACTIVE' } })).toBe(1);
  });

  it('two state changes at once are serialised: each sees the state the other left', async () => {
    const deal = await readyDeal('CONTRACT_COMPLETION');
    const answers = await Promise.all([state(deal.id, { state: 'CONTRACT_SIGN' }), state(deal.id, { state: 'CLOSED_APPLICATION' })]);
    const statuses = answers.map((a) => a.status);
    const final = (await p().deal.findUniqueOrThrow({ where: { id: deal.id } })).state;
    // Sign first, then close the application (both allowed); or close first, then signing is refused.
    if (statuses[0] === 200 && statuses[1] === 200) expect(final).toBe('CLOSED_APPLICATION');
    else expect([statuses.sort(), final]).toEqual([[200, 409], 'CLOSED_APPLICATION']);
    expect(await p().auditLog.count({ where: { action: 'deal.state', entityId: String(deal.id) } })).toBe(statuses.filter((s) => s === 200).length);
    const twice = await readyDeal('NEW_APPLICATION');
    const same = await Promise.all([state(twice.id, { state: 'CONTRACT_COMPLETION' }), state(twice.id, { state: 'CONTRACT_COMPLETION' })]);
    expect(same.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});
