import type { Deps } from '../../deps.ts';

export * from './gsm7.ts';

/** An outbox SMS on its way out; its text is prepared already (prepareSms). */
export interface SmsMessage {
  /** E.164, e.g. +420601123456. */
  to: string;
  text: string;
  /** The outbox row id: the same for every attempt, so the gateway can drop a repeated one. */
  reference: string;
}

export interface SmsGateway {
  /** Resolves with the gateway's id of the message once the gateway has accepted it. */
  send(message: SmsMessage, signal: AbortSignal): Promise<{ providerId: string }>;
}

/** A send that did not go through, with a Czech reason for staff. */
export class SmsFailed extends Error {
  /** Worth another attempt: network failures, time-outs, 408, 429 and 5xx. */
  readonly retryable: boolean;
  /** What happened, for the logs (no phone numbers, no texts). */
  readonly detail?: string;
  constructor(message: string, retryable: boolean, options?: ErrorOptions & { detail?: string }) {
    super(message, options);
    this.name = 'SmsFailed';
    this.retryable = retryable;
    this.detail = options?.detail;
  }
}

/**
 * What differs between gateways: the request for one message and where the answer has the
 * message id and the error text. Another gateway (a form POST, other field names) is another
 * adapter; timeouts and the meaning of HTTP statuses stay in HttpSmsGateway.
 */
export interface SmsGatewayAdapter {
  request(message: SmsMessage, account: { token?: string; sender?: string }): { headers: Record<string, string>; body: string };
  /** The message id in a 2xx answer (parsed JSON, or the raw text when it is not JSON). */
  providerId(answer: unknown): string | undefined;
  /** The gateway's own words in an error answer, if it has any. */
  errorText(answer: unknown): string | undefined;
}

/** A generic JSON gateway: POST {to, text, reference[, sender]} with a Bearer token, answer {id}. */
export const jsonSmsGateway: SmsGatewayAdapter = {
  request(message, { token, sender }) {
    return {
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ to: message.to, text: message.text, reference: message.reference, ...(sender ? { sender } : {}) }),
    };
  },
  providerId(answer) {
    const id = isObject(answer) ? answer.id : undefined;
    if (typeof id === 'number' && Number.isFinite(id)) return String(id);
    return typeof id === 'string' && id.trim() ? id.trim() : undefined;
  },
  errorText(answer) {
    if (!isObject(answer)) return undefined;
    const { error, message } = answer;
    if (typeof error === 'string') return error;
    if (isObject(error) && typeof error.message === 'string') return error.message;
    return typeof message === 'string' ? message : undefined;
  },
};

export interface HttpSmsGatewayOptions {
  url: string;
  token?: string;
  /** Alphanumeric sender id (≤ 11 characters); unset: the gateway account's default. */
  sender?: string;
  timeoutMs: number;
  adapter?: SmsGatewayAdapter;
}

const E164 = /^\+[1-9]\d{6,14}$/;

const messages = {
  badNumber: 'Telefonní číslo příjemce není v mezinárodním tvaru E.164 (např. +420601123456).',
  timeout: (ms: number) => `SMS brána neodpověděla včas (do ${(ms / 1000).toLocaleString('cs-CZ')} s).`,
  unreachable: (code: string) => `SMS brána není dostupná${code ? ` (${code})` : ''}.`,
  throttled: 'SMS brána dočasně omezila počet zpráv (HTTP 429).',
  unavailable: (status: number) => `SMS brána je dočasně nedostupná (HTTP ${status}).`,
  unauthorized: (status: number) => `SMS brána odmítla přístup (HTTP ${status}): zkontrolujte přístupový token SMS_GATEWAY_TOKEN.`,
  rejected: (status: number, reason: string) => `SMS brána zprávu odmítla (HTTP ${status})${reason ? `: ${reason}` : '.'}`,
  noId: 'SMS brána zprávu přijala, ale v odpovědi chybí její identifikátor; ověřte v bráně, zda byla odeslána.',
} as const;

/**
 * An HTTP SMS gateway: one POST per message. Failures are SmsFailed: retryable for network
 * errors, time-outs, 408, 429 and 5xx (the reference lets the gateway drop a repeat of a message
 * it did get); final for other answers, with the gateway's reason.
 */
export class HttpSmsGateway implements SmsGateway {
  readonly #options: HttpSmsGatewayOptions;
  readonly #adapter: SmsGatewayAdapter;
  constructor(options: HttpSmsGatewayOptions) {
    this.#options = options;
    this.#adapter = options.adapter ?? jsonSmsGateway;
  }

  async send(message: SmsMessage, signal: AbortSignal): Promise<{ providerId: string }> {
    if (!E164.test(message.to)) throw new SmsFailed(messages.badNumber, false, { detail: 'recipient is not E.164' });
    const { url, token, sender, timeoutMs } = this.#options;
    const { headers, body } = this.#adapter.request(message, { token, sender });
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.any([signal, timeout]) });
      text = await response.text();
    } catch (error) {
      // The caller's own abort (the job's time-out, shutdown) is the caller's to report.
      if (signal.aborted) throw signal.reason;
      if (timeout.aborted) throw new SmsFailed(messages.timeout(timeoutMs), true, { cause: error, detail: `gateway timed out after ${timeoutMs} ms` });
      const code = networkCode(error);
      throw new SmsFailed(messages.unreachable(code), true, { cause: error, detail: `gateway unreachable: ${code || (error as Error).message}` });
    }
    const { status } = response;
    const answer = parseJson(text);
    if (status >= 200 && status < 300) {
      const providerId = this.#adapter.providerId(answer);
      if (!providerId) throw new SmsFailed(messages.noId, false, { detail: `gateway answered ${status} without an id` });
      return { providerId };
    }
    const detail = `gateway answered ${status}`;
    if (status === 429) throw new SmsFailed(messages.throttled, true, { detail });
    if (status === 408 || status >= 500) throw new SmsFailed(messages.unavailable(status), true, { detail });
    if (status === 401 || status === 403) throw new SmsFailed(messages.unauthorized(status), false, { detail });
    const reason = this.#adapter.errorText(answer) ?? (typeof answer === 'string' ? answer : '');
    throw new SmsFailed(messages.rejected(status, oneLine(reason)), false, { detail });
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The parsed JSON answer, or its text when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}

/** ECONNREFUSED, ENOTFOUND …: fetch wraps the socket's error as its cause. */
function networkCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === 'string' ? cause.code : '';
}

const instances = new WeakMap<Deps['config'], SmsGateway>();

/**
 * The gateway of SMS_GATEWAY_URL, or null in the sandbox (SMS_PROVIDER=sandbox): outbox SMS are
 * then kept unsent.
 */
export function smsGatewayFor(deps: Pick<Deps, 'config'>): SmsGateway | null {
  const { SMS_PROVIDER, SMS_GATEWAY_URL, SMS_GATEWAY_TOKEN, SMS_SENDER, SMS_TIMEOUT_MS } = deps.config;
  if (SMS_PROVIDER !== 'http') return null;
  let gateway = instances.get(deps.config);
  if (!gateway) {
    if (!SMS_GATEWAY_URL) throw new Error('SMS_PROVIDER=http needs SMS_GATEWAY_URL.');
    gateway = new HttpSmsGateway({ url: SMS_GATEWAY_URL, token: SMS_GATEWAY_TOKEN, sender: SMS_SENDER, timeoutMs: SMS_TIMEOUT_MS });
    instances.set(deps.config, gateway);
  }
  return gateway;
}
