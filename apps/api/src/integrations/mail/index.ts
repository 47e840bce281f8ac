import type { Deps } from '../../deps.ts';

/** An outbox e-mail on its way out. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  /** Plain text, UTF-8 (Czech). */
  text: string;
  /**
   * The same Message-ID for every attempt of one outbox row, so a mail that was delivered but
   * whose acknowledgement got lost is recognisable as a duplicate by the receiving side.
   */
  messageId: string;
  /** Files sent along (e.g. a PDF statement); the filename may be Czech (RFC 2231 encoded). */
  attachments?: EmailAttachment[];
}

export interface EmailAttachment {
  filename: string;
  content: Buffer;
  /** e.g. application/pdf */
  contentType: string;
}

/** A send that did not go through, with a Czech reason for staff. */
export class MailFailed extends Error {
  /** Worth another attempt (the server is unreachable or answered 4xx); 5xx is final. */
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean, options?: ErrorOptions) {
    super(message, options);
    this.name = 'MailFailed';
    this.retryable = retryable;
  }
}

export interface Mailer {
  send(email: OutgoingEmail, signal: AbortSignal): Promise<void>;
}

// Nodemailer's defaults wait up to 2 minutes for a connection and 10 for a silent socket; a job
// run should learn sooner that the server is away and try again later.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** SMTP through nodemailer: one connection per message (a few e-mails an hour need no pool). */
export class SmtpMailer implements Mailer {
  readonly #url: string;
  readonly #from: string;
  constructor(url: string, from: string) {
    this.#url = url;
    this.#from = from;
  }

  async send(email: OutgoingEmail, signal: AbortSignal): Promise<void> {
    // Loaded on first use (~30 MB of memory a server without SMTP never needs).
    const { default: nodemailer } = await import('nodemailer');
    // Parameters in the URL (e.g. ?connectionTimeout=…) win over these.
    const transport = nodemailer.createTransport({ url: this.#url, ...TIMEOUTS });
    try {
      await transport.sendMail({
        from: this.#from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        messageId: email.messageId,
        textEncoding: 'quoted-printable',
        // Only these three fields: nodemailer would also read a local `path` or fetch an `href`.
        attachments: email.attachments?.map(({ filename, content, contentType }) => ({ filename, content, contentType })),
        signal,
      });
    } catch (error) {
      throw mailFailure(error);
    } finally {
      transport.close();
    }
  }
}

/** What a nodemailer error means for staff and for the retry. */
export function mailFailure(error: unknown): MailFailed {
  const e = error as { responseCode?: number; response?: string; code?: string; message?: string; name?: string };
  if (typeof e.responseCode === 'number' && e.responseCode >= 400) {
    const reply = (e.response ?? String(e.responseCode)).replace(/\s+/g, ' ').trim().slice(0, 300);
    return e.responseCode >= 500
      ? new MailFailed(`Poštovní server zprávu odmítl: ${reply}`, false, { cause: error })
      : new MailFailed(`Poštovní server zprávu dočasně nepřijal: ${reply}`, true, { cause: error });
  }
  if (e.name === 'AbortError') return new MailFailed('Odesílání bylo přerušeno (zastavení serveru).', true, { cause: error });
  const code = e.code ? ` (${e.code})` : '';
  return new MailFailed(`Poštovní server není dostupný${code}.`, true, { cause: error });
}

const instances = new WeakMap<Deps['config'], Mailer>();

/**
 * The mailer of SMTP_URL, or null in the sandbox (EMAIL_PROVIDER=sandbox): outbox e-mails are then kept
 * as SANDBOX and never sent.
 */
export function mailerFor(deps: Pick<Deps, 'config'>): Mailer | null {
  const { EMAIL_PROVIDER, SMTP_URL, MAIL_FROM } = deps.config;
  if (EMAIL_PROVIDER !== 'smtp' || !SMTP_URL) return null;
  let mailer = instances.get(deps.config);
  if (!mailer) {
    if (!MAIL_FROM) throw new Error('SMTP_URL needs MAIL_FROM.');
    mailer = new SmtpMailer(SMTP_URL, MAIL_FROM);
    instances.set(deps.config, mailer);
  }
  return mailer;
}
