import { addressSuggestResponse, type AddressSuggestResponse } from '@lending/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { loadBundledAddresses } from '../../integrations/address/load-bundled-addresses.ts';

const PATH = '/api/v1/address/suggest';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function suggest(body: unknown): Promise<AddressSuggestResponse> {
  const res = await ctx.http().post(PATH).send(body as object);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // Every answer has exactly the contract's shape.
  return addressSuggestResponse.strict().parse(res.body);
}

const wholeAddresses = (answer: AddressSuggestResponse) => answer.suggestions.map((s) => s.values.WHOLE_ADDRESS);

describe('the bundled address list', () => {
  it('is in every database, in Czech format, and is loaded only once', async () => {
    const count = await ctx.deps.prisma.address.count();
    expect(count).toBeGreaterThanOrEqual(5000);
    const sample = await ctx.deps.prisma.address.findMany({ take: 400, orderBy: { id: 'asc' }, skip: 3000 });
    for (const a of sample) {
      expect(a.zip).toMatch(/^\d{3} \d{2}$/);
      expect(a.number).toMatch(/^\d{1,4}(\/\d{1,3})?$/);
      expect(a.wholeAddress).toBe(`${a.street ?? a.city} ${a.number}, ${a.zip} ${a.cityPart ?? a.city}`);
      expect(a.searchText).toMatch(/^[a-z0-9 |]+$/);
      expect(a.region).toMatch(/kraj$|^Hlavní město Praha$/);
      expect(a.district).toBeTruthy();
    }
    expect(await loadBundledAddresses(ctx.deps.prisma)).toBe(0);
    expect(await ctx.deps.prisma.address.count()).toBe(count);
  });
});

