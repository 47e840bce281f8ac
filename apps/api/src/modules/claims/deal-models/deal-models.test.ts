import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/context.ts';
import { bearer } from '../../../../test/fixtures/auth.ts';
import { annuityModel, dealFixtures } from '../../../../test/fixtures/deals.ts';

// Deal models over real HTTP and PostgreSQL. Known answers from the formulas (the schedule's
// known-answer test; leaseback RPSN solved with Python's decimal module), never from this code.

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

const post = (dealId: number, body: object, token = admin) => ctx.http().post(`/api/v1/deals/${dealId}/deal-model/`).set(bearer(token)).send(body);

describe('POST /deals/{dealId}/deal-model/', () => {
  it('creates version 1 (DRAFT) answering the schedule, its totals and the RPSN as decimal strings, audit-logged', async () => {
    const deal = await f.deal();
    const res = await post(deal.id, { ...annuityModel, name: 'Návrh smlouvy' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const model = res.body;
    expect(model).toMatchObject({
      deal_id: deal.id,
      version: 1,
      state: 'DRAFT',
      valid_from: null,
      name: 'Návrh smlouvy',
      principal: '100000.00',
      annual_interest_rate: '12.0000',
      term_months: 12,
      disbursement_date: '2026-01-15',
      first_due_date: '2026-02-15',
      due_day: 15,
      installment_type: 'ANNUITY',
      upfront_fee: '0.00',
      monthly_fee: '0.00',
      allocation_profile: 'CL_PE_ALLOCATION_PROFILE_V2',
      schedule_kind: 'REGULAR',
      installment_value: '8884.88',
      rpsn: '12.68',
      parameters: null,
    });
    expect(model.schedule).toHaveLength(12);
    expect(model.schedule[0]).toEqual({
      number: 1,
      due_date: '2026-02-15',
      period_from: '2026-01-15',
      period_to: '2026-02-14',
      installment: '8884.88',
      principal: '7884.88',
      interest: '1000.00',
      fees: '0.00',
      rent: '0.00',
      services_advance: '0.00',
      deposit: '0.00',
      purchase_price: '0.00',
      balance: '92115.12',
    });
    // The last installment absorbs the rounding: 8 796.88 of principal + 87.97 of interest.
    expect(model.schedule[11]).toMatchObject({ number: 12, due_date: '2027-01-15', installment: '8884.85', principal: '8796.88', interest: '87.97', balance: '0.00' });
    expect(model.totals).toEqual({ installments: '106618.53', principal: '100000.00', interest: '6618.53', fees: '0.00', rent: '0.00', services_advance: '0.00', deposit: '0.00', purchase_price: '0.00' });
    const audit = await ctx.deps.prisma.auditLog.findFirstOrThrow({ where: { action: 'deal_model.create', entityId: String(model.id) } });
    expect(audit.changes).toMatchObject({ deal_id: deal.id, version: 1, principal: '100000.00' });

    const second = await post(deal.id, { ...annuityModel, annual_interest_rate: 9.5, upfront_fee: 2000 });
    expect(second.status).toBe(201);
    expect(second.body.version).toBe(2);
    expect(second.body.annual_interest_rate).toBe('9.5000');
  });

  it('counts an upfront fee kept from the payout and a monthly fee in the RPSN (98 000 drawn → 17.06 %; 100 a month → 15.08 %)', async () => {
    const deal = await f.deal();
    const kept = await post(deal.id, { ...annuityModel, upfront_fee: '2000.00' });
    expect(kept.body.rpsn).toBe('17.06');
    const monthly = await post(deal.id, { ...annuityModel, monthly_fee: '100' });
    expect(monthly.body.rpsn).toBe('15.08');
    expect(monthly.body.installment_value).toBe('8984.88');
    expect(monthly.body.schedule[0]).toMatchObject({ installment: '8984.88', fees: '100.00' });
  });

  it('linear and bullet schedules: 120 000 at 6 % → 10 600 then falling; 500 000 at 9 % → 3 750 interest, principal at the end', async () => {
    const deal = await f.deal();
    const linear = await post(deal.id, { ...annuityModel, principal: 120000, annual_interest_rate: '6', installment_type: 'LINEAR' });
    expect(linear.body.schedule.map((r: { installment: string }) => r.installment).slice(0, 3)).toEqual(['10600.00', '10550.00', '10500.00']);
    expect(linear.body.totals.interest).toBe('3900.00');
    const bullet = await post(deal.id, { ...annuityModel, principal: '500000', annual_interest_rate: '9', term_months: 6, installment_type: 'BULLET' });
    expect(bullet.body.schedule.map((r: { installment: string }) => r.installment)).toEqual(['3750.00', '3750.00', '3750.00', '3750.00', '3750.00', '503750.00']);
  });

  it('a lease: rent periods with services and the deposit in parameters; a sale and leaseback: the buy-back and its RPSN (15.23 %)', async () => {
    const lease = await f.deal({ type: 'LEASE', participants: ['TENANT'] });
    const res = await post(lease.id, {
      principal: '3000000',
      term_months: 12,
      disbursement_date: '2026-03-01',
      first_due_date: '2026-03-15',
      parameters: { monthly_rent: '15000', services_advance: '2500', deposit: '30000' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ schedule_kind: 'LEASE', rpsn: null, installment_value: '17500.00', annual_interest_rate: '0.0000', allocation_profile: 'OTHER_PROFILE_V1' });
    expect(res.body.parameters).toEqual({ monthly_rent: '15000.00', services_advance: '2500.00', deposit: '30000.00', buyback_price: null, buyback_deadline: null });
    expect(res.body.schedule[0]).toMatchObject({ due_date: '2026-03-15', period_from: '2026-03-01', period_to: '2026-03-31', installment: '47500.00', rent: '15000.00', deposit: '30000.00', balance: null });
    expect(res.body.totals).toMatchObject({ installments: '240000.00', rent: '180000.00', services_advance: '30000.00', deposit: '30000.00' });

    const leaseback = await f.deal({ type: 'SALE_AND_LEASEBACK', participants: ['SELLER', 'TENANT'] });
    const lb = await post(leaseback.id, {
      principal: '2000000',
      term_months: 24,
      disbursement_date: '2026-01-01',
      first_due_date: '2026-01-15',
      parameters: { monthly_rent: '20000', buyback_price: '2100000', buyback_deadline: '2027-12-31' },
    });
    expect(lb.status, JSON.stringify(lb.body)).toBe(201);
    expect(lb.body.rpsn).toBe('15.23');
    expect(lb.body.schedule).toHaveLength(25);
    expect(lb.body.schedule[24]).toMatchObject({ number: 25, due_date: '2027-12-31', purchase_price: '2100000.00', installment: '2100000.00' });
  });

  it('answers every problem of a body at once, in Czech, per field', async () => {
    const deal = await f.deal();
    const shape = await post(deal.id, { principal: 'sto tisíc', annual_interest_rate: '150', term_months: 0, disbursement_date: '15.1.2026' });
    expect(shape.status).toBe(400);
    expect(Object.keys(shape.body).sort()).toEqual(['annual_interest_rate', 'disbursement_date', 'first_due_date', 'principal', 'term_months']);
    expect(shape.body.annual_interest_rate).toEqual(['Zadejte úrokovou sazbu v procentech ročně (0 až 100, nejvýše čtyři desetinná místa).']);
    expect(shape.body.first_due_date).toEqual(['Pole je povinné']);

    const terms = await post(deal.id, { ...annuityModel, first_due_date: '2026-02-16', upfront_fee: '100000', parameters: { monthly_rent: '1000' }, valid_from: '2026-02-01' });
    expect(terms.status).toBe(400);
    expect(terms.body).toEqual({
      upfront_fee: ['Poplatek za poskytnutí musí být nižší než jistina.'],
      parameters: ['Parametry nájmu se zadávají jen u nájmu, leasingu a prodeje se zpětným nájmem.'],
      first_due_date: ['První splátka musí připadnout na den splatnosti.'],
      valid_from: ['Datum platnosti se zadává jen u nové verze modelu aktivního obchodu (restrukturalizace).'],
    });

    const noRate = await post(deal.id, { ...annuityModel, annual_interest_rate: undefined });
    expect(noRate.body).toEqual({ annual_interest_rate: ['U úvěru zadejte úrokovou sazbu (0 pro bezúročný úvěr).'] });
    const tooBig = await post(deal.id, { ...annuityModel, principal: '10000000000.01' });
    expect(tooBig.body).toEqual({ principal: ['Částka může být nejvýše 10 000 000 000 Kč.'] });

    const lease = await f.deal({ type: 'SALE_AND_LEASEBACK' });
    const noRent = await post(lease.id, { principal: '1000000', term_months: 12, disbursement_date: '2026-03-01', first_due_date: '2026-03-15' });
    expect(noRent.body).toEqual({
      'parameters.monthly_rent': ['Zadejte měsíční nájemné.'],
      'parameters.buyback_price': ['Zadejte cenu zpětného odkupu.'],
      'parameters.buyback_deadline': ['Zadejte lhůtu zpětného odkupu.'],
    });
    expect(await ctx.deps.prisma.dealModel.count({ where: { dealId: { in: [deal.id, lease.id] } } })).toBe(0);
  });

  it('404 for a deal that does not exist or a path that is no id', async () => {
    expect((await post(999_999, annuityModel)).status).toBe(404);
    expect((await ctx.http().get('/api/v1/deals/abc/deal-model/').set(bearer(admin))).status).toBe(404);
  });
});

describe('reading and changing versions', () => {
  it('lists newest first, filters by state, orders on request; another deal’s version is 404', async () => {
    const deal = await f.deal();
    const other = await f.deal();
    for (const months of [12, 24, 36]) await post(deal.id, { ...annuityModel, term_months: months });
    const foreign = (await post(other.id, annuityModel)).body;
    const list = await ctx.http().get(`/api/v1/deals/${deal.id}/deal-model/`).set(bearer(viewer));
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(3);
    expect(list.body.results.map((m: { version: number }) => m.version)).toEqual([3, 2, 1]);
    const asc = await ctx.http().get(`/api/v1/deals/${deal.id}/deal-model/?ordering=version&page_size=2`).set(bearer(viewer));
    expect(asc.body.results.map((m: { term_months: number }) => m.term_months)).toEqual([12, 24]);
    expect(asc.body.next).toContain('page=2');
    expect((await ctx.http().get(`/api/v1/deals/${deal.id}/deal-model/?state=ACTIVE`).set(bearer(viewer))).body.count).toBe(0);
    expect((await ctx.http().get(`/api/v1/deals/${deal.id}/deal-model/?ordering=principal`).set(bearer(viewer))).status).toBe(400);
    expect((await ctx.http().get(`/api/v1/deals/${deal.id}/deal-model/${foreign.id}/`).set(bearer(viewer))).status).toBe(404);
    expect((await ctx.http().get(`/api/v1/deals/${other.id}/deal-model/${foreign.id}/`).set(bearer(viewer))).body.schedule).toHaveLength(12);
  });

  it('PATCH recomputes the schedule; moving the first due date to another day moves the due day; PUT resets what it leaves out', async () => {
    const deal = await f.deal();
    const model = (await post(deal.id, { ...annuityModel, name: 'A', monthly_fee: '50' })).body;
    const patched = await ctx.http().patch(`/api/v1/deals/${deal.id}/deal-model/${model.id}/`).set(bearer(admin)).send({ term_months: 24, first_due_date: '2026-02-20' });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ term_months: 24, due_day: 20, name: 'A', monthly_fee: '50.00', first_due_date: '2026-02-20' });
    expect(patched.body.schedule).toHaveLength(24);
    expect(patched.body.schedule[1].due_date).toBe('2026-03-20');
    const replaced = await ctx.http().put(`/api/v1/deals/${deal.id}/deal-model/${model.id}/`).set(bearer(admin)).send(annuityModel);
    expect(replaced.body).toMatchObject({ name: null, monthly_fee: '0.00', term_months: 12, due_day: 15 });
    const bad = await ctx.http().patch(`/api/v1/deals/${deal.id}/deal-model/${model.id}/`).set(bearer(admin)).send({ due_day: 31 });
    expect(bad.body).toEqual({ first_due_date: ['První splátka musí připadnout na den splatnosti.'] });
    expect(await ctx.deps.prisma.auditLog.count({ where: { action: 'deal_model.update', entityId: String(model.id) } })).toBe(2);
  });

  it('only a DRAFT changes or is deleted; a closed deal takes no version; VIEWER reads but does not write', async () => {
    const deal = await f.deal({ type: 'OTHER_DEAL' });
    const draft = (await post(deal.id, annuityModel)).body;
    const active = (await post(deal.id, annuityModel)).body;
    await ctx.deps.prisma.dealModel.update({ where: { id: active.id }, data: { state: 'ACTIVE' } });
    const url = `/api/v1/deals/${deal.id}/deal-model/${active.id}/`;
    const notDraft = 'Změnit nebo smazat lze jen návrh modelu; platnou verzi nahradí nová verze s datem platnosti.';
    expect((await ctx.http().patch(url).set(bearer(admin)).send({ term_months: 6 })).body).toEqual({ detail: notDraft });
    expect((await ctx.http().put(url).set(bearer(admin)).send(annuityModel)).status).toBe(409);
    expect((await ctx.http().delete(url).set(bearer(admin))).status).toBe(409);
    expect((await ctx.http().delete(`/api/v1/deals/${deal.id}/deal-model/${draft.id}/`).set(bearer(viewer))).status).toBe(403);
    expect((await post(deal.id, annuityModel, viewer)).status).toBe(403);
    expect((await ctx.http().get(url).set(bearer(viewer))).status).toBe(200);
    expect((await ctx.http().delete(`/api/v1/deals/${deal.id}/deal-model/${draft.id}/`).set(bearer(admin))).status).toBe(204);
    expect(await ctx.deps.prisma.dealModel.findUnique({ where: { id: draft.id } })).toBeNull();
    expect(await ctx.deps.prisma.auditLog.count({ where: { action: 'deal_model.delete', entityId: String(draft.id) } })).toBe(1);

    const closed = await f.deal({ state: 'CLOSED_APPLICATION' });
    expect((await post(closed.id, annuityModel)).body).toEqual({ detail: 'Model lze přidat nebo měnit jen u obchodu před aktivací, u aktivního obchodu jako restrukturalizaci.' });
  });

  it('two versions created at once get consecutive numbers', async () => {
    const deal = await f.deal();
    const answers = await Promise.all([post(deal.id, annuityModel), post(deal.id, annuityModel), post(deal.id, annuityModel)]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(answers.map((a) => a.body.version).sort()).toEqual([1, 2, 3]);
  });
});
