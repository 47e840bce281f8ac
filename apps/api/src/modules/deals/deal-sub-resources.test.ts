import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { createDeal, dayFromToday } from '../../../test/fixtures/deals.ts';
import { naturalPerson } from '../../../test/fixtures/persons.ts';

// The sub-resources under /deals/{dealId}/ on a real database: DRF viewset semantics (list with
// ordering and filters, item GET/PUT/PATCH/DELETE, POST), money as strings, Czech messages, the
// refusals of deletes that would lose history, audit entries and VIEWER read-only.

let ctx: TestContext;
let admin: string;
let viewer: string;
let collections: string;
let underwriter: string;
let adminId: number;
let dealId: number;
let otherDealId: number;
let jana: { id: number };
let petr: { id: number };
let eva: { id: number };

const base = (path: string, deal = dealId) => `/api/v1/deals/${deal}/${path}`;
const get = (path: string, token = admin) => ctx.http().get(path).set(bearer(token));
const post = (path: string, body: object, token = admin) => ctx.http().post(path).set(bearer(token)).send(body);
const put = (path: string, body: object, token = admin) => ctx.http().put(path).set(bearer(token)).send(body);
const patch = (path: string, body: object, token = admin) => ctx.http().patch(path).set(bearer(token)).send(body);
const del = (path: string, token = admin) => ctx.http().delete(path).set(bearer(token));
const auditOf = (action: string, entityId: number) => ctx.deps.prisma.auditLog.findFirst({ where: { action, entityId: String(entityId) }, orderBy: { id: 'desc' } });

beforeAll(async () => {
  ctx = await createTestContext();
  const login = await ctx.login('ADMIN', 'spravce-obchodu@test.cz');
  admin = login.access;
  adminId = (await ctx.deps.prisma.staffUser.findUniqueOrThrow({ where: { email: 'spravce-obchodu@test.cz' } })).id;
  await ctx.deps.prisma.staffUser.update({ where: { id: adminId }, data: { firstName: 'Marie', lastName: 'Správcová' } });
  viewer = (await ctx.login('VIEWER')).access;
  collections = (await ctx.login('COLLECTIONS')).access;
  underwriter = (await ctx.login('UNDERWRITER')).access;
  jana = await naturalPerson(ctx.deps.prisma, { firstName: 'Jana', lastName: 'Nováková', sex: 'F' });
  petr = await naturalPerson(ctx.deps.prisma, { firstName: 'Petr', lastName: 'Svoboda' });
  eva = await naturalPerson(ctx.deps.prisma, { firstName: 'Eva', lastName: 'Veselá', sex: 'F' });
  dealId = (await createDeal(ctx.deps.prisma, { type: 'CONSUMER_LOAN', contractNumber: null, participants: [{ personId: jana.id, role: 'BORROWER' }] })).id;
  otherDealId = (await createDeal(ctx.deps.prisma, { type: 'CONSUMER_LOAN', state: 'NEW_APPLICATION', contractNumber: null })).id;
}, 120_000);
afterAll(() => ctx.close());

