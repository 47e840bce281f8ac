import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { escapeSlackText, parseRetryAfter, SlackFailed, slackNotifierFor, SlackWebhook } from './index.ts';

// An incoming webhook on this machine that records each request and answers as the test says.
interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
type Answer = (res: http.ServerResponse) => void;

let server: http.Server;
let webhookUrl: string;
let refusedUrl: string;
let recorded: Recorded[] = [];
let answer: Answer;

const text = (status: number, body: string, headers: Record<string, string> = {}): Answer => (res) => {
  res.writeHead(status, { 'Content-Type': 'text/html', ...headers });
  res.end(body);
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
  webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/services/T0001/B0002/tajnyklic`;
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  refusedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/services/T0001/B0002/tajnyklic`;
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  recorded = [];
  // What Slack answers to a message it took.
  answer = text(200, 'ok');
});

const signal = () => new AbortController().signal;
const webhook = (timeoutMs = 5_000) => new SlackWebhook(webhookUrl, { timeoutMs });

async function failure(promise: Promise<unknown>): Promise<SlackFailed> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SlackFailed);
  // Whoever has the webhook URL can post: it must not leak into what staff or logs see.
  expect((error as Error).message).not.toContain('tajnyklic');
  return error as SlackFailed;
}

describe('SlackWebhook', () => {
  it('posts text and blocks as JSON to the webhook URL', async () => {
    const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: '*Nová žádost* o úvěr 280 000 Kč' } }];
    await expect(webhook().post({ text: 'Nová žádost o úvěr 280 000 Kč', blocks }, signal())).resolves.toBeUndefined();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ method: 'POST', url: '/services/T0001/B0002/tajnyklic' });
    expect(recorded[0]!.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(recorded[0]!.body)).toEqual({ text: 'Nová žádost o úvěr 280 000 Kč', blocks });
  });

  it('sends no blocks key for a text-only message', async () => {
    await webhook().post({ text: 'Uzávěrka dne proběhla.' }, signal());
    expect(JSON.parse(recorded[0]!.body)).toEqual({ text: 'Uzávěrka dne proběhla.' });
  });

  it('gives up on Slack’s 4xx codes, explaining them in Czech', async () => {
    answer = text(400, 'invalid_payload');
    expect(await failure(webhook().post({ text: 'x' }, signal()))).toMatchObject({ retryable: false, message: 'Slack zprávu odmítl jako neplatnou (invalid_payload).', retryAfterMs: undefined });
    answer = text(404, 'no_service');
    expect(await failure(webhook().post({ text: 'x' }, signal()))).toMatchObject({ retryable: false, message: 'Slack webhook neexistuje nebo byl zrušen (no_service): nastavte nový SLACK_WEBHOOK_URL.' });
    answer = text(410, 'channel_is_archived');
    expect(await failure(webhook().post({ text: 'x' }, signal()))).toMatchObject({ retryable: false, message: 'Kanál webhooku ve Slacku je archivovaný (channel_is_archived).' });
    answer = text(403, 'something_new\n');
    expect(await failure(webhook().post({ text: 'x' }, signal()))).toMatchObject({ retryable: false, message: 'Slack zprávu odmítl (HTTP 403: something_new).' });
  });

  it('retries 429 and exposes how long Slack asked to wait', async () => {
    answer = text(429, 'rate_limited', { 'Retry-After': '30' });
    expect(await failure(webhook().post({ text: 'x' }, signal()))).toMatchObject({ retryable: true, retryAfterMs: 30_000, message: 'Slack dočasně omezil počet zpráv (HTTP 429); další pokus nejdříve za 30 s.' });
    answer = text(429, 'rate_limited');
    expect(await failure(webhook().post({ text: 'x' }, signal()))).toMatchObject({ retryable: true, retryAfterMs: undefined, message: 'Slack dočasně omezil počet zpráv (HTTP 429).' });
  });

  it('retries 5xx, with Retry-After when given', async () => {
    answer = text(503, 'service_unavailable', { 'Retry-After': '5' });
    expect(await failure(webhook().post({ text: 'x' }, signal()))).toMatchObject({ retryable: true, retryAfterMs: 5_000, message: 'Slack je dočasně nedostupný (HTTP 503).' });
    answer = text(500, 'rollup_error');
    expect(await failure(webhook().post({ text: 'x' }, signal()))).toMatchObject({ retryable: true, retryAfterMs: undefined });
  });

  it('retries a webhook that does not answer in time', async () => {
    answer = () => {};
    const started = Date.now();
    expect(await failure(webhook(200).post({ text: 'x' }, signal()))).toMatchObject({ retryable: true, message: 'Slack neodpověděl včas.' });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('retries when the connection is refused', async () => {
    const error = await failure(new SlackWebhook(refusedUrl).post({ text: 'x' }, signal()));
    expect(error).toMatchObject({ retryable: true, message: 'Slack není dostupný (ECONNREFUSED).' });
  });

  it('leaves the caller’s own abort to the caller', async () => {
    answer = () => {};
    const controller = new AbortController();
    const stop = new Error('shutdown');
    setTimeout(() => controller.abort(stop), 50);
    await expect(webhook().post({ text: 'x' }, controller.signal)).rejects.toBe(stop);
  });
});

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP dates', () => {
    const now = Date.parse('2026-03-15T10:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Sun, 15 Mar 2026 10:01:30 GMT', now)).toBe(90_000);
    expect(parseRetryAfter('Sun, 15 Mar 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('escapeSlackText', () => {
  it('keeps a name from becoming a mention or a link', () => {
    expect(escapeSlackText('Novák <!channel> & <https://zlo.example|klikni>')).toBe('Novák &lt;!channel&gt; &amp; &lt;https://zlo.example|klikni&gt;');
  });
});

describe('slackNotifierFor', () => {
  it('has no notifier in the sandbox', () => {
    expect(slackNotifierFor({ config: loadConfig({}, '/srv') })).toBeNull();
  });

  it('posts to SLACK_WEBHOOK_URL, one notifier per configuration', async () => {
    const config = loadConfig({ SLACK_PROVIDER: 'webhook', SLACK_WEBHOOK_URL: webhookUrl }, '/srv');
    const slack = slackNotifierFor({ config });
    expect(slack).toBeInstanceOf(SlackWebhook);
    expect(slackNotifierFor({ config })).toBe(slack);
    await slack!.post({ text: 'Ahoj' }, signal());
    expect(recorded.map((r) => r.url)).toEqual(['/services/T0001/B0002/tajnyklic']);
  });
});
