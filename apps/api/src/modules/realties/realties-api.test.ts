import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchasedPropertyView, realtyGroup, realtyView } from '@lending/contracts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { addClaim, createDeal } from '../../../test/fixtures/deals.ts';
import type { Deal, Realty } from '../../generated/prisma/client.ts';
import { foldAccents } from '../../integrations/address/normalize.ts';

// GET /realties/, the purchased properties and the top-level realty groups (issue 25 §1) on real
// PostgreSQL and HTTP: the spec's paths and parameters, filters that change the answer, Czech 400s.

let ctx: TestContext;
let staff: string;
let viewer: string;
let collector: string;
let deal: Deal;
let other: Deal;
let flat: Realty;
let house: Realty;
let land: Realty;
let otherFlat: Realty;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = (await ctx.login('UNDERWRITER')).access;
  viewer = (await ctx.login('VIEWER')).access;
  collector = (await ctx.login('COLLECTIONS')).access;
  const p = ctx.deps.prisma;
  await p.cadastralLocation.createMany({
    data: [
      { code: '610372', name: 'Žabovřesky', municipality: 'Brno', district: 'Brno-město', searchKey: 'zabovresky brno 610372' },
      { code: '727181', name: 'Vinohrady', municipality: 'Praha', district: 'Praha', searchKey: 'vinohrady praha 727181' },
    ],
  });
  flat = await p.realty.create({ data: { type: 'FLAT', wholeAddress: 'Kounicova 12, 602 00 Brno', city: 'Brno', cadastralAreaCode: '610372', cadastralAreaName: 'Žabovřesky', lvNumber: '1234' } });
  house = await p.realty.create({ data: { type: 'FAMILY_HOUSE', wholeAddress: 'Na Výsluní 3, 664 34 Kuřim', city: 'Kuřim', cadastralAreaCode: '727181', cadastralAreaName: 'Vinohrady', lvNumber: '88' } });
  land = await p.realty.create({ data: { type: 'LAND', city: 'Kuřim' } });
  otherFlat = await p.realty.create({ data: { type: 'FLAT', wholeAddress: 'Vinohradská 40, 120 00 Praha', city: 'Praha', cadastralAreaCode: '727181', cadastralAreaName: 'Vinohrady', lvNumber: '4401' } });
  const person = await p.person.create({ data: { identificationType: 'BIRTH_NUMBER', firstName: 'Alena', lastName: 'Dvořáková' } });
  const lead = await p.lead.create({ data: { source: 'BACKOFFICE', personId: person.id, realtyId: land.id } });
  deal = await createDeal(p, { type: 'CONSUMER_LOAN', state: 'ACTIVE', value: '1000000.00', leadId: lead.id });
  await p.dealParticipant.create({ data: { dealId: deal.id, personId: person.id, role: 'DEBTOR' } });
  for (const realty of [flat, house]) await p.realtyRight.create({ data: { personId: person.id, realtyId: realty.id, type: 'OWNERSHIP' } });
  other = await createDeal(p, { type: 'SALE_AND_LEASEBACK', state: 'CONTRACT_SIGN', value: '2000000.00' });
  const otherPerson = await p.person.create({ data: { identificationType: 'BIRTH_NUMBER', firstName: 'Karel', lastName: 'Novotný' } });
  await p.dealParticipant.create({ data: { dealId: other.id, personId: otherPerson.id, role: 'DEBTOR' } });
  await p.realtyRight.create({ data: { personId: otherPerson.id, realtyId: otherFlat.id, type: 'OWNERSHIP' } });
  // 600 000 of principal owed: the flat's group at 3 000 000 is 20 % LTV, the house's at 750 000 is 80 %.
  await addClaim(p, deal, { type: 'PRINCIPAL', amount: '600000.00', due: '2027-01-15' });
});
afterAll(() => ctx.close());