describe('participants', () => {
  let petrId: number;

  it('adds a participant (201) and lists them with ordering and the role filter', async () => {
    // Participants are origination (docs/decisions/0044): an underwriter adds one.
    const created = await post(base('participants/'), { person: petr.id, role: 'ACCESSORY_DEBTOR' }, underwriter);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ deal_id: dealId, role: 'ACCESSORY_DEBTOR', person: { id: petr.id, name: 'Petr Svoboda' } });
    petrId = created.body.id;
    expect(await auditOf('deal.participant.create', petrId)).toMatchObject({ entity: 'DealParticipant' });
    const all = await get(base('participants/?ordering=-id'), viewer);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(2);
    expect(all.body.results.map((p: { role: string }) => p.role)).toEqual(['ACCESSORY_DEBTOR', 'BORROWER']);
    const borrowers = await get(base('participants/?role=BORROWER'));
    expect(borrowers.body.results.map((p: { person: { id: number } }) => p.person.id)).toEqual([jana.id]);
    expect((await get(base('participants/?role=KING'))).status).toBe(400);
    expect((await get(base('participants/?ordering=name'))).body).toEqual({ ordering: ['Nelze řadit podle „name“. Povolené hodnoty: id, role, created_at.'] });
  });

  it('refuses a second (deal, person, role) and an unknown person', async () => {
    const again = await post(base('participants/'), { person: petr.id, role: 'ACCESSORY_DEBTOR' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ non_field_errors: ['Tato osoba už v obchodu má tuto roli.'] });
    const nobody = await post(base('participants/'), { person: 99_999_999, role: 'DEBTOR' });
    expect(nobody.body).toEqual({ person: ['Osoba neexistuje.'] });
    const bad = await post(base('participants/'), { person: 'Petr', role: 'KING' });
    expect(Object.keys(bad.body).sort()).toEqual(['person', 'role']);
  });

  it('answers PUT and PATCH with 204 and no body', async () => {
    const patched = await patch(base(`participants/${petrId}/`), { role: 'DEBTOR' });
    expect(patched.status).toBe(204);
    expect(patched.text).toBe('');
    expect((await get(base(`participants/${petrId}/`))).body.role).toBe('DEBTOR');
    const replaced = await put(base(`participants/${petrId}/`), { person: eva.id, role: 'DEBTOR' });
    expect(replaced.status).toBe(204);
    expect((await get(base(`participants/${petrId}/`))).body.person).toEqual({ id: eva.id, name: 'Eva Veselá' });
    expect((await put(base(`participants/${petrId}/`), { role: 'DEBTOR' })).status).toBe(400);
    expect(await auditOf('deal.participant.update', petrId)).not.toBeNull();
  });

  it('refuses a change that duplicates another participant', async () => {
    const res = await patch(base(`participants/${petrId}/`), { person: jana.id, role: 'BORROWER' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ non_field_errors: ['Tato osoba už v obchodu má tuto roli.'] });
  });

  it("keeps a running deal's last debtor (409) and the creditor of its claims", async () => {
    const borrower = (await get(base('participants/?role=BORROWER'))).body.results[0].id;
    // Eva (DEBTOR) is still there: the borrower may go, then Eva may not.
    expect((await del(base(`participants/${borrower}/`))).status).toBe(204);
    const last = await del(base(`participants/${petrId}/`));
    expect(last.status).toBe(409);
    expect(last.body).toEqual({ detail: 'Obchod v tomto stavu musí mít dlužníka (BORROWER nebo DEBTOR); nejprve přidejte jiného.' });
    expect((await patch(base(`participants/${petrId}/`), { role: 'PLEDGER' })).status).toBe(409);
    // A deal not yet signed may be left without a debtor.
    const added = await post(base('participants/', otherDealId), { person: jana.id, role: 'BORROWER' });
    expect((await del(base(`participants/${added.body.id}/`, otherDealId))).status).toBe(204);
    expect(await auditOf('deal.participant.delete', added.body.id)).not.toBeNull();

    const creditor = await post(base('participants/'), { person: petr.id, role: 'CREDITOR' });
    await ctx.deps.prisma.claim.create({ data: { dealId, type: 'FEE', dueDate: dayFromToday(10), amount: '150.00', creditorId: petr.id } });
    const refused = await del(base(`participants/${creditor.body.id}/`));
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('Osoba je věřitelem pohledávek obchodu; z obchodu ji nelze odebrat.');
  });

  it('answers 404 for an item of another deal and an unknown deal', async () => {
    expect((await get(base(`participants/${petrId}/`, otherDealId))).status).toBe(404);
    const res = await get('/api/v1/deals/99999999/participants/');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Obchod nebyl nalezen.' });
    expect((await get(base('participants/99999999/'))).body).toEqual({ detail: 'Položka obchodu nebyla nalezena.' });
  });
});

