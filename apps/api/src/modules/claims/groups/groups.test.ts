import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/context.ts';
import { bearer } from '../../../../test/fixtures/auth.ts';
import { annuityModel, dealFixtures, payClaim } from '../../../../test/fixtures/deals.ts';

// Claims groups, the lease recompute and restructuring over real HTTP and PostgreSQL. Today is
// 20 April 2026. Known answers: the schedule test's loan (8 884.88 a month from 15 February,
// balance 67 984.22 after the 4th installment) and its restructuring, 67 984.22 at 6 % for 24
// months (A = 3 013.10, first interest 339.92, last installment 2 998.15 + 14.99), worked out
// with Python's decimal module.

let ctx: TestContext;
let admin: string;
let f: ReturnType<typeof dealFixtures>;
const clock = new Date('2026-04-20T09:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock });
  admin = (await ctx.login('ADMIN')).access;
  f = dealFixtures(ctx);
});
afterAll(() => ctx.close());

const api = () => ({
  get: (path: string) => ctx.http().get(path).set(bearer(admin)),
  patch: (path: string, body: object) => ctx.http().patch(path).set(bearer(admin)).send(body),
  put: (path: string, body: object) => ctx.http().put(path).set(bearer(admin)).send(body),
  post: (path: string, body?: object) => ctx.http().post(path).set(bearer(admin)).send(body),
  delete: (path: string) => ctx.http().delete(path).set(bearer(admin)),
});
const p = () => ctx.deps.prisma;
const groupsOf = (dealId: number) => p().claimsGroup.findMany({ where: { dealId }, include: { claims: { orderBy: { id: 'asc' } } }, orderBy: [{ dueDate: 'asc' }, { id: 'asc' }] });

const activeLoan = (model: Record<string, unknown> = annuityModel) => f.activeLoan(admin, model);

