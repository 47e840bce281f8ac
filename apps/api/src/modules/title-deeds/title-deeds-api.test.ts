import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cadastralLocationView, titleDeedDetail, titleDeedListItem, titleDeedPrice } from '@lending/contracts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { findSandboxLv, sandboxTerritories } from '../../integrations/cadastre/index.ts';
import { syncCadastralLocations } from './sync-cadastral-locations.ts';

// The spec's title-deed calls (issue 25 §1, §2) on real PostgreSQL and HTTP with the sandbox
// cadastre: `page-size` as the spec spells it, the price shown before ordering, the order stored
// as received and parsed, retries and two clicks at once paying once.

let ctx: TestContext;
let staff: string;
let viewer: string;
let collector: string;
let territory: { code: string; name: string };
let lv: NonNullable<ReturnType<typeof findSandboxLv>>;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = (await ctx.login('UNDERWRITER')).access;
  viewer = (await ctx.login('VIEWER')).access;
  collector = (await ctx.login('COLLECTIONS')).access;
  await syncCadastralLocations(ctx.deps);
  territory = sandboxTerritories()[10]!;
  // An LV with two owners and at least one encumbrance today.
  lv = findSandboxLv((e) => e.owners.length === 2 && e.encumbrances.length > 0 && e.owners.every((o) => o.birth_number !== null), { territoryCode: territory.code, asOf: new Date() })!;
  expect(lv).not.toBeNull();
});
afterAll(() => ctx.close());

const get = (path: string, token = staff) => ctx.http().get(`/api/v1/title-deeds/${path}`).set(bearer(token));
const order = (body: object, token = staff) => ctx.http().post('/api/v1/title-deeds/download/').set(bearer(token)).send(body);

describe('cadastral locations', () => {
  it('the whole codebook is loaded; search without diacritics or by code; page-size honoured', async () => {
    expect(await ctx.deps.prisma.cadastralLocation.count()).toBe(sandboxTerritories().length);
    const all = await get('cadastral-locations/?page-size=5');
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(sandboxTerritories().length);
    expect(all.body.results).toHaveLength(5);
    expect(all.body.next).toContain('page-size=5');
    for (const r of all.body.results) expect(cadastralLocationView.parse(r)).toEqual(r);
    const folded = territory.name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
    const byName = await get(`cadastral-locations/?search=${encodeURIComponent(folded)}&page-size=100`);
    expect(byName.body.results.map((r: { code: string }) => r.code)).toContain(territory.code);
    const byCode = await get(`cadastral-locations/?search=${territory.code}`);
    expect(byCode.body.results).toEqual([expect.objectContaining({ code: territory.code, name: territory.name, sandbox: true })]);
    expect((await get('cadastral-locations/?search=zzzzzz-neni')).body.count).toBe(0);
  });

  it('refuses a page-size out of range in Czech', async () => {
    for (const size of ['0', '101', 'abc']) {
      const res = await get(`cadastral-locations/?page-size=${size}`);
      expect(res.status).toBe(400);
      expect(res.body['page-size']).toEqual(['Velikost stránky je 1 až 100.']);
    }
  });
});

