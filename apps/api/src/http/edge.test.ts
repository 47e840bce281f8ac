import { dateMessages } from '@lending/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { bearer } from '../../test/fixtures/auth.ts';
import { edgeMessages, forbiddenJsonValues, jsonDepthExceeds, MAX_JSON_DEPTH } from './edge.ts';
import { messages } from './errors.ts';

// The edge layer on the requests that answered 500 before it (issue 11), each now a 400 with
// a message saying where. The fuzz test (fuzz.test.ts) covers the rest of the variety.

let ctx: TestContext;
let admin: string;
let basic: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.login('ADMIN')).access;
  basic = `Basic ${Buffer.from(`${ctx.deps.config.CRM_WEBHOOK_USER}:${ctx.deps.secrets.crmWebhookPassword}`).toString('base64')}`;
});
afterAll(() => ctx.close());

const json = (path: string, text: string) => ctx.http().post(path).set('Content-Type', 'application/json').send(text);
const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('the edge refuses what no handler should see', () => {
  it('NUL and malformed percent-encoding in the path', async () => {
    expect(await ctx.http().get('/api/v1/forms/%00/')).toMatchObject({ status: 400, body: { path: [edgeMessages.badText] } });
    expect(await ctx.http().get('/api/v1/forms/a%00b/preview/')).toMatchObject({ status: 400, body: { path: [edgeMessages.badText] } });
    expect(await ctx.http().get('/api/v1/forms/%ZZ/')).toMatchObject({ status: 400, body: { path: [edgeMessages.badEncoding] } });
    // A lone surrogate has no UTF-8 form: its three bytes are not UTF-8.
    expect(await ctx.http().get('/api/v1/bank-sandbox/%ED%A0%80/')).toMatchObject({ status: 400, body: { path: [edgeMessages.badEncoding] } });
    // Not the portal's pages: a marketing link with a stray '%' still opens the portal.
    expect((await ctx.http().get('/?utm_campaign=50%sleva')).status).not.toBe(400);
  });

  it('NUL and malformed encoding in the query, by parameter', async () => {
    const res = await ctx.http().get('/api/v1/audit-log/?action=a%00b&entity=%C3&page=1').set(bearer(admin));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ action: [edgeMessages.badText], entity: [edgeMessages.badEncoding] });
    expect((await ctx.http().post('/api/v1/forms/?utm_source=%00').send({})).body).toEqual({ utm_source: [edgeMessages.badText] });
    // Ordinary text passes: Czech, emoji, plus as space.
    expect((await ctx.http().get('/api/v1/audit-log/?action=p%C5%99ihl%C3%A1%C5%A1en%C3%AD+%F0%9F%92%A5').set(bearer(admin))).status).toBe(200);
  });

  it('lone surrogates and NUL in JSON values and keys, by field', async () => {
    const res = await json('/api/v1/forms/', '{"type":"CONSUMER_LOAN","value":100000,"installment_value":2000,"first_name":"\\ud800","address":{"street":"a\\u0000b"}}');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ first_name: [edgeMessages.badText], 'address.street': [edgeMessages.badText] });
    expect((await json('/api/v1/address/suggest', '{"fieldType":"STREET","values":{"\\udc00":"x"}}')).body).toEqual({ values: [edgeMessages.badText] });
    expect((await json('/api/v1/forms/', '[{"\\u0000":1}]')).body).toEqual({ '0': [edgeMessages.badText] });
    const webhook = await ctx.http().post('/api/v1/webhooks/pipedrive/person/added/').set('Authorization', basic).set('Content-Type', 'application/json').send('{"current":{"id":"\\ud83d"}}');
    expect(webhook).toMatchObject({ status: 400, body: { 'current.id': [edgeMessages.badText] } });
  });

  it('numbers JSON cannot carry: 1e309 and beyond 2^53', async () => {
    const res = await json('/api/v1/forms/', '{"type":"CONSUMER_LOAN","value":1e309,"installment_value":9223372036854775808}');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ value: [edgeMessages.numberOutOfRange], installment_value: [edgeMessages.numberOutOfRange] });
  });

  it(`JSON nested deeper than ${MAX_JSON_DEPTH} levels, on the webhooks too`, async () => {
    const webhook = (text: string) => ctx.http().post('/api/v1/webhooks/pipedrive/person/updated/').set('Authorization', basic).set('Content-Type', 'application/json').send(text);
    expect(await webhook(nested(100))).toMatchObject({ status: 400, body: { non_field_errors: [edgeMessages.tooDeep] } });
    expect(await webhook('['.repeat(400_000) + ']'.repeat(400_000))).toMatchObject({ status: 400, body: { non_field_errors: [edgeMessages.tooDeep] } });
    expect((await webhook(`{"meta":${nested(MAX_JSON_DEPTH - 1)}}`)).status).toBe(200);
  });

  it('JSON in another charset than UTF-8', async () => {
    const res = await ctx.http().post('/api/v1/forms/').set('Content-Type', 'application/json; charset=utf-16le').send(Buffer.from('{"type":"CONSUMER_LOAN"}', 'utf16le'));
    expect(res).toMatchObject({ status: 415, body: { detail: messages.unsupportedMediaType } });
  });

  it('dates outside 1900–2100 are a field message (year 0 was a database error)', async () => {
    for (const [path, field] of [
      ['/api/v1/audit-log/?date_from=0000-01-01', 'date_from'],
      ['/api/v1/leads/?created_to=2101-01-01', 'created_to'],
      ['/api/v1/leads/?created_from=1899-12-31', 'created_from'],
    ] as const) {
      const res = await ctx.http().get(path).set(bearer(admin));
      expect(res.status, path).toBe(400);
      expect(res.body, path).toEqual({ [field]: [dateMessages.range] });
    }
    expect((await ctx.http().get('/api/v1/leads/?created_from=1900-01-01&created_to=2100-12-31').set(bearer(admin))).status).toBe(200);
  });

  it('a question with the token in the body and an uncoercible value is a 400 (was an unmergeable intersection, 500)', async () => {
    for (const value of [null, '   ', 'abc', {}]) {
      const res = await ctx.http().post('/api/v1/forms/question/').send({ token: 'x'.repeat(32), type: 'SAVE_APPLICATION_OFFER', value, installment_value: 4000 });
      expect(res.status, String(value)).toBe(400);
      expect(Object.keys(res.body)).toEqual(['value']);
    }
  });
});

describe('edge checks', () => {
  it('count depth on raw bytes, ignoring brackets in strings and escaped quotes', () => {
    const bytes = (text: string) => Buffer.from(text);
    expect(jsonDepthExceeds(bytes(nested(3)), 3)).toBe(false);
    expect(jsonDepthExceeds(bytes(nested(4)), 3)).toBe(true);
    expect(jsonDepthExceeds(bytes('{"a":"[[[[[[\\"[[[[","b":[1,[2]]}'), 3)).toBe(false);
    expect(jsonDepthExceeds(bytes('[{"ř":"{{{{"}, [], [[1]]]'), 3)).toBe(false);
  });

  it('walk values iteratively: 100,000 levels do not overflow the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(Object.values(forbiddenJsonValues(deep))).toEqual([[edgeMessages.badText]]);
    expect(forbiddenJsonValues({ a: [1, 'ok', { b: -0, c: 2 ** 53 - 1, d: 'Žluťoučký kůň 🐎' }] })).toEqual({});
    expect(forbiddenJsonValues({ a: [Infinity, -(2 ** 53)] })).toEqual({ 'a.0': [edgeMessages.numberOutOfRange], 'a.1': [edgeMessages.numberOutOfRange] });
  });
});