describe('label', () => {
  it('creates, lists by name, updates and deletes labels, one name per deal whatever its case', async () => {
    const vip = await post(base('label/'), { name: 'VIP', color: '#aa0000' });
    expect(vip.status).toBe(201);
    expect(vip.body).toMatchObject({ name: 'VIP', color: '#aa0000', deal_id: dealId });
    await post(base('label/'), { name: 'Akce 2026' });
    expect((await post(base('label/'), { name: 'vip' })).body).toEqual({ name: ['Obchod už má štítek s tímto názvem.'] });
    expect((await post(base('label/'), { name: 'X', color: 'red' })).body).toEqual({ color: ['Zadejte barvu ve tvaru #RRGGBB.'] });
    expect((await get(base('label/'))).body.results.map((l: { name: string }) => l.name)).toEqual(['Akce 2026', 'VIP']);
    expect((await get(base('label/?ordering=-name'))).body.results.map((l: { name: string }) => l.name)).toEqual(['VIP', 'Akce 2026']);
    const renamed = await patch(base(`label/${vip.body.id}/`), { color: '' });
    expect(renamed.body).toMatchObject({ name: 'VIP', color: null });
    expect((await put(base(`label/${vip.body.id}/`), { name: 'akce 2026' })).status).toBe(400);
    expect((await del(base(`label/${vip.body.id}/`))).status).toBe(204);
    expect((await get(base(`label/${vip.body.id}/`))).status).toBe(404);
    expect(await auditOf('deal.label.delete', vip.body.id)).toMatchObject({ changes: expect.objectContaining({ name: 'VIP', deal_id: dealId }) });
  });
});

describe('notes', () => {
  it('creates notes written by the caller and lists them newest first; no edits', async () => {
    const first = await post(base('notes/'), { text: 'Klient slíbil platbu do pátku.' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ text: 'Klient slíbil platbu do pátku.', author: { id: adminId, name: 'Marie Správcová', email: 'spravce-obchodu@test.cz' } });
    await post(base('notes/'), { text: 'Platba dorazila.' }, collections);
    const list = await get(base('notes/'), viewer);
    expect(list.body.results.map((n: { text: string }) => n.text)).toEqual(['Platba dorazila.', 'Klient slíbil platbu do pátku.']);
    expect((await get(base('notes/?ordering=id'))).body.results[0].text).toBe('Klient slíbil platbu do pátku.');
    expect((await post(base('notes/'), { text: '   ' })).body).toEqual({ text: ['Pole je povinné'] });
    expect((await put(base(`notes/${first.body.id}/`), { text: 'x' })).status).toBe(404);
    expect((await post(base('notes/'), { text: 'x' }, viewer)).status).toBe(403);
    expect(await auditOf('deal.note.create', first.body.id)).not.toBeNull();
  });
});

describe('realties', () => {
  it("lists the realties of the deal's groups and of its lead, each once", async () => {
    const p = ctx.deps.prisma;
    const flat = await p.realty.create({ data: { type: 'FLAT', wholeAddress: 'Husova 12, 602 00 Brno', city: 'Brno' } });
    const house = await p.realty.create({ data: { type: 'FAMILY_HOUSE', wholeAddress: 'Lipová 3, 779 00 Olomouc', city: 'Olomouc' } });
    const elsewhere = await p.realty.create({ data: { type: 'LAND', city: 'Praha' } });
    const lead = await p.lead.create({ data: { source: 'BACKOFFICE', realtyId: flat.id } });
    await p.deal.update({ where: { id: dealId }, data: { leadId: lead.id } });
    const g1 = await p.realtyGroup.create({ data: { dealId, mortgage: true, realties: { create: [{ realtyId: flat.id }, { realtyId: house.id }] } } });
    const g2 = await p.realtyGroup.create({ data: { dealId, realties: { create: [{ realtyId: house.id }] } } });
    await p.realtyGroup.create({ data: { dealId: otherDealId, realties: { create: [{ realtyId: elsewhere.id }] } } });
    const res = await get(base('realties/'), viewer);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.results).toEqual([
      expect.objectContaining({ id: flat.id, type: 'FLAT', city: 'Brno', realty_group_ids: [g1.id], from_lead: true }),
      expect.objectContaining({ id: house.id, type: 'FAMILY_HOUSE', realty_group_ids: [g1.id, g2.id], from_lead: false }),
    ]);
    expect((await get(base('realties/?ordering=-city'))).body.results.map((r: { id: number }) => r.id)).toEqual([house.id, flat.id]);
    expect((await get(base('realties/', otherDealId))).body.results.map((r: { id: number }) => r.id)).toEqual([elsewhere.id]);
  });
});