describe('price and order', () => {
  it('GET price/ answers the price of the LV and orders nothing', async () => {
    const res = await get(`price/?cadastral_location_code=${lv.territoryCode}&code=${lv.lvNumber}`);
    expect(res.status, res.text).toBe(200);
    expect(titleDeedPrice.parse(res.body)).toEqual(res.body);
    expect(res.body).toMatchObject({ cadastral_location_code: lv.territoryCode, code: lv.lvNumber, external_id: lv.externalId, provider: 'sandbox' });
    // 100 Kč the first page and 50 Kč each further one: a whole number of fifties from 100.
    expect(Number(res.body.price) >= 100 && (Number(res.body.price) - 100) % 50 === 0).toBe(true);
    const byExternal = await get(`price/?external_id=${lv.externalId}`);
    expect(byExternal.body.price).toBe(res.body.price);
    expect(await ctx.deps.prisma.titleDeed.count()).toBe(0);
  });

  it('refuses a price without the LV, of an unknown territory or LV, in Czech', async () => {
    const none = await get('price/');
    expect(none.status).toBe(400);
    expect(none.body.code).toEqual(['Zadejte kód katastrálního území a číslo LV, nebo identifikátor LV v katastru.']);
    expect((await get('price/?cadastral_location_code=12&code=0')).body).toMatchObject({ cadastral_location_code: ['Kód katastrálního území má 6 číslic.'], code: ['Číslo listu vlastnictví je celé číslo 1 až 99999.'] });
    expect((await get('price/?cadastral_location_code=000001&code=5')).body).toEqual({ code: ['Katastrální území s tímto kódem neznáme.'] });
    expect((await get(`price/?cadastral_location_code=${territory.code}&code=5010`)).body).toEqual({ code: ['Katastr takový list vlastnictví nevede.'] });
  });

  it('POST download/ needs the price staff saw; another price is refused with the current one', async () => {
    const price = (await get(`price/?cadastral_location_code=${lv.territoryCode}&code=${lv.lvNumber}`)).body.price as string;
    const unconfirmed = await order({ cadastral_location_code: lv.territoryCode, code: lv.lvNumber });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.price).toEqual(['Potvrďte cenu výpisu (nejdřív si ji zjistěte).']);
    const wrong = await order({ cadastral_location_code: lv.territoryCode, code: lv.lvNumber, price: '1.00' });
    expect(wrong.status).toBe(409);
    expect(wrong.body).toMatchObject({ detail: `Cena výpisu se mezitím změnila na ${price.replace('.', ',')} Kč. Potvrďte prosím novou cenu.`, price });
    expect((await order({ cadastral_location_code: lv.territoryCode, code: lv.lvNumber, price }, viewer)).status).toBe(403);
    expect(await ctx.deps.prisma.titleDeed.count()).toBe(0);
  });

  let firstId: number;
  it('orders at the confirmed price: stored as received (PDF and XML), parsed, linked to the realty and its owners, audited with the price', async () => {
    const p = ctx.deps.prisma;
    const realty = await p.realty.create({ data: { type: 'FLAT', cadastralAreaCode: lv.territoryCode, lvNumber: lv.lvNumber, wholeAddress: 'Zkušební 1' } });
    const owner = lv.extract.owners[0]!;
    const person = await p.person.create({ data: { identificationType: 'BIRTH_NUMBER', firstName: 'Vlastník', lastName: 'Zkušební', birthNumber: owner.birth_number!.replace('/', '') } });
    const price = (await get(`price/?cadastral_location_code=${lv.territoryCode}&code=${lv.lvNumber}`)).body.price as string;
    const res = await order({ cadastral_location_code: lv.territoryCode, code: lv.lvNumber, price }, collector);
    expect(res.status, res.text).toBe(201);
    expect(titleDeedDetail.parse(res.body)).toEqual(res.body);
    firstId = res.body.id;
    expect(res.body).toMatchObject({
      cadastral_location_code: lv.territoryCode,
      cadastral_location_name: territory.name,
      lv_number: lv.lvNumber,
      price,
      provider: 'sandbox',
      realty_ids: [realty.id],
      previous_id: null,
      changes: [],
      history: [],
      pdf_url: `/api/v1/title-deeds/${firstId}/pdf/`,
    });
    expect(res.body.owners).toEqual(lv.extract.owners.map((o) => o.name));
    expect(res.body.extract.owners).toEqual(lv.extract.owners);
    expect(res.body.extract.encumbrances.length).toBeGreaterThan(0);
    const pdf = await ctx.http().get(res.body.pdf_url).set(bearer(viewer)).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    const row = await p.titleDeed.findUniqueOrThrow({ where: { id: firstId } });
    expect(row.dataKey).toMatch(/\.xml$/);
    expect(await p.auditLog.findFirst({ where: { action: 'title_deed.order', entityId: String(firstId) } })).toMatchObject({ changes: { price, lv_number: lv.lvNumber } });
    expect((await p.realty.findUniqueOrThrow({ where: { id: realty.id } })).titleDeedId).toBe(firstId);
    const rights = await p.realtyRight.findMany({ where: { personId: person.id } });
    expect(rights).toEqual([expect.objectContaining({ realtyId: realty.id, type: owner.kind, lvNumber: lv.lvNumber, cadastralAreaCode: lv.territoryCode })]);
  });

  it('a retry or a second click within ten minutes answers the same extract and pays nothing more', async () => {
    const price = (await get(`price/?cadastral_location_code=${lv.territoryCode}&code=${lv.lvNumber}`)).body.price as string;
    const again = await order({ cadastral_location_code: lv.territoryCode, code: lv.lvNumber, price });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(firstId);
    expect(await ctx.deps.prisma.auditLog.count({ where: { action: 'title_deed.order' } })).toBe(1);
  });

  it('two staff ordering another LV at once pay once', async () => {
    const other = findSandboxLv((e) => e.owners.length >= 1, { territoryCode: territory.code })!;
    const lvNumber = String(Number(other.lvNumber) + 1);
    const price = (await get(`price/?cadastral_location_code=${territory.code}&code=${lvNumber}`)).body.price as string;
    const results = await Promise.all([1, 2, 3].map(() => order({ cadastral_location_code: territory.code, code: lvNumber, price })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const r of results) expect([200, 201, 409]).toContain(r.status);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.detail).toBe('Výpis tohoto listu vlastnictví se právě objednává. Počkejte prosím chvíli.');
    expect(await ctx.deps.prisma.titleDeed.count({ where: { lvNumber, cadastralLocationCode: territory.code } })).toBe(1);
    expect(await ctx.deps.prisma.auditLog.count({ where: { action: 'title_deed.order', changes: { path: ['lv_number'], equals: lvNumber } } })).toBe(1);
  });

  it('GET /title-deeds/ filters by cadastral_number, lv_number and search, honouring page-size', async () => {
    const all = await get('?page-size=1');
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(2);
    expect(all.body.results).toHaveLength(1);
    expect(all.body.next).toContain('page-size=1');
    for (const r of all.body.results) expect(titleDeedListItem.parse(r)).toEqual(r);
    expect((await get(`?lv_number=${lv.lvNumber}`)).body.results.map((r: { id: number }) => r.id)).toEqual([firstId]);
    expect((await get(`?cadastral_number=${lv.territoryCode}`)).body.count).toBe(2);
    expect((await get('?cadastral_number=000001')).body.count).toBe(0);
    const surname = lv.extract.owners[0]!.name.split(' ').at(-1)!;
    expect((await get(`?search=${encodeURIComponent(surname.toLowerCase())}`)).body.results.map((r: { id: number }) => r.id)).toContain(firstId);
    const bad = await get('?cadastral_number=abc&lv_number=x&page-size=500');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['cadastral_number', 'lv_number', 'page-size']);
    expect((await get('999999/')).status).toBe(404);
  });
});
