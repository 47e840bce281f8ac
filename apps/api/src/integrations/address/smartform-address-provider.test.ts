import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addressSuggestRequest, addressSuggestResponse, type AddressSuggestRequestInput } from '@lending/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { eventually } from '../../../test/fixtures/eventually.ts';
import { defaultRootDir, loadConfig } from '../../config.ts';
import { freePort } from '../../db/embedded.ts';
import { addressProviderFor } from './index.ts';
import { SMARTFORM_MESSAGES, SmartformAddressProvider } from './smartform-address-provider.ts';

// Answers as SmartForm's whisperer gives them (web service "oracle", JSON over POST),
// including keys of theirs that the contract passes through (PART, CODE).
const RECORDED = {
  wholeAddress: {
    resultCode: 'OK',
    errorMessage: null,
    id: 7,
    suggestions: [
      {
        fieldType: 'WHOLE_ADDRESS',
        wholeAddress: true,
        values: {
          WHOLE_ADDRESS: 'Vinohradská 1511/230, 100 00 Praha 10',
          STREET: 'Vinohradská',
          NUMBER: '1511/230',
          STREET_AND_NUMBER: 'Vinohradská 1511/230',
          CITY: 'Praha',
          PART: 'Strašnice',
          ZIP: '100 00',
          DISTRICT: 'Hlavní město Praha',
          REGION: 'Hlavní město Praha',
          CODE: 21745137,
        },
      },
      {
        fieldType: 'WHOLE_ADDRESS',
        wholeAddress: true,
        values: { WHOLE_ADDRESS: 'Vinohradská 2165/48, 120 00 Praha 2', STREET: 'Vinohradská', NUMBER: '2165/48', CITY: 'Praha', ZIP: '120 00' },
      },
    ],
  },
  // A town suggestion without WHOLE_ADDRESS, of a field type the contract does not know.
  town: {
    resultCode: 'OK',
    errorMessage: '',
    id: 0,
    suggestions: [
      { fieldType: 'MUNICIPALITY', wholeAddress: false, values: { CITY: 'Brno', ZIP: '602 00' } },
      { fieldType: 'CITY', values: {} },
      'garbage',
    ],
  },
  fail: { resultCode: 'FAIL', errorMessage: 'Neplatné heslo', id: 7, suggestions: [] },
};

type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;

let server: http.Server;
let url: string;
let handler: Handler;
const received: { headers: http.IncomingHttpHeaders; body: unknown; method?: string }[] = [];