describe('POST /api/v1/address/suggest (bundled list)', () => {
  it('answers SmartForm-shaped complete addresses and echoes the id', async () => {
    const answer = await suggest({ id: 42, fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: 'Masarykova 12 Brno' }, country: 'CZ', limit: 5 });
    expect(answer).toMatchObject({ resultCode: 'OK', errorMessage: null, id: 42 });
    expect(answer.suggestions[0]).toEqual({
      fieldType: 'WHOLE_ADDRESS',
      wholeAddress: true,
      values: {
        WHOLE_ADDRESS: expect.stringMatching(/^Masarykova \d+\/12, 602 00 Brno$/),
        STREET: 'Masarykova',
        NUMBER: expect.stringMatching(/^\d+\/12$/),
        STREET_AND_NUMBER: expect.stringMatching(/^Masarykova \d+\/12$/),
        CITY: 'Brno',
        ZIP: '602 00',
        DISTRICT: 'Brno-město',
        REGION: 'Jihomoravský kraj',
      },
    });
    const text = await suggest({ id: 'pole-1', fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: 'Brno' } });
    expect(text.id).toBe('pole-1');
    const none = await suggest({ fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: 'Brno' } });
    expect(none.id).toBeNull();
  });

  it('ignores diacritics and case: "namesti miru" finds "náměstí Míru"', async () => {
    const plain = await suggest({ fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: 'namesti miru zlin' } });
    expect(plain.suggestions.length).toBeGreaterThan(0);
    for (const s of plain.suggestions) expect(s.values.WHOLE_ADDRESS).toMatch(/^náměstí Míru .*, 760 01 Zlín$/);
    const accented = await suggest({ fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: 'NÁMĚSTÍ MÍRU Zlín' } });
    expect(wholeAddresses(accented)).toEqual(wholeAddresses(plain));
    const anywhere = await suggest({ fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: 'namesti miru' } });
    expect(anywhere.suggestions.length).toBe(10);
    for (const s of anywhere.suggestions) expect(s.values.STREET).toBe('náměstí Míru');
  });

  it('finds a street and number typed as the user types them, in any order', async () => {
    const [first] = (await suggest({ fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: 'brno masarykova 12' } })).suggestions;
    expect(first?.values.STREET_AND_NUMBER).toMatch(/^Masarykova \d+\/12$/);
    const prefix = await suggest({ fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: 'Masaryk' } });
    for (const s of prefix.suggestions) expect(s.values.WHOLE_ADDRESS).toMatch(/^Masaryk/);

    const byFields = await suggest({
      fieldType: 'STREET_AND_NUMBER',
      values: { STREET_AND_NUMBER: 'Masarykova 2', CITY: 'Brno', ZIP: '602 00' },
    });
    expect(byFields.suggestions.length).toBeGreaterThan(0);
    for (const s of byFields.suggestions) {
      expect(s.fieldType).toBe('STREET_AND_NUMBER');
      expect(s.values.STREET_AND_NUMBER).toMatch(/^Masarykova (2|\d+\/2)/);
      expect(s.values.CITY).toBe('Brno');
    }
    // The exact house number first: "…/2" before "…/20", "…/21".
    expect(byFields.suggestions[0]?.values.NUMBER).toMatch(/^(\d+\/)?2$/);

    const number = await suggest({ fieldType: 'NUMBER', values: { STREET: 'Masarykova', CITY: 'Brno', NUMBER: '1' } });
    expect(number.suggestions[0]?.values.NUMBER).toMatch(/^\d+\/1$/);
    for (const s of number.suggestions) expect(s.values.WHOLE_ADDRESS).toMatch(/^Masarykova (1\d*\/\d+|\d+\/1\d*), 602 00 Brno$/);
  });

  it('numbers village houses after the village', async () => {
    const answer = await suggest({ fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: 'dolni becva' } });
    expect(answer.suggestions.length).toBe(10);
    for (const s of answer.suggestions) {
      expect(s.values.WHOLE_ADDRESS).toMatch(/^Dolní Bečva \d+, 756 55 Dolní Bečva$/);
      expect(s.values).toMatchObject({ STREET: 'Dolní Bečva', CITY: 'Dolní Bečva', DISTRICT: 'Vsetín', REGION: 'Zlínský kraj' });
    }
  });

  it('suggests towns for a ZIP or a town name', async () => {
    const zip = await suggest({ fieldType: 'ZIP', values: { ZIP: '602' } });
    expect(zip.suggestions[0]).toEqual({
      fieldType: 'ZIP',
      wholeAddress: false,
      values: { WHOLE_ADDRESS: '602 00 Brno', CITY: 'Brno', ZIP: '602 00', DISTRICT: 'Brno-město', REGION: 'Jihomoravský kraj' },
    });
    expect(wholeAddresses(await suggest({ fieldType: 'ZIP', values: { ZIP: '602 00' } }))).toEqual(['602 00 Brno']);
    const zipInWhole = await suggest({ fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: '60200' } });
    for (const s of zipInWhole.suggestions) expect(s.values.ZIP).toBe('602 00');

    const city = await suggest({ fieldType: 'CITY', values: { CITY: 'usti' } });
    expect(city.suggestions.map((s) => s.values.CITY).sort()).toEqual(['Ústí nad Labem', 'Ústí nad Orlicí']);
    const brno = await suggest({ fieldType: 'CITY', values: { CITY: 'br' } });
    // Towns starting with what was typed, the largest first; no street is offered as a town.
    expect(brno.suggestions[0]?.values.CITY).toBe('Brno');
    expect(brno.suggestions.map((s) => s.values.CITY)).toEqual(expect.arrayContaining(['Břeclav', 'Bruntál']));
    for (const s of brno.suggestions) expect(s.values.CITY).toMatch(/(^| )(Br|Bř)/);
    const prague = await suggest({ fieldType: 'CITY', values: { CITY: 'Praha 10' } });
    expect(prague.suggestions[0]?.values).toMatchObject({ WHOLE_ADDRESS: '100 00 Praha 10', CITY: 'Praha 10', ZIP: '100 00' });
  });

  it('suggests streets of a town, districts and regions', async () => {
    const streets = await suggest({ fieldType: 'STREET', values: { STREET: 'mas', CITY: 'Brno' } });
    expect(streets.suggestions.length).toBeGreaterThan(0);
    const names = streets.suggestions.map((s) => s.values.STREET);
    expect(new Set(names).size).toBe(names.length);
    for (const s of streets.suggestions) {
      expect(s.values).toMatchObject({ CITY: 'Brno', ZIP: '602 00' });
      expect(s.values.WHOLE_ADDRESS).toBe(`${s.values.STREET}, 602 00 Brno`);
      expect(s.values.NUMBER).toBeUndefined();
    }
    expect(names).toContain('Masarykova');

    const districts = await suggest({ fieldType: 'DISTRICT', values: { DISTRICT: 'brno' } });
    expect(wholeAddresses(districts).sort()).toEqual(['okres Brno-město, Jihomoravský kraj', 'okres Brno-venkov, Jihomoravský kraj']);
    const regions = await suggest({ fieldType: 'REGION', values: { REGION: 'jiho' } });
    expect(new Set(wholeAddresses(regions))).toEqual(new Set(['Jihočeský kraj', 'Jihomoravský kraj']));
  });

  it('forgives a typo', async () => {
    const [first] = (await suggest({ fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: 'Masarikova 12 Brno' } })).suggestions;
    expect(first?.values.WHOLE_ADDRESS).toMatch(/^Masarykova \d+\/12, 602 00 Brno$/);
    const town = await suggest({ fieldType: 'CITY', values: { CITY: 'Beorun' } });
    expect(town.suggestions[0]?.values.CITY).toBe('Beroun');
  });

  it('returns at most `limit` suggestions: 10 by default, 1 to 20', async () => {
    expect((await suggest({ fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: 'Praha' } })).suggestions).toHaveLength(10);
    expect((await suggest({ fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: 'Praha' }, limit: 1 })).suggestions).toHaveLength(1);
    expect((await suggest({ fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: 'Praha' }, limit: 20 })).suggestions).toHaveLength(20);
  });

  it('answers OK with no suggestions for empty input, nonsense, and Slovak addresses (Czech list only)', async () => {
    expect(await suggest({ fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: '   ' } })).toEqual({ resultCode: 'OK', errorMessage: null, id: null, suggestions: [] });
    expect((await suggest({ fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: 'qqxxzzww' } })).suggestions).toEqual([]);
    expect((await suggest({ fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: '%_\\' } })).suggestions).toEqual([]);
    const sk = await suggest({ id: 3, fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: 'Hlavná 1 Bratislava' }, country: 'SK' });
    expect(sk).toEqual({ resultCode: 'OK', errorMessage: null, id: 3, suggestions: [] });
    const lower = await suggest({ fieldType: 'CITY', values: { CITY: 'Brno' }, country: 'cz' });
    expect(lower.suggestions[0]?.values.CITY).toBe('Brno');
  });
});