describe('claims-group (loan installments)', () => {
  it('lists the groups with their claims and sums; another kind’s path does not find them', async () => {
    const { dealId } = await activeLoan();
    const list = await api().get(`/api/v1/deals/${dealId}/claims-group/`);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(12);
    expect(list.body.results[0]).toMatchObject({ kind: 'REGULAR', number: 1, due_date: '2026-02-15', period_from: '2026-01-15', period_to: '2026-02-14', balance: '92115.12', amount: '8884.88', paid_amount: '0.00', outstanding: '8884.88' });
    expect(list.body.results[0].claims.map((c: { type: string; amount: string }) => [c.type, c.amount])).toEqual([
      ['PRINCIPAL', '7884.88'],
      ['INTEREST', '1000.00'],
    ]);
    expect((await api().get(`/api/v1/deals/${dealId}/claims-group/?ordering=-number&page_size=1`)).body.results[0]).toMatchObject({ number: 12, amount: '8884.85' });
    const id = list.body.results[0].id;
    expect((await api().get(`/api/v1/deals/${dealId}/claims-group/${id}/`)).body.number).toBe(1);
    expect((await api().get(`/api/v1/deals/${dealId}/claims-group-lease/${id}/`)).status).toBe(404);
    expect((await api().get(`/api/v1/deals/${dealId}/claims-group-lease/`)).body.count).toBe(0);
    expect((await api().get(`/api/v1/deals/${dealId}/claims-group/?ordering=amount`)).status).toBe(400);
  });

  it('PATCH/PUT a future unpaid group: the due date moves its claims, amounts by type, the principal stays the model’s', async () => {
    const { dealId } = await activeLoan();
    const [, , , , fifth] = await groupsOf(dealId);
    const path = `/api/v1/deals/${dealId}/claims-group/${fifth!.id}/`;
    const moved = await api().patch(path, { due_date: '2026-06-20', note: 'Posunuto na žádost klienta', amounts: { INTEREST: '0.00', FEE: '49.00' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ due_date: '2026-06-20', note: 'Posunuto na žádost klienta', amount: '8254.04', outstanding: '8254.04' });
    const claims = moved.body.claims as { type: string; amount: string; due_date: string; cancelled_at: string | null }[];
    expect(claims.map((c) => [c.type, c.amount, c.due_date, c.cancelled_at !== null])).toEqual([
      ['PRINCIPAL', '8205.04', '2026-06-20', false],
      ['INTEREST', '679.84', '2026-06-15', true],
      ['FEE', '49.00', '2026-06-20', false],
    ]);
    const replaced = await api().put(path, { due_date: '2026-06-15' });
    expect(replaced.body).toMatchObject({ due_date: '2026-06-15', note: null });
    expect(
      await api()
        .patch(path, { amounts: { PRINCIPAL: '1.00', RENT: '100.00' }, due_date: '2026-04-19' })
        .then((r) => r.body),
    ).toEqual({
      due_date: ['Nová splatnost nesmí být v minulosti.'],
      'amounts.PRINCIPAL': ['Jistinu splátky mění jen nová verze modelu (restrukturalizace).'],
      'amounts.RENT': ['Tento typ pohledávky do skupiny nepatří.'],
    });
    expect((await api().put(path, { note: 'bez data' })).body).toEqual({ due_date: ['Pole je povinné'] });
    expect(await p().auditLog.count({ where: { action: 'claims_group.update', entityId: String(fifth!.id) } })).toBe(2);
  });

  it('refuses past, paid and cancelled groups (409); DELETE cancels an unpaid future group but not an installment’s principal', async () => {
    const { dealId } = await activeLoan();
    const groups = await groupsOf(dealId);
    const path = (g: { id: number }) => `/api/v1/deals/${dealId}/claims-group/${g.id}/`;
    expect((await api().patch(path(groups[1]!), { note: 'x' })).body).toEqual({ detail: 'Měnit lze jen budoucí skupiny (splatné dnes nebo později).' });
    await payClaim(ctx.deps.prisma, groups[5]!.claims[1]!.id, '10.00', '2026-03-01');
    expect((await api().delete(path(groups[5]!))).body).toEqual({ detail: 'Na skupinu už bylo něco uhrazeno; uhrazené skupiny se nemění.' });
    expect((await api().delete(path(groups[6]!))).body).toEqual({ detail: 'Jistinu splátky mění jen nová verze modelu (restrukturalizace).' });

    // A bullet's interest-only installment may be cancelled whole.
    const bullet = await activeLoan({ ...annuityModel, principal: '500000', annual_interest_rate: '9', term_months: 6, installment_type: 'BULLET' });
    const [, , , may] = await groupsOf(bullet.dealId);
    const mayPath = `/api/v1/deals/${bullet.dealId}/claims-group/${may!.id}/`;
    expect((await api().delete(mayPath)).status).toBe(204);
    const cancelled = await p().claimsGroup.findUniqueOrThrow({ where: { id: may!.id }, include: { claims: true } });
    expect([cancelled.cancelledAt, cancelled.claims.map((c) => c.cancelledAt)]).toEqual([clock, [clock]]);
    expect((await api().get(`/api/v1/deals/${bullet.dealId}/claims-group/`)).body.count).toBe(5);
    expect((await api().get(`/api/v1/deals/${bullet.dealId}/claims-group/?cancelled=true`)).body.count).toBe(6);
    expect((await api().patch(mayPath, { note: 'x' })).body).toEqual({ detail: 'Skupina je zrušená a nelze ji měnit.' });
    expect(await p().auditLog.count({ where: { action: 'claims_group.cancel', entityId: String(may!.id) } })).toBe(1);
  });
});

describe('claims-group-lease and recompute', () => {
  const leaseModel = { principal: '3000000', term_months: 12, disbursement_date: '2026-04-01', first_due_date: '2026-04-15', parameters: { monthly_rent: '15000', services_advance: '2500', deposit: '30000' } };

  it('rebuilds the future unpaid rent groups from the model: paid and past ones stay, a second run changes nothing', async () => {
    const deal = await f.deal({ type: 'LEASE', participants: ['TENANT'] });
    await f.collateral(deal.id);
    await f.activate(admin, deal.id, leaseModel);
    const base = `/api/v1/deals/${deal.id}/claims-group-lease/`;
    const groups = await groupsOf(deal.id);
    expect(groups.map((g) => g.kind)).toEqual(Array(12).fill('LEASE'));
    // Staff discount the 3rd month's rent, cancel the 4th; the tenant pays part of the 5th.
    expect((await api().patch(`${base}${groups[2]!.id}/`, { amounts: { RENT: '14000.00' } })).body.amount).toBe('16500.00');
    expect((await api().delete(`${base}${groups[3]!.id}/`)).status).toBe(204);
    await payClaim(ctx.deps.prisma, groups[4]!.claims[0]!.id, '5000.00', '2026-03-01');

    const res = await api().post(`${base}recompute/`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ cancelled_groups: 1, created_groups: 2, kept_groups: 9 });
    expect(res.body.groups.map((g: { number: number; amount: string; paid_amount: string }) => [g.number, g.amount, g.paid_amount])).toEqual([
      [2, '17500.00', '0.00'],
      [3, '17500.00', '0.00'],
      [4, '17500.00', '0.00'],
      [5, '17500.00', '5000.00'],
      ...[6, 7, 8, 9, 10, 11, 12].map((n) => [n, '17500.00', '0.00']),
    ]);
    const after = await groupsOf(deal.id);
    // The past first month (deposit included) and the history of what was replaced stay.
    expect(after.filter((g) => g.number === 1).map((g) => [g.cancelledAt, g.claims.map((c) => c.amount.toFixed(2))])).toEqual([[null, ['15000.00', '2500.00', '30000.00']]]);
    expect(after.filter((g) => g.cancelledAt).map((g) => g.number).sort()).toEqual([3, 4]);
    const again = await api().post(`${base}recompute/`);
    expect(again.body).toMatchObject({ cancelled_groups: 0, created_groups: 0, kept_groups: 11 });
    expect(await p().auditLog.count({ where: { action: 'claims_group_lease.recompute', entityId: String(deal.id) } })).toBe(2);
    const live = await p().claim.aggregate({ where: { dealId: deal.id, cancelledAt: null }, _sum: { amount: true } });
    expect(live._sum.amount!.toFixed(2)).toBe('240000.00');
  });

  it('refuses a deal that is no lease, or a lease without an active model (409)', async () => {
    const { dealId } = await activeLoan();
    expect((await api().post(`/api/v1/deals/${dealId}/claims-group-lease/recompute/`)).body).toEqual({ detail: 'Přepočet nájemného je jen u nájmu a leasingu s platným modelem.' });
    const lease = await f.deal({ type: 'LEASING', participants: ['TENANT'] });
    expect((await api().post(`/api/v1/deals/${lease.id}/claims-group-lease/recompute/`)).body).toEqual({ detail: 'Obchod nemá platný model.' });
    expect((await api().post('/api/v1/deals/999999/claims-group-lease/recompute/')).status).toBe(404);
  });

  it('claims-group-leaseback lists a sale and leaseback’s rent and buy-back groups', async () => {
    const deal = await f.deal({ type: 'SALE_AND_LEASEBACK', participants: ['TENANT'] });
    await f.collateral(deal.id);
    await f.purpose(deal.id, '2000000.00');
    await f.activate(admin, deal.id, { principal: '2000000', term_months: 24, disbursement_date: '2026-01-01', first_due_date: '2026-01-15', parameters: { monthly_rent: '20000', buyback_price: '2100000', buyback_deadline: '2027-12-31' } });
    const list = await api().get(`/api/v1/deals/${deal.id}/claims-group-leaseback/?ordering=-due_date&page_size=1`);
    expect(list.body.count).toBe(25);
    expect(list.body.results[0]).toMatchObject({ kind: 'LEASEBACK', number: 25, due_date: '2027-12-31', amount: '2100000.00', claims: [{ type: 'PURCHASE_PRICE' }] });
  });
});