describe('idm-evaluations', () => {
  it("lists the deal's and its lead's evaluations, filtered by deal model", async () => {
    const p = ctx.deps.prisma;
    const deal = await p.deal.findUniqueOrThrow({ where: { id: dealId } });
    const model = await p.dealModel.create({
      data: { dealId, version: 1, principal: '100000.00', termMonths: 12, disbursementDate: new Date('2026-01-01'), firstDueDate: new Date('2026-02-15'), dueDay: 15, allocationProfile: 'LOAN_ALLOCATION_PROFILE_V1' },
    });
    const onLead = await p.idmEvaluation.create({ data: { leadId: deal.leadId, state: 'FINISHED' } });
    const onDeal = await p.idmEvaluation.create({ data: { dealId, dealModelId: model.id, state: 'PENDING' } });
    await p.idmEvaluation.create({ data: { dealId: otherDealId, state: 'PENDING' } });
    const all = await get(base('idm-evaluations/'), viewer);
    expect(all.body.results.map((e: { id: number }) => e.id)).toEqual([onDeal.id, onLead.id]);
    expect(all.body.results[0]).toMatchObject({ deal_id: dealId, lead_id: null, deal_model: model.id, state: 'PENDING', result: null });
    const filtered = await get(base(`idm-evaluations/?deal_model=${model.id}`));
    expect(filtered.body.results.map((e: { id: number }) => e.id)).toEqual([onDeal.id]);
    expect((await get(base('idm-evaluations/?deal_model=x'))).status).toBe(400);
    expect((await get(base(`idm-evaluations/${onLead.id}/`))).body).toMatchObject({ id: onLead.id, lead_id: deal.leadId });
    expect((await get(base(`idm-evaluations/${onDeal.id}/`, otherDealId))).status).toBe(404);
  });
});

describe('debts', () => {
  it('keeps debts with money as strings, filtered by deal model', async () => {
    const model = await ctx.deps.prisma.dealModel.findFirstOrThrow({ where: { dealId } });
    const created = await post(base('debts/'), { type: 'BANK_LOAN', creditor: 'Banka a.s.', amount: 125000.5, installment_value: '3200', variable_symbol: '00778899', to_refinance: true, deal_model: model.id });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ amount: '125000.50', installment_value: '3200.00', variable_symbol: '778899', to_refinance: true, deal_model: model.id });
    const other = await post(base('debts/'), { type: 'OTHER', creditor: 'Soused', amount: '5000.00' });
    expect(other.body.deal_model).toBeNull();
    expect((await get(base(`debts/?deal_model=${model.id}`))).body.results.map((d: { id: number }) => d.id)).toEqual([created.body.id]);
    expect((await get(base('debts/?ordering=-amount'))).body.results.map((d: { id: number }) => d.id)).toEqual([created.body.id, other.body.id]);
    const foreign = await ctx.deps.prisma.dealModel.create({
      data: { dealId: otherDealId, version: 1, principal: '1.00', termMonths: 1, disbursementDate: new Date('2026-01-01'), firstDueDate: new Date('2026-02-01'), dueDay: 1, allocationProfile: 'OTHER_PROFILE_V1' },
    });
    expect((await patch(base(`debts/${other.body.id}/`), { deal_model: foreign.id })).body).toEqual({ deal_model: ['Model obchodu nepatří k tomuto obchodu.'] });
    expect((await patch(base(`debts/${other.body.id}/`), { amount: '12.345' })).body).toEqual({ amount: ['Zadejte částku v korunách, nejvýše s haléři (např. 1250.50).'] });
    const changed = await put(base(`debts/${other.body.id}/`), { type: 'OTHER', creditor: 'Soused Novák', amount: '4500' });
    expect(changed.body).toMatchObject({ creditor: 'Soused Novák', amount: '4500.00' });
    expect((await put(base(`debts/${other.body.id}/`), { creditor: 'x' })).status).toBe(400);
    expect((await del(base(`debts/${other.body.id}/`))).status).toBe(204);
    expect(await auditOf('deal.debt.create', created.body.id)).toMatchObject({ changes: expect.objectContaining({ amount: '125000.50' }) });
  });
});

