import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { HttpSmsGateway, SmsFailed, smsGatewayFor, type SmsMessage } from './index.ts';

// A gateway on this machine that records each request and answers as the test says.
interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
type Answer = (res: http.ServerResponse) => void;

let server: http.Server;
let base: string;
let refusedUrl: string;
let recorded: Recorded[] = [];
let answer: Answer;

const json = (status: number, body: unknown): Answer => (res) => {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      recorded.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port nobody listens on: connection refused.
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  refusedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/api/v1/messages`;
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(async () => {
  // The test of a gateway that never answers leaves its request open.
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  recorded = [];
  answer = json(201, { id: 'msg-81723' });
});

const message: SmsMessage = { to: '+420601123456', text: 'Pripominame splatku 7 500 Kc splatnou 15. 3. 2026.', reference: 'outbox-42' };
const gateway = (options: Partial<ConstructorParameters<typeof HttpSmsGateway>[0]> = {}) =>
  new HttpSmsGateway({ url: `${base}/api/v1/messages`, token: 'tajny-token', sender: 'PujckaCZ', timeoutMs: 5_000, ...options });
const signal = () => new AbortController().signal;

async function failure(promise: Promise<unknown>): Promise<SmsFailed> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsFailed);
  return error as SmsFailed;
}

describe('HttpSmsGateway', () => {
  it('posts the message as JSON with the Bearer token and answers the gateway id', async () => {
    await expect(gateway().send(message, signal())).resolves.toEqual({ providerId: 'msg-81723' });
    expect(recorded).toHaveLength(1);
    const [request] = recorded;
    expect(request).toMatchObject({ method: 'POST', url: '/api/v1/messages' });
    expect(request!.headers.authorization).toBe('Bearer tajny-token');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body)).toEqual({ to: '+420601123456', text: message.text, reference: 'outbox-42', sender: 'PujckaCZ' });
  });

  it('sends no Authorization or sender when none is configured, Czech text as UTF-8, and takes a numeric id', async () => {
    answer = json(200, { id: 5_551_234 });
    const czech = { ...message, text: 'Připomínáme splátku 7 500 Kč.', reference: 'outbox-43' };
    await expect(gateway({ token: undefined, sender: undefined }).send(czech, signal())).resolves.toEqual({ providerId: '5551234' });
    expect(recorded[0]!.headers.authorization).toBeUndefined();
    expect(JSON.parse(recorded[0]!.body)).toEqual({ to: '+420601123456', text: 'Připomínáme splátku 7 500 Kč.', reference: 'outbox-43' });
  });

  it('refuses a number that is not E.164 without calling the gateway', async () => {
    for (const to of ['601 123 456', '601123456', '+420 601 123 456', '00420601123456', '+0601123456']) {
      const error = await failure(gateway().send({ ...message, to }, signal()));
      expect(error).toMatchObject({ retryable: false, message: 'Telefonní číslo příjemce není v mezinárodním tvaru E.164 (např. +420601123456).' });
    }
    expect(recorded).toEqual([]);
  });

  it('gives up on a 4xx with the gateway’s own reason', async () => {
    answer = json(400, { error: 'Neplatné číslo příjemce' });
    expect(await failure(gateway().send(message, signal()))).toMatchObject({ retryable: false, message: 'SMS brána zprávu odmítla (HTTP 400): Neplatné číslo příjemce' });
    answer = json(422, { error: { message: 'Text is too long' } });
    expect(await failure(gateway().send(message, signal()))).toMatchObject({ retryable: false, message: 'SMS brána zprávu odmítla (HTTP 422): Text is too long' });
    answer = (res) => res.writeHead(402, { 'Content-Type': 'text/plain' }).end('Insufficient\n credit');
    expect(await failure(gateway().send(message, signal()))).toMatchObject({ retryable: false, message: 'SMS brána zprávu odmítla (HTTP 402): Insufficient credit' });
    answer = (res) => res.writeHead(404).end();
    expect(await failure(gateway().send(message, signal()))).toMatchObject({ retryable: false, message: 'SMS brána zprávu odmítla (HTTP 404).' });
  });

  it('gives up when the gateway refuses the token', async () => {
    answer = json(401, { error: 'invalid token' });
    expect(await failure(gateway().send(message, signal()))).toMatchObject({ retryable: false, message: 'SMS brána odmítla přístup (HTTP 401): zkontrolujte přístupový token SMS_GATEWAY_TOKEN.' });
  });

  it('retries 5xx and 429', async () => {
    answer = json(503, { error: 'maintenance' });
    expect(await failure(gateway().send(message, signal()))).toMatchObject({ retryable: true, message: 'SMS brána je dočasně nedostupná (HTTP 503).', detail: 'gateway answered 503' });
    answer = json(429, { error: 'rate limited' });
    expect(await failure(gateway().send(message, signal()))).toMatchObject({ retryable: true, message: 'SMS brána dočasně omezila počet zpráv (HTTP 429).' });
  });

  it('fails for good when a 2xx has no id: the message may have gone out, so no blind retry', async () => {
    answer = json(200, { status: 'queued' });
    expect(await failure(gateway().send(message, signal()))).toMatchObject({ retryable: false, message: expect.stringMatching(/^SMS brána zprávu přijala, ale v odpovědi chybí její identifikátor/) });
  });

  it('retries a gateway that does not answer in time', async () => {
    answer = () => {};
    const started = Date.now();
    const error = await failure(gateway({ timeoutMs: 200 }).send(message, signal()));
    expect(error).toMatchObject({ retryable: true, message: 'SMS brána neodpověděla včas (do 0,2 s).' });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(recorded).toHaveLength(1);
  });

  it('retries a gateway that refuses connections', async () => {
    const error = await failure(gateway({ url: refusedUrl }).send(message, signal()));
    expect(error).toMatchObject({ retryable: true, message: 'SMS brána není dostupná (ECONNREFUSED).' });
  });

  it('leaves the caller’s own abort (job time-out, shutdown) to the caller', async () => {
    answer = () => {};
    const controller = new AbortController();
    const stop = new Error('shutdown');
    setTimeout(() => controller.abort(stop), 50);
    await expect(gateway().send(message, controller.signal)).rejects.toBe(stop);
  });
});

describe('smsGatewayFor', () => {
  it('has no gateway in the sandbox', () => {
    expect(smsGatewayFor({ config: loadConfig({}, '/srv') })).toBeNull();
  });

  it('sends through SMS_GATEWAY_URL with SMS_GATEWAY_TOKEN and SMS_SENDER, one gateway per configuration', async () => {
    const config = loadConfig({ SMS_PROVIDER: 'http', SMS_GATEWAY_URL: `${base}/sms/send`, SMS_GATEWAY_TOKEN: 'z-konfigurace', SMS_SENDER: 'Pujcka' }, '/srv');
    const sms = smsGatewayFor({ config });
    expect(sms).toBeInstanceOf(HttpSmsGateway);
    expect(smsGatewayFor({ config })).toBe(sms);
    await expect(sms!.send(message, signal())).resolves.toEqual({ providerId: 'msg-81723' });
    expect(recorded[0]).toMatchObject({ url: '/sms/send', headers: expect.objectContaining({ authorization: 'Bearer z-konfigurace' }) });
    expect(JSON.parse(recorded[0]!.body)).toMatchObject({ sender: 'Pujcka', reference: 'outbox-42' });
  });
});