const get = (path: string, token = staff) => ctx.http().get(`/api/v1/${path}`).set(bearer(token));
const send = (method: 'post' | 'put' | 'patch' | 'delete', path: string, body?: object, token = staff) => ctx.http()[method](`/api/v1/${path}`).set(bearer(token)).send(body);
const ids = (body: { results: { id: number }[] }) => body.results.map((r) => r.id);

async function group(dealId: number, name: string, realties: number[], value: string): Promise<number> {
  const created = await send('post', 'realty-group/', { deal_id: dealId, name, mortgage: true, realties });
  expect(created.status, created.text).toBe(201);
  expect(realtyGroup.parse(created.body)).toEqual(created.body);
  const estimation = await send('post', `realty-group/${created.body.id}/estimations/`, { value, estimated_at: '2026-10-01', estimator: 'Ing. Novák' });
  expect(estimation.status, estimation.text).toBe(201);
  const evaluated = await send('post', `deals/${dealId}/realty-groups/${created.body.id}/evaluate_notification/`);
  expect(evaluated.status, evaluated.text).toBe(201);
  return created.body.id as number;
}

describe('realty groups at the top level: the same groups as under the deal', () => {
  let flatGroup: number;
  let houseGroup: number;
  beforeAll(async () => {
    flatGroup = await group(deal.id, 'Byt v Brně', [flat.id], '3000000.00');
    houseGroup = await group(deal.id, 'Dům v Kuřimi', [house.id], '750000.00');
  });

  it('POST /realty-group/ names its deal; the group is the one under /deals/{id}/realty-groups/', async () => {
    const top = await get(`realty-group/${flatGroup}/`);
    const underDeal = await get(`deals/${deal.id}/realty-groups/${flatGroup}/`);
    expect(top.status).toBe(200);
    expect(top.body).toEqual(underDeal.body);
    // LTV = 600 000 / 3 000 000 = 20 %, and 600 000 / 750 000 = 80 % (worked by hand).
    expect(top.body).toMatchObject({ deal_id: deal.id, name: 'Byt v Brně', ltv: '20.00', latest_estimation: { value: '3000000.00' } });
    expect((await get(`realty-group/${houseGroup}/`)).body.ltv).toBe('80.00');
  });

  it('refuses a group without its deal, of an unknown deal, or of realties that are not its collateral', async () => {
    const noDeal = await send('post', 'realty-group/', { name: 'X', realties: [] });
    expect(noDeal.status).toBe(400);
    expect(noDeal.body.deal_id).toBeTruthy();
    expect((await send('post', 'realty-group/', { deal_id: 999999, name: 'X', realties: [] })).status).toBe(404);
    const foreign = await send('post', 'realty-group/', { deal_id: deal.id, name: 'X', realties: [otherFlat.id] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.realties[0]).toContain('nepatří k zajištění obchodu');
  });

  it('GET /realty-group/?search= finds by name, deal number, address and LV; PUT and PATCH keep the deal', async () => {
    expect(ids((await get('realty-group/?search=kuřim')).body)).toEqual([houseGroup]);
    expect(ids((await get('realty-group/?search=1234')).body)).toEqual([flatGroup]);
    expect(ids((await get(`realty-group/?search=${deal.id}`)).body)).toEqual(expect.arrayContaining([flatGroup, houseGroup]));
    expect((await get('realty-group/?search=nic-takoveho')).body.count).toBe(0);
    const patched = await send('patch', `realty-group/${houseGroup}/`, { note: 'Zástava 2. pořadí' });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ deal_id: deal.id, name: 'Dům v Kuřimi', note: 'Zástava 2. pořadí' });
    const put = await send('put', `realty-group/${houseGroup}/`, { name: 'Dům', mortgage: false, realties: [house.id] });
    expect(put.body).toMatchObject({ deal_id: deal.id, name: 'Dům', mortgage: false, note: null });
    expect((await send('patch', 'realty-group/999999/', { note: 'x' })).status).toBe(404);
  });

  it('estimations: listed newest first, corrected by PUT and PATCH, audited; the evaluation keeps the value it read', async () => {
    const second = await send('post', `realty-group/${houseGroup}/estimations/`, { value: '800000', estimated_at: '2026-11-01' });
    expect(second.status).toBe(201);
    const list = await get(`realty-group/${houseGroup}/estimations/`);
    expect(list.body.results.map((e: { value: string }) => e.value)).toEqual(['800000.00', '750000.00']);
    const patched = await send('patch', `realty-group/${houseGroup}/estimations/${second.body.id}/`, { value: '820000.50' });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ value: '820000.50', estimated_at: '2026-11-01' });
    const put = await send('put', `realty-group/${houseGroup}/estimations/${second.body.id}/`, { value: '810000', estimated_at: '2026-11-02' });
    expect(put.body).toMatchObject({ value: '810000.00', estimated_at: '2026-11-02', estimator: null });
    expect(await ctx.deps.prisma.auditLog.count({ where: { action: 'deal.realty_group.estimation.update', entityId: String(second.body.id) } })).toBe(2);
    const evaluation = await ctx.deps.prisma.realtyGroupEvaluation.findFirstOrThrow({ where: { realtyGroupId: houseGroup } });
    expect(evaluation.estimate.toFixed(2)).toBe('750000.00');
    expect((await send('patch', `realty-group/${houseGroup}/estimations/${second.body.id}/`, { value: '-5', estimated_at: '2026-13-01' })).status).toBe(400);
    expect((await send('patch', `realty-group/${flatGroup}/estimations/${second.body.id}/`, { value: '1' })).status).toBe(404);
  });

  it('GET /realties/ filters by the spec’s deal (its collateral, as the deal’s own list), type, territory, LTV and search', async () => {
    const byDeal = await get(`realties/?deal=${deal.id}`);
    expect(byDeal.status).toBe(200);
    expect(ids(byDeal.body)).toEqual(ids((await get(`deals/${deal.id}/realties/`)).body));
    expect(ids(byDeal.body)).toEqual([flat.id, house.id, land.id]);
    for (const r of byDeal.body.results) expect(realtyView.parse(r)).toEqual(r);
    expect(ids((await get(`realties/?deal=${deal.id}&type=FLAT`)).body)).toEqual([flat.id]);
    expect(ids((await get('realties/?cadastral_area_code=727181')).body)).toEqual([house.id, otherFlat.id]);
    expect(ids((await get('realties/?ltv_min=50')).body)).toEqual([house.id]);
    expect(ids((await get('realties/?ltv_max=50')).body)).toEqual([flat.id]);
    expect(ids((await get('realties/?ltv_min=20&ltv_max=80')).body)).toEqual([flat.id, house.id]);
    expect(ids((await get('realties/?search=vinohradsk')).body)).toEqual([otherFlat.id]);
    expect(ids((await get('realties/?search=4401')).body)).toEqual([otherFlat.id]);
    // Case and diacritics aside, as staff type: "zabovresky" is Žabovřesky, "KUŘIM" Kuřim.
    expect(ids((await get('realties/?search=zabovresky')).body)).toEqual([flat.id]);
    expect(ids((await get(`realties/?search=${encodeURIComponent('NA VÝSLUNÍ')}`)).body)).toEqual([house.id]);
    // One or two digits are an LV number, not a fragment of every address with a 4 in it.
    expect(ids((await get('realties/?search=88')).body)).toEqual([house.id]);
    expect(ids((await get('realties/?search=4')).body)).toEqual([]);
    // Praha, then Kuřim (the land before the house: ties by id in the last key's direction).
    expect(ids((await get('realties/?ordering=-city&page_size=2')).body)).toEqual([otherFlat.id, land.id]);
    const one = (await get(`realties/${house.id}/`)).body;
    expect(one.groups).toEqual([{ id: houseGroup, deal_id: deal.id, name: 'Dům', mortgage: false, latest_value: '810000.00', ltv: '80.00' }]);
  });

  it('each realty of a group carries the group’s LTV (the copy the LTV filter reads), through evaluations and changes of the set', async () => {
    // Differential: the copy in realty_group_realties against realty_groups.ltv, row by row.
    const extra = await send('post', 'realty-group/', { deal_id: deal.id, name: 'Vše', realties: [flat.id] });
    await send('post', `realty-group/${extra.body.id}/estimations/`, { value: '1200000', estimated_at: '2026-11-01' });
    await send('post', `deals/${deal.id}/realty-groups/${extra.body.id}/evaluate_notification/`);
    await send('patch', `realty-group/${extra.body.id}/`, { realties: [flat.id, house.id] });
    const drift = await ctx.deps.prisma.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM realty_group_realties gr JOIN realty_groups g ON g.id = gr.realty_group_id WHERE gr.ltv IS DISTINCT FROM g.ltv`;
    expect(drift[0]!.n).toBe(0);
    // 600 000 / 1 200 000 = 50 %: both realties are now in a group of LTV 50.
    expect(ids((await get('realties/?ltv_min=50&ltv_max=50')).body)).toEqual([flat.id, house.id]);
    expect((await get(`realty-group/${extra.body.id}/`)).body.ltv).toBe('50.00');
    await send('patch', `realty-group/${extra.body.id}/`, { realties: [] });
  });

  it('the generated search key folds as the query does (every Czech letter with a diacritic)', async () => {
    // Differential: PostgreSQL's generated realties.search_key against foldAccents in JS.
    const address = 'Příliš žluťoučký kůň úpěl ďábelské ódy, ÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ äĺľôŕ';
    const realty = await ctx.deps.prisma.realty.create({ data: { type: 'OTHER', wholeAddress: address, cadastralAreaName: 'Štěpánov' } });
    const { searchKey } = await ctx.deps.prisma.realty.findUniqueOrThrow({ where: { id: realty.id } });
    expect(searchKey).toBe(`${foldAccents(address)} | ${foldAccents('Štěpánov')}`);
    expect(searchKey).toBe('prilis zlutoucky kun upel dabelske ody, acdeeinorstuuyz allor | stepanov');
    expect(ids((await get('realties/?search=KUN UPEL')).body)).toEqual([realty.id]);
    await ctx.deps.prisma.realty.delete({ where: { id: realty.id } });
  });

  it('refuses nonsense filters with Czech messages', async () => {
    const res = await get('realties/?deal=abc&type=CASTLE&cadastral_area_code=12&ltv_min=x');
    expect(res.status).toBe(400);
    expect(res.body.deal).toEqual(['Zadejte kladné celé číslo.']);
    expect(res.body.cadastral_area_code).toEqual(['Kód katastrálního území má 6 číslic.']);
    expect(res.body.ltv_min).toEqual(['Zadejte LTV v procentech, např. 80 nebo 72.5.']);
    expect(res.body.type).toBeTruthy();
    expect((await get('realties/?ltv_min=90&ltv_max=10')).body.ltv_max).toEqual(['LTV od nesmí být vyšší než LTV do.']);
    expect((await get('realties/999999/')).status).toBe(404);
  });
});

describe('purchased properties', () => {
  const body = (over: object = {}) => ({
    realty: { type: 'FAMILY_HOUSE', street: 'Lipová', house_number: '7', zip: '664 34', city: 'Kuřim', cadastral_area_code: '610372', lv_number: '2001', land_area: '812.5' },
    deal_id: other.id,
    ...over,
  });

  it('POST records the property with its realty (ACQUISITION by default); the territory is named from the codebook; audited', async () => {
    const res = await send('post', 'realties/purchased/', body({ note: 'Zpětný leasing' }));
    expect(res.status, res.text).toBe(201);
    expect(purchasedPropertyView.parse(res.body)).toEqual(res.body);
    expect(res.body).toMatchObject({
      state: 'ACQUISITION',
      realty: { type: 'FAMILY_HOUSE', whole_address: 'Lipová 7, 664 34 Kuřim', cadastral_area_name: 'Žabovřesky', lv_number: '2001', land_area: '812.50' },
      deal: { id: other.id, type: 'SALE_AND_LEASEBACK', state: 'CONTRACT_SIGN', person_name: 'Karel Novotný' },
      purchase_price: null,
      note: 'Zpětný leasing',
    });
    expect(await ctx.deps.prisma.auditLog.count({ where: { action: 'realty.purchase.create', entityId: String(res.body.id) } })).toBe(1);
  });

  it('refuses what a purchase cannot be, in Czech at the fields', async () => {
    const owned = await send('post', 'realties/purchased/', body({ state: 'OWNERSHIP' }));
    expect(owned.status).toBe(400);
    expect(owned.body.purchase_price).toEqual(['Pro stav „Ve vlastnictví“ zadejte kupní cenu a datum nabytí.']);
    expect(owned.body.purchased_on).toEqual(['Pro stav „Ve vlastnictví“ zadejte kupní cenu a datum nabytí.']);
    const sold = await send('post', 'realties/purchased/', body({ state: 'SOLD', purchase_price: '2500000', purchased_on: '2026-05-01', sale_price: '2900000', sold_on: '2026-04-01' }));
    expect(sold.body.sold_on).toEqual(['Datum prodeje nesmí být před datem nabytí.']);
    const bad = await send('post', 'realties/purchased/', { realty: { type: 'CASTLE', cadastral_area_code: '999999x', zip: '1' }, deal_id: 999999, state: 'LOST', purchase_price: '1,5' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(expect.arrayContaining(['realty.type', 'realty.cadastral_area_code', 'realty.zip', 'state', 'purchase_price']));
    const unknown = await send('post', 'realties/purchased/', body({ deal_id: 999999, realty: { type: 'LAND', cadastral_area_code: '123456' } }));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ deal_id: ['Obchod neexistuje.'] });
    const territory = await send('post', 'realties/purchased/', body({ realty: { type: 'LAND', cadastral_area_code: '123456' } }));
    expect(territory.body).toEqual({ 'realty.cadastral_area_code': ['Katastrální území s tímto kódem neznáme.'] });
    expect(await ctx.deps.prisma.purchasedProperty.count()).toBe(1);
  });

  it('the state moves forward only: ACQUISITION → OWNERSHIP → SOLD; deleting only in ACQUISITION', async () => {
    const created = (await send('post', 'realties/purchased/', body())).body;
    const back = await send('patch', `realties/purchased/${created.id}/`, { state: 'OWNERSHIP' });
    expect(back.status).toBe(400);
    const owned = await send('patch', `realties/purchased/${created.id}/`, { state: 'OWNERSHIP', purchase_price: '2450000.00', purchased_on: '2026-06-30' });
    expect(owned.status, owned.text).toBe(200);
    expect(owned.body).toMatchObject({ state: 'OWNERSHIP', purchase_price: '2450000.00', purchased_on: '2026-06-30' });
    const backwards = await send('patch', `realties/purchased/${created.id}/`, { state: 'ACQUISITION' });
    expect(backwards.body.state).toEqual(['Stav koupené nemovitosti se mění jen vpřed: nabytí → vlastnictví → prodáno.']);
    const deleted = await send('delete', `realties/purchased/${created.id}/`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.detail).toContain('Probíhá nabytí');
    const sold = await send('patch', `realties/purchased/${created.id}/`, { state: 'SOLD', sale_price: '2990000', sold_on: '2026-11-20' });
    expect(sold.body).toMatchObject({ state: 'SOLD', sale_price: '2990000.00', sold_on: '2026-11-20', purchase_price: '2450000.00' });
    expect(await ctx.deps.prisma.auditLog.count({ where: { action: 'realty.purchase.state', entityId: String(created.id) } })).toBe(2);

    const mistake = (await send('post', 'realties/purchased/', body({ deal_id: null, realty: { type: 'LAND', city: 'Tišnov' } }))).body;
    expect((await send('delete', `realties/purchased/${mistake.id}/`)).status).toBe(204);
    expect((await get(`realties/purchased/${mistake.id}/`)).status).toBe(404);
    expect(await ctx.deps.prisma.realty.findUnique({ where: { id: mistake.realty.id } })).toBeNull();
  });

  it('PUT replaces: fields left out are cleared', async () => {
    const created = (await send('post', 'realties/purchased/', body({ note: 'poznámka' }))).body;
    const put = await send('put', `realties/purchased/${created.id}/`, { realty: { type: 'FLAT', city: 'Brno' } });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ state: 'ACQUISITION', deal: null, note: null, realty: { type: 'FLAT', city: 'Brno', whole_address: 'Brno', lv_number: null, cadastral_area_code: null } });
  });

  it('two changes of one property at once take turns: both land, neither is lost', async () => {
    const created = (await send('post', 'realties/purchased/', body())).body;
    const [a, b] = await Promise.all([
      send('patch', `realties/purchased/${created.id}/`, { state: 'OWNERSHIP', purchase_price: '1000000', purchased_on: '2026-01-01' }),
      send('patch', `realties/purchased/${created.id}/`, { note: 'Klíče předány' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await get(`realties/purchased/${created.id}/`)).body).toMatchObject({ state: 'OWNERSHIP', note: 'Klíče předány', purchase_price: '1000000.00' });
  });

  it('GET lists with the spec’s active_deal, search, state, page and page_size', async () => {
    const all = await get('realties/purchased/?page_size=100');
    expect(all.status).toBe(200);
    const states = all.body.results.map((r: { state: string }) => r.state);
    expect((await get('realties/purchased/?state=SOLD')).body.count).toBe(states.filter((s: string) => s === 'SOLD').length);
    expect((await get('realties/purchased/?state=OWNERSHIP')).body.results.every((r: { state: string }) => r.state === 'OWNERSHIP')).toBe(true);
    // `other` is in CONTRACT_SIGN: not serviced yet; once ACTIVE its properties count as active_deal=true.
    expect((await get('realties/purchased/?active_deal=true')).body.count).toBe(0);
    await ctx.deps.prisma.deal.update({ where: { id: other.id }, data: { state: 'ACTIVE' } });
    const active = (await get('realties/purchased/?active_deal=true')).body;
    expect(active.count).toBe(all.body.results.filter((r: { deal: { id: number } | null }) => r.deal?.id === other.id).length);
    expect((await get('realties/purchased/?active_deal=false')).body.count).toBe(all.body.count - active.count);
    expect(ids((await get('realties/purchased/?search=tišnov')).body)).toEqual([]);
    expect((await get('realties/purchased/?search=lipov')).body.count).toBeGreaterThan(0);
    const paged = await get('realties/purchased/?page_size=1&page=2');
    expect(paged.body.results).toHaveLength(1);
    expect(paged.body.previous).toContain('page_size=1');
    const bad = await get('realties/purchased/?state=RENTED&active_deal=mozna&page_size=0');
    expect(bad.status).toBe(400);
    expect(bad.body.active_deal).toEqual(['Zadejte true nebo false.']);
    expect(bad.body.state).toBeTruthy();
    expect(bad.body.page_size).toBeTruthy();
  });

  it('reading is everyone’s, writing needs realties.write', async () => {
    expect((await get('realties/purchased/', viewer)).status).toBe(200);
    expect((await send('post', 'realties/purchased/', body(), viewer)).status).toBe(403);
    expect((await send('post', 'realties/purchased/', body(), collector)).status).toBe(403);
    expect((await send('post', 'realty-group/', { deal_id: deal.id, name: 'X', realties: [] }, viewer)).status).toBe(403);
  });
});