describe('obligations', () => {
  it('records what the debtor must deliver and when it was delivered', async () => {
    const created = await post(base('obligations/'), { type: 'NOTARIAL_DEED', due_date: '2026-12-31', description: 'Notářský zápis se svolením k vykonatelnosti' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'NOTARIAL_DEED', due_date: '2026-12-31', fulfilled_at: null });
    await post(base('obligations/'), { type: 'PLEDGE_RIGHT', due_date: '2026-10-01' });
    expect((await get(base('obligations/'))).body.results.map((o: { type: string }) => o.type)).toEqual(['PLEDGE_RIGHT', 'NOTARIAL_DEED']);
    const fulfilledAt = new Date(Date.now() - 3_600_000).toISOString();
    const fulfilled = await patch(base(`obligations/${created.body.id}/`), { fulfilled_at: fulfilledAt });
    expect(fulfilled.body.fulfilled_at).toBe(fulfilledAt);
    expect((await get(base('obligations/?fulfilled=true'))).body.results.map((o: { id: number }) => o.id)).toEqual([created.body.id]);
    expect((await get(base('obligations/?fulfilled=false&type=PLEDGE_RIGHT'))).body.count).toBe(1);
    expect((await get(base('obligations/?type=NOTARIAL_DEED&fulfilled=false'))).body.count).toBe(0);
    const future = await patch(base(`obligations/${created.body.id}/`), { fulfilled_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(future.body).toEqual({ fulfilled_at: ['Povinnost nelze splnit v budoucnosti.'] });
    expect((await patch(base(`obligations/${created.body.id}/`), { due_date: '2026-02-30' })).body).toEqual({ due_date: ['Neplatné datum.'] });
  });

  it('refuses to delete an obligation with breach history (409), deletes one without', async () => {
    const obligation = await post(base('obligations/'), { type: 'BLOCKAGE_AGREEMENT', due_date: '2026-03-01' });
    await ctx.deps.prisma.breach.create({ data: { dealId, type: 'UNDELIVERED_BLOCKAGE_AGREEMENT', obligationId: obligation.body.id, startedOn: new Date('2026-03-02') } });
    const refused = await del(base(`obligations/${obligation.body.id}/`));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: 'K povinnosti je evidováno porušení smlouvy; nelze ji smazat. Označte ji jako splněnou.' });
    const plain = await post(base('obligations/'), { type: 'OTHER' });
    expect((await del(base(`obligations/${plain.body.id}/`), underwriter)).status).toBe(204);
  });
});

describe('enforceable-claims', () => {
  it('keeps enforceable claims with amounts and costs as strings', async () => {
    const created = await post(base('enforceable-claims/'), { title_type: 'NOTARIAL_DEED', amount: '84000.00', costs: 7865.5, file_mark: 'NZ 123/2026', issued_at: '2026-05-04' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title_type: 'NOTARIAL_DEED', amount: '84000.00', costs: '7865.50', issued_at: '2026-05-04', enforceable_from: null });
    const second = await post(base('enforceable-claims/'), { title_type: 'COURT_DECISION', amount: '1000' });
    expect(second.body.costs).toBe('0.00');
    expect((await get(base('enforceable-claims/?title_type=COURT_DECISION'))).body.results.map((e: { id: number }) => e.id)).toEqual([second.body.id]);
    expect((await get(base('enforceable-claims/?ordering=amount'))).body.results.map((e: { id: number }) => e.id)).toEqual([second.body.id, created.body.id]);
    expect((await patch(base(`enforceable-claims/${created.body.id}/`), { executor: 'JUDr. Exekutor', enforceable_from: '2026-06-01' })).body).toMatchObject({ executor: 'JUDr. Exekutor', enforceable_from: '2026-06-01', amount: '84000.00' });
    expect((await post(base('enforceable-claims/'), { title_type: 'X', amount: 'abc' })).status).toBe(400);
    expect((await del(base(`enforceable-claims/${second.body.id}/`))).status).toBe(204);
  });
});

