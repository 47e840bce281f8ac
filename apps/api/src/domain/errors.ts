import type { z } from 'zod';

// The errors a use case may throw (docs/decisions/0040). They say what went wrong in the
// domain's words — not found, a conflict with the data as it is, invalid input with Czech
// messages by field — and never how a transport answers it: http/errors.ts maps each code to
// one HTTP status, the CLI and the jobs read the same codes.

export type DomainErrorCode =
  /** The input breaks a rule: Czech messages by field (`non_field_errors` for the whole input). */
  | 'invalid'
  /** The thing asked for does not exist (or the caller may not know it exists). */
  | 'not_found'
  /** The data as it is now forbids this (a state, a duplicate, a concurrent change). */
  | 'conflict'
  /** The actor may not do this. */
  | 'forbidden'
  /** The actor could not be established (bad credentials, an expired or revoked token). */
  | 'unauthenticated'
  /** Too many attempts: try again after `retryAfterSeconds`. */
  | 'rate_limited'
  /** Something the use case needs is away (an outside service, the database): try again later. */
  | 'unavailable';

export const messages = {
  notAuthenticated: 'Nebyly zadány přihlašovací údaje.',
  invalidToken: 'Přihlašovací token je neplatný nebo vypršel.',
  forbidden: 'K této akci nemáte oprávnění.',
  notFound: 'Nenalezeno.',
  invalidPage: 'Neplatná stránka.',
  concurrentChange: 'Záznam právě změnil někdo jiný. Zkuste to prosím znovu.',
  databaseUnavailable: 'Služba je na okamžik nedostupná. Zkuste to prosím za chvíli znovu.',
};

export type FieldErrors = Record<string, string[]>;

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  /** `invalid`: the messages by field. */
  readonly fields: FieldErrors;
  /** Facts a client may act on, answered beside the message (e.g. `{ state: 'CLOSED' }`). */
  readonly data: Record<string, unknown>;
  /** `rate_limited`, `unavailable`: when a retry makes sense. */
  readonly retryAfterSeconds: number | undefined;
  constructor(code: DomainErrorCode, message: string, options: { fields?: FieldErrors; data?: Record<string, unknown>; retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.fields = options.fields ?? {};
    this.data = options.data ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Invalid input: `{ field: ['Czech message'] }`; `data` carries extra facts (e.g. a technical `detail`). */
export const invalid = (fields: FieldErrors, data?: Record<string, unknown>) =>
  new DomainError('invalid', Object.values(fields).flat().join(' ') || 'Neplatný vstup.', { fields, data });
export const notFound = (detail = messages.notFound) => new DomainError('not_found', detail);
export const conflict = (detail: string, data?: Record<string, unknown>) => new DomainError('conflict', detail, { data });
export const forbidden = (detail = messages.forbidden) => new DomainError('forbidden', detail);
export const unauthenticated = (detail = messages.notAuthenticated) => new DomainError('unauthenticated', detail);
export const rateLimited = (detail: string, retryAfterSeconds: number) => new DomainError('rate_limited', detail, { retryAfterSeconds });
export const unavailable = (detail: string, retryAfterSeconds?: number) => new DomainError('unavailable', detail, { retryAfterSeconds });

/**
 * A write to a row that a concurrent request deleted after this one read it (Prisma's P2025,
 * "record to update/delete does not exist"): the not-found this request would have had coming
 * second. Used where a use case wrote what it had just found; not mapped by the error handler,
 * where a P2025 can also be a missing related row, which is a bug and not a 404.
 */
export async function orNotFound<T>(write: Promise<T>, detail = messages.notFound): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'P2025') throw notFound(detail);
    throw error;
  }
}

/** zod issues as field messages: `{field: [messages], non_field_errors: [...]}`. */
export function zodFieldErrors(error: z.ZodError, prefix?: string): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : (prefix ?? 'non_field_errors');
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** Parses `value` with `schema` or throws `invalid` with the schema's Czech messages. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, prefix?: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(zodFieldErrors(parsed.error, prefix));
  return parsed.data;
}