const json = (status: number, body: unknown): Handler => (_req, _body, res) => {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body));
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body: body ? JSON.parse(body) : undefined, method: req.method });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/smartform-ws/oracle/v10`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  handler = json(200, RECORDED.wholeAddress);
});

const request = (input: Partial<AddressSuggestRequestInput> = {}) =>
  addressSuggestRequest.parse({ id: 7, fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: 'Vinohradská' }, limit: 5, ...input });

describe('SmartformAddressProvider against a SmartForm-compatible server', () => {
  it('posts SmartForm\'s request with Basic authentication and maps the answer', async () => {
    const provider = new SmartformAddressProvider({ url, clientId: 'klient123', password: 'tajne-heslo' });
    const answer = await provider.suggest(request({ country: 'sk' }));
    expect(received).toHaveLength(1);
    expect(received[0]!.method).toBe('POST');
    expect(received[0]!.headers.authorization).toBe(`Basic ${Buffer.from('klient123:tajne-heslo').toString('base64')}`);
    expect(received[0]!.headers['content-type']).toBe('application/json');
    expect(received[0]!.body).toEqual({ id: 7, fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: 'Vinohradská' }, country: 'SK', limit: 5 });

    expect(addressSuggestResponse.strict().parse(answer)).toEqual(answer);
    expect(answer.resultCode).toBe('OK');
    expect(answer.errorMessage).toBeNull();
    expect(answer.id).toBe(7);
    expect(answer.suggestions).toHaveLength(2);
    expect(answer.suggestions[0]).toEqual({
      fieldType: 'WHOLE_ADDRESS',
      wholeAddress: true,
      values: { ...RECORDED.wholeAddress.suggestions[0]!.values, CODE: '21745137' },
    });
  });

  it('sends the password in the body when there is no client id (API v6 and older), and never a text id', async () => {
    const provider = new SmartformAddressProvider({ url, password: 'stare-heslo' });
    const answer = await provider.suggest(request({ id: 'pole-ulice' }));
    expect(received[0]!.headers.authorization).toBeUndefined();
    expect(received[0]!.body).toEqual({ fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: 'Vinohradská' }, country: 'CZ', limit: 5, password: 'stare-heslo' });
    expect(answer.id).toBe('pole-ulice');
  });

  it('keeps at most `limit` suggestions, composes a missing WHOLE_ADDRESS and drops unusable ones', async () => {
    const provider = new SmartformAddressProvider({ url });
    expect((await provider.suggest(request({ limit: 1 }))).suggestions).toHaveLength(1);
    handler = json(200, RECORDED.town);
    const answer = await provider.suggest(request({ fieldType: 'CITY', values: { CITY: 'Brn' } }));
    expect(answer).toEqual({
      resultCode: 'OK',
      errorMessage: null,
      id: 7,
      suggestions: [{ wholeAddress: false, values: { WHOLE_ADDRESS: '602 00 Brno', CITY: 'Brno', ZIP: '602 00' } }],
    });
  });

  const failures: [string, Handler, string][] = [
    ['resultCode FAIL', json(200, RECORDED.fail), SMARTFORM_MESSAGES.upstreamFail('Neplatné heslo')],
    ['HTTP 500', json(500, { error: 'Internal Server Error' }), SMARTFORM_MESSAGES.httpError(500)],
    ['HTTP 503 with an HTML page', (_q, _b, res) => res.writeHead(503, { 'Content-Type': 'text/html' }).end('<h1>Údržba</h1>'), SMARTFORM_MESSAGES.httpError(503)],
    ['HTTP 401', json(401, ''), SMARTFORM_MESSAGES.unauthorized],
    ['a body that is not JSON', json(200, '<html>proxy error</html>'), SMARTFORM_MESSAGES.invalidAnswer],
    ['truncated JSON', json(200, '{"resultCode":"OK","suggestions":[{"values":'), SMARTFORM_MESSAGES.invalidAnswer],
    ['JSON without a resultCode', json(200, { suggestions: [] }), SMARTFORM_MESSAGES.invalidAnswer],
    ['suggestions that are not a list', json(200, { resultCode: 'OK', suggestions: 'none' }), SMARTFORM_MESSAGES.invalidAnswer],
    ['a redirect', (_q, _b, res) => res.writeHead(302, { Location: 'http://127.0.0.1:1/' }).end(), SMARTFORM_MESSAGES.unreachable],
    ['a dropped connection', (req) => req.socket.destroy(), SMARTFORM_MESSAGES.unreachable],
  ];
  for (const [name, failure, message] of failures) {
    it(`answers resultCode FAIL with a Czech message on ${name}`, async () => {
      handler = failure;
      const answer = await new SmartformAddressProvider({ url }).suggest(request());
      expect(answer).toEqual({ resultCode: 'FAIL', errorMessage: message, id: 7, suggestions: [] });
    });
  }

  it('gives up after the timeout: aborts its call and answers the time-out message', async () => {
    // The server never answers: only the provider's own abort ends the call.
    let abortedByClient = false;
    handler = (_req, _body, res) => res.on('close', () => (abortedByClient = true));
    const answer = await new SmartformAddressProvider({ url, timeoutMs: 150 }).suggest(request());
    expect(answer).toEqual({ resultCode: 'FAIL', errorMessage: SMARTFORM_MESSAGES.timeout, id: 7, suggestions: [] });
    expect(received).toHaveLength(1);
    await eventually(() => abortedByClient, { what: 'the provider to close its call' });
  });

  it('answers FAIL when nothing listens', async () => {
    const port = await freePort();
    const answer = await new SmartformAddressProvider({ url: `http://127.0.0.1:${port}/` }).suggest(request());
    expect(answer).toMatchObject({ resultCode: 'FAIL', errorMessage: SMARTFORM_MESSAGES.unreachable });
  });
});

describe('ADDRESS_PROVIDER=smartform', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_FACTOR: '1000', ADDRESS_PROVIDER: 'smartform', SMARTFORM_URL: url, SMARTFORM_CLIENT_ID: 'klient', SMARTFORM_PASSWORD: 'heslo' },
      defaultRootDir(),
    );
    ctx = await createTestContext({ config });
  });
  afterAll(() => ctx.close());

  it('is chosen by the config, once per deps', () => {
    expect(addressProviderFor(ctx.deps)).toBeInstanceOf(SmartformAddressProvider);
    expect(addressProviderFor(ctx.deps)).toBe(addressProviderFor(ctx.deps));
  });

  it('serves POST /api/v1/address/suggest through SmartForm', async () => {
    const res = await ctx.http().post('/api/v1/address/suggest').send({ id: 7, fieldType: 'WHOLE_ADDRESS', values: { WHOLE_ADDRESS: 'Vinohradská' } });
    expect(res.status).toBe(200);
    expect(res.body.resultCode).toBe('OK');
    expect(res.body.suggestions[0].values.WHOLE_ADDRESS).toBe('Vinohradská 1511/230, 100 00 Praha 10');
    expect(received[0]!.body).toMatchObject({ country: 'CZ', limit: 10 });
  });

  it('answers 200 with resultCode FAIL, never a 500, when SmartForm fails', async () => {
    handler = json(500, {});
    const res = await ctx.http().post('/api/v1/address/suggest').send({ id: 8, fieldType: 'CITY', values: { CITY: 'Brno' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ resultCode: 'FAIL', errorMessage: SMARTFORM_MESSAGES.httpError(500), id: 8, suggestions: [] });
  });

  it('still validates the request before calling out', async () => {
    const res = await ctx.http().post('/api/v1/address/suggest').send({ fieldType: 'CITY', values: { CITY: 'Brno' }, limit: 50 });
    expect(res.status).toBe(400);
    expect(received).toHaveLength(0);
  });
});