describe('POST /api/v1/address/suggest: bad input', () => {
  const cases: [string, unknown, Record<string, unknown>][] = [
    ['no body', undefined, { non_field_errors: ['Pole je povinné'] }],
    ['no fieldType', { values: { WHOLE_ADDRESS: 'Brno' } }, { fieldType: ['Pole je povinné'] }],
    ['an unknown fieldType', { fieldType: 'STATE', values: {} }, { fieldType: [expect.stringContaining('Neplatná možnost')] }],
    ['no values', { fieldType: 'CITY' }, { values: ['Pole je povinné'] }],
    ['values without the edited field', { fieldType: 'CITY', values: { ZIP: '602' } }, { 'values.CITY': ['Pole je povinné'] }],
    ['an unknown value key', { fieldType: 'CITY', values: { CITY: 'Brno', COUNTY: 'x' } }, { values: [expect.stringContaining('COUNTY')] }],
    ['a value that is not text', { fieldType: 'CITY', values: { CITY: 5 } }, { 'values.CITY': [expect.stringContaining('řetězec')] }],
    ['a value over 200 characters', { fieldType: 'CITY', values: { CITY: 'a'.repeat(201) } }, { 'values.CITY': ['Zadejte nejvýše 200 znaků.'] }],
    ['an unknown country', { fieldType: 'CITY', values: { CITY: 'Wien' }, country: 'AT' }, { country: ['Podporované země jsou CZ a SK.'] }],
    ['limit 0', { fieldType: 'CITY', values: { CITY: 'Brno' }, limit: 0 }, { limit: ['Zadejte číslo od 1 do 20.'] }],
    ['limit 21', { fieldType: 'CITY', values: { CITY: 'Brno' }, limit: 21 }, { limit: ['Zadejte číslo od 1 do 20.'] }],
    ['a fractional limit', { fieldType: 'CITY', values: { CITY: 'Brno' }, limit: 2.5 }, { limit: ['Zadejte celé číslo.'] }],
    ['a limit in text', { fieldType: 'CITY', values: { CITY: 'Brno' }, limit: '5' }, { limit: [expect.stringContaining('číslo')] }],
    ['a negative id', { id: -1, fieldType: 'CITY', values: { CITY: 'Brno' } }, { id: [expect.any(String)] }],
  ];
  for (const [name, body, errors] of cases) {
    it(`answers 400 with Czech field errors for ${name}`, async () => {
      const res = await ctx.http().post(PATH).send(body as object);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errors);
    });
  }

  it('answers 400 to malformed JSON and 405 to GET', async () => {
    const res = await ctx.http().post(PATH).set('Content-Type', 'application/json').send('{"fieldType":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ non_field_errors: ['Tělo požadavku není platný JSON.'] });
    const get = await ctx.http().get(PATH);
    expect(get.status).toBe(405);
  });

  it('is documented in the OpenAPI document', async () => {
    const res = await ctx.http().get('/api/v1/schema.yaml?format=json');
    const op = JSON.parse(res.text).paths[PATH].post;
    expect(op.security).toEqual([]);
    expect(op.requestBody.content['application/json'].schema.required).toEqual(['fieldType', 'values']);
    expect(Object.keys(op.responses)).toEqual(['200', '400', '429']);
  });
});
