import type { Deps } from '../../deps.ts';

/** A message for the staff channel: `text` is the notification (and the fallback of `blocks`). */
export interface SlackMessage {
  text: string;
  /** Block Kit layout (https://api.slack.com/block-kit), shown instead of `text` where supported. */
  blocks?: unknown[];
}

export interface SlackNotifier {
  post(message: SlackMessage, signal: AbortSignal): Promise<void>;
}

/** A post that did not go through, with a Czech reason for staff. */
export class SlackFailed extends Error {
  /** Worth another attempt: network failures, time-outs, 429 and 5xx. */
  readonly retryable: boolean;
  /** How long Slack asked us to wait (its Retry-After), when it said. */
  readonly retryAfterMs?: number;
  constructor(message: string, retryable: boolean, options?: ErrorOptions & { retryAfterMs?: number }) {
    super(message, options);
    this.name = 'SlackFailed';
    this.retryable = retryable;
    this.retryAfterMs = options?.retryAfterMs;
  }
}

/**
 * Escapes what Slack reads as markup in `text` (&, <, >), so that a name typed by an applicant
 * cannot become a link or an @channel mention.
 */
export function escapeSlackText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Retry-After in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // Every HTTP date format names the month; Date.parse alone would read '-5' as a year.
  const at = /[A-Za-z]{3}/.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

// Slack's answers of incoming webhooks are plain-text codes
// (https://api.slack.com/messaging/webhooks#handling_errors).
const REJECTIONS: Record<string, string> = {
  invalid_payload: 'Slack zprávu odmítl jako neplatnou (invalid_payload).',
  no_text: 'Slack zprávu odmítl: chybí text (no_text).',
  no_service: 'Slack webhook neexistuje nebo byl zrušen (no_service): nastavte nový SLACK_WEBHOOK_URL.',
  no_team: 'Slack webhook neexistuje nebo byl zrušen (no_team): nastavte nový SLACK_WEBHOOK_URL.',
  team_disabled: 'Pracovní prostor Slacku je zrušený (team_disabled).',
  invalid_token: 'Slack webhook neexistuje nebo byl zrušen (invalid_token): nastavte nový SLACK_WEBHOOK_URL.',
  channel_not_found: 'Kanál webhooku ve Slacku neexistuje (channel_not_found).',
  channel_is_archived: 'Kanál webhooku ve Slacku je archivovaný (channel_is_archived).',
  action_prohibited: 'Správce Slacku tento webhook zakázal (action_prohibited).',
  posting_to_general_channel_denied: 'Do obecného kanálu Slacku smí psát jen správci (posting_to_general_channel_denied).',
  too_many_attachments: 'Slack zprávu odmítl: příliš mnoho příloh (too_many_attachments).',
};

const DEFAULT_TIMEOUT_MS = 10_000;

/** An incoming webhook: one JSON POST per message; Slack answers 200 "ok". */
export class SlackWebhook implements SlackNotifier {
  readonly #url: string;
  readonly #timeoutMs: number;
  /** The URL is a secret (whoever has it can post): it never appears in errors. */
  constructor(url: string, options: { timeoutMs?: number } = {}) {
    this.#url = url;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async post(message: SlackMessage, signal: AbortSignal): Promise<void> {
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.#url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ text: message.text, ...(message.blocks ? { blocks: message.blocks } : {}) }),
        signal: AbortSignal.any([signal, timeout]),
      });
      text = await response.text();
    } catch (error) {
      // The caller's own abort (the job's time-out, shutdown) is the caller's to report.
      if (signal.aborted) throw signal.reason;
      if (timeout.aborted) throw new SlackFailed('Slack neodpověděl včas.', true, { cause: error });
      const code = networkCode(error);
      throw new SlackFailed(`Slack není dostupný${code ? ` (${code})` : ''}.`, true, { cause: error });
    }
    const { status } = response;
    if (status >= 200 && status < 300) return;
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    if (status === 429) {
      const wait = retryAfterMs === undefined ? '' : `; další pokus nejdříve za ${Math.ceil(retryAfterMs / 1000)} s`;
      throw new SlackFailed(`Slack dočasně omezil počet zpráv (HTTP 429)${wait}.`, true, { retryAfterMs });
    }
    if (status >= 500) throw new SlackFailed(`Slack je dočasně nedostupný (HTTP ${status}).`, true, { retryAfterMs });
    const code = text.replace(/\s+/g, ' ').trim().slice(0, 200);
    throw new SlackFailed(REJECTIONS[code] ?? `Slack zprávu odmítl (HTTP ${status}${code ? `: ${code}` : ''}).`, false);
  }
}

/** ECONNREFUSED, ENOTFOUND …: fetch wraps the socket's error as its cause. */
function networkCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === 'string' ? cause.code : '';
}

const instances = new WeakMap<Deps['config'], SlackNotifier>();

/** The webhook of SLACK_WEBHOOK_URL, or null in the sandbox (SLACK_PROVIDER=sandbox): nothing is posted. */
export function slackNotifierFor(deps: Pick<Deps, 'config'>): SlackNotifier | null {
  const { SLACK_PROVIDER, SLACK_WEBHOOK_URL } = deps.config;
  if (SLACK_PROVIDER !== 'webhook') return null;
  let notifier = instances.get(deps.config);
  if (!notifier) {
    if (!SLACK_WEBHOOK_URL) throw new Error('SLACK_PROVIDER=webhook needs SLACK_WEBHOOK_URL.');
    notifier = new SlackWebhook(SLACK_WEBHOOK_URL);
    instances.set(deps.config, notifier);
  }
  return notifier;
}