describe('restructuring: a new version from a date', () => {
  it('keeps paid installments whole, cancels the unpaid ones from valid_from and generates the new schedule; the principal is claimed once', async () => {
    const { dealId, modelId } = await activeLoan();
    const before = await groupsOf(dealId);
    for (const g of before.slice(0, 3)) for (const c of g.claims) await payClaim(ctx.deps.prisma, c.id, c.amount.toFixed(2), '2026-03-01');
    await payClaim(ctx.deps.prisma, before[3]!.claims[1]!.id, '100.00', '2026-03-01');
    const models = `/api/v1/deals/${dealId}/deal-model/`;
    const restructuring = { ...annuityModel, principal: '67984.22', annual_interest_rate: '6', term_months: 24, disbursement_date: '2026-05-15', first_due_date: '2026-06-15', valid_from: '2026-05-01' };

    expect((await api().post(models, { ...restructuring, valid_from: undefined })).body).toEqual({ valid_from: ['U aktivního obchodu je nová verze modelu restrukturalizací: zadejte, od kterého dne platí.'] });
    expect((await api().post(models, { ...restructuring, principal: '70000' })).body).toEqual({
      principal: ['Jistina restrukturalizace musí být 67\u00a0984,22\u00a0Kč: nesplacená jistina splátek splatných od 1. 5. 2026, na které nebylo nic uhrazeno.'],
    });
    expect((await api().post(models, { ...restructuring, valid_from: '2026-06-16' })).body).toEqual({ valid_from: ['Datum platnosti nesmí být po první splátce nové verze.'] });
    const draft = await api().post(models, restructuring);
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(draft.body).toMatchObject({ version: 2, state: 'DRAFT', valid_from: '2026-05-01', installment_value: '3013.10' });
    expect((await api().post(`${models}${modelId}/activate/`)).status).toBe(409);

    const applied = await api().post(`${models}${draft.body.id}/activate/`);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({ superseded_model_id: modelId, cancelled_groups: 8, cancelled_claims: 16, kept_groups: 1, created_groups: 24, created_claims: 48 });
    expect(applied.body.deal_model).toMatchObject({ id: draft.body.id, state: 'ACTIVE', activated_at: clock.toISOString() });
    expect((await p().dealModel.findUniqueOrThrow({ where: { id: modelId } })).state).toBe('SUPERSEDED');

    const after = await groupsOf(dealId);
    // Installments 1–4 untouched (paid amounts and all), 5–12 cancelled with their claims.
    for (const [i, g] of before.slice(0, 4).entries()) {
      const now = after.find((x) => x.id === g.id)!;
      expect([now.cancelledAt, now.claims.map((c) => [c.amount.toFixed(2), c.paidAmount.toFixed(2), c.cancelledAt])]).toEqual([null, g.claims.map((c) => [c.amount.toFixed(2), i < 3 ? c.amount.toFixed(2) : c.type === 'INTEREST' ? '100.00' : '0.00', null])]);
    }
    expect(after.filter((g) => g.dealModelId === modelId && g.cancelledAt).map((g) => g.number)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    expect(after.filter((g) => g.cancelledAt).every((g) => g.claims.every((c) => c.cancelledAt !== null))).toBe(true);
    const fresh = after.filter((g) => g.dealModelId === draft.body.id);
    expect(fresh).toHaveLength(24);
    expect([fresh[0]!.dueDate.toISOString().slice(0, 10), fresh[0]!.claims.map((c) => [c.type, c.amount.toFixed(2)])]).toEqual(['2026-06-15', [['PRINCIPAL', '2673.18'], ['INTEREST', '339.92']]]);
    expect([fresh[23]!.dueDate.toISOString().slice(0, 10), fresh[23]!.claims.map((c) => [c.type, c.amount.toFixed(2)])]).toEqual(['2028-05-15', [['PRINCIPAL', '2998.15'], ['INTEREST', '14.99']]]);
    const principal = await p().claim.aggregate({ where: { dealId, type: 'PRINCIPAL', cancelledAt: null }, _sum: { amount: true } });
    expect(principal._sum.amount!.toFixed(2)).toBe('100000.00');
    const interest = await p().claim.aggregate({ where: { dealId, type: 'INTEREST', cancelledAt: null }, _sum: { amount: true } });
    // Interest of installments 1–4 (1 000 + 921.15 + 841.51 + 761.08) and of the new schedule (4 330.22).
    expect(interest._sum.amount!.toFixed(2)).toBe(new Decimal('3523.74').plus('4330.22').toFixed(2));
    expect(await p().auditLog.count({ where: { action: 'deal_model.activate', entityId: String(draft.body.id) } })).toBe(1);
  });

  it('refuses when payments changed the principal it takes over since the draft (409 naming the amount), and twice at once applies once', async () => {
    const { dealId } = await activeLoan();
    const models = `/api/v1/deals/${dealId}/deal-model/`;
    // From 16 May: installments 5–12, 67 984.22 of principal.
    const draft = (await api().post(models, { ...annuityModel, principal: '67984.22', annual_interest_rate: '6', term_months: 24, disbursement_date: '2026-05-15', first_due_date: '2026-06-15', valid_from: '2026-05-16' })).body;
    expect(draft.version).toBe(2);
    const groups = await groupsOf(dealId);
    // Something paid on the 5th installment meanwhile: it stays, so 59 779.18 is what remains to take over.
    await payClaim(ctx.deps.prisma, groups[4]!.claims[0]!.id, '1.00', '2026-03-01');
    const refused = await api().post(`${models}${draft.id}/activate/`);
    expect(refused.body).toEqual({ detail: 'Jistina restrukturalizace musí být 59\u00a0779,18\u00a0Kč: nesplacená jistina splátek splatných od 16. 5. 2026, na které nebylo nic uhrazeno.' });
    expect((await p().dealModel.findUniqueOrThrow({ where: { id: draft.id } })).state).toBe('DRAFT');
    expect(await p().claim.count({ where: { dealId, cancelledAt: { not: null } } })).toBe(0);

    const fixed = await api().patch(`${models}${draft.id}/`, { principal: '59779.18', disbursement_date: '2026-06-15', first_due_date: '2026-07-15', valid_from: '2026-06-01' });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    const both = await Promise.all([api().post(`${models}${draft.id}/activate/`), api().post(`${models}${draft.id}/activate/`)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await p().claimsGroup.count({ where: { dealModelId: draft.id } })).toBe(24);
  });

  it('applies only to an ACTIVE deal’s draft with valid_from', async () => {
    const deal = await f.deal({ type: 'OTHER_DEAL' });
    const draft = (await api().post(`/api/v1/deals/${deal.id}/deal-model/`, annuityModel)).body;
    expect((await api().post(`/api/v1/deals/${deal.id}/deal-model/${draft.id}/activate/`)).body).toEqual({ detail: 'Model se stane platným aktivací obchodu (změna stavu na Aktivní).' });
    // Activation takes a newer draft: the older one stays a draft without valid_from, no restructuring.
    await f.activate(admin, deal.id, annuityModel);
    expect((await p().dealModel.findUniqueOrThrow({ where: { id: draft.id } })).state).toBe('DRAFT');
    expect((await api().post(`/api/v1/deals/${deal.id}/deal-model/${draft.id}/activate/`)).body).toEqual({ detail: 'Samostatně lze aktivovat jen restrukturalizaci (návrh s datem platnosti) aktivního obchodu.' });
    await ctx.deps.prisma.deal.update({ where: { id: deal.id }, data: { state: 'FILED_FOR_INSOLVENCY' } });
    expect((await api().post(`/api/v1/deals/${deal.id}/deal-model/${draft.id}/activate/`)).body).toEqual({
      detail: 'Model lze přidat nebo měnit jen u obchodu před aktivací, u aktivního obchodu jako restrukturalizaci.',
    });
  });
});