describe('claims-settings', () => {
  it('sets fee amounts, the penalty-interest basis and grace days; one setting per claim type', async () => {
    const fee = await post(base('claims-settings/'), { type: 'FEE', amount: '150', due_day: 15 });
    expect(fee.status).toBe(201);
    expect(fee.body).toMatchObject({ type: 'FEE', amount: '150.00', rate: null, due_day: 15, grace_days: 0, is_enabled: true });
    const penalty = await post(base('claims-settings/'), { type: 'PENALTY_INTEREST', rate: 8.5, grace_days: 5 });
    expect(penalty.body).toMatchObject({ rate: '8.5000', grace_days: 5, amount: null });
    expect((await post(base('claims-settings/'), { type: 'FEE' })).body).toEqual({ type: ['Obchod už má nastavení pro tento typ pohledávky.'] });
    const bad = await post(base('claims-settings/'), { type: 'INTEREST', rate: '100.5', due_day: 32, grace_days: -1 });
    expect(Object.keys(bad.body).sort()).toEqual(['due_day', 'grace_days', 'rate']);
    expect((await get(base('claims-settings/?type=FEE'))).body.results.map((s: { id: number }) => s.id)).toEqual([fee.body.id]);
    expect((await get(base('claims-settings/?ordering=-id'))).body.results.map((s: { id: number }) => s.id)).toEqual([penalty.body.id, fee.body.id]);
    // Statutory basis again: rate null.
    expect((await patch(base(`claims-settings/${penalty.body.id}/`), { rate: null, is_enabled: false })).body).toMatchObject({ rate: null, is_enabled: false });
    expect((await patch(base(`claims-settings/${penalty.body.id}/`), { type: 'FEE' })).status).toBe(400);
  });

  it('refuses to delete a setting claims were generated under (409)', async () => {
    const fee = (await get(base('claims-settings/?type=FEE'))).body.results[0];
    // The FEE claim of the participants test exists.
    const refused = await del(base(`claims-settings/${fee.id}/`));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: 'Podle tohoto nastavení už vznikly pohledávky; nelze ho smazat. Můžete ho vypnout.' });
    expect((await patch(base(`claims-settings/${fee.id}/`), { type: 'OTHER' })).status).toBe(409);
    const penalty = (await get(base('claims-settings/?type=PENALTY_INTEREST'))).body.results[0];
    expect((await del(base(`claims-settings/${penalty.id}/`))).status).toBe(204);
    expect(await auditOf('deal.claims_setting.delete', penalty.id)).not.toBeNull();
  });
});

describe('VIEWER', () => {
  it('reads every sub-resource and writes none', async () => {
    for (const segment of ['participants', 'label', 'notes', 'realties', 'idm-evaluations', 'debts', 'obligations', 'enforceable-claims', 'claims-settings']) {
      expect((await get(base(`${segment}/`), viewer)).status, segment).toBe(200);
    }
    for (const segment of ['participants', 'label', 'notes', 'debts', 'obligations', 'enforceable-claims', 'claims-settings']) {
      expect((await post(base(`${segment}/`), {}, viewer)).status, segment).toBe(403);
    }
    const label = (await post(base('label/'), { name: 'Viditelný' })).body;
    expect((await patch(base(`label/${label.id}/`), { name: 'x' }, viewer)).status).toBe(403);
    expect((await put(base(`label/${label.id}/`), { name: 'x' }, viewer)).status).toBe(403);
    expect((await del(base(`label/${label.id}/`), viewer)).status).toBe(403);
  });
});
