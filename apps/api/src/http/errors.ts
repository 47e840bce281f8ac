// `req.id` is pino-http's augmentation of Express's Request: named here so that every program
// compiling this file (the seed, the CLI) sees it, not only those that import app.ts.
import type {} from 'pino-http';
import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { DomainError, type DomainErrorCode, messages as domainMessages } from '../domain/errors.ts';

/** An error with an HTTP status and a DRF-style JSON body: what only the edge knows (a body that is not JSON, 405, 413, an API key's 401). Use cases throw domain errors (domain/errors.ts). */
export class HttpError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;
  constructor(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export const messages = {
  ...domainMessages,
  methodNotAllowed: (method: string) => `Metoda "${method}" není povolena.`,
  invalidJson: 'Tělo požadavku není platný JSON.',
  tooLarge: 'Požadavek je příliš velký.',
  unsupportedMediaType: 'Nepodporovaný typ obsahu požadavku; očekává se application/json.',
  serverError: 'Došlo k chybě na serveru. Zkuste to prosím později.',
};

/** Seconds a client is told to wait while the database is away (a restart takes a few). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const badRequest = (fieldErrors: Record<string, string[]>) => new HttpError(400, fieldErrors);
export const unauthorized = (detail = messages.notAuthenticated, scheme = 'Bearer realm="api"') =>
  new HttpError(401, { detail }, { 'WWW-Authenticate': scheme });
export const forbidden = (detail = messages.forbidden) => new HttpError(403, { detail });
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new HttpError(429, { detail }, { 'Retry-After': String(retryAfterSeconds) });

const CONFLICT_CODES = new Set(['P2034', '40P01', '40001']);

/** A deadlock or serialization failure, however deep Prisma and its driver adapter wrap it. */
export function isConcurrencyConflict(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; originalCode?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
  if (CONFLICT_CODES.has(String(e.code)) || CONFLICT_CODES.has(String(e.originalCode))) return true;
  return isConcurrencyConflict(e.cause, depth + 1) || isConcurrencyConflict(e.meta?.driverAdapterError, depth + 1);
}

// Prisma's codes for an unreachable, timed-out or closed database connection; the driver
// adapter's kinds for the same; PostgreSQL's connection-exception class (08…), shutdown and
// start-up codes (57P01–57P03) and "too many connections"; Node's socket errors.
const UNAVAILABLE_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', '57P01', '57P02', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const UNAVAILABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/;

/** The database is away (down, restarting, unreachable), however deep Prisma and pg wrap it. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; originalCode?: unknown; kind?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
  const code = String(e.code ?? e.originalCode ?? '');
  if (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || UNAVAILABLE_KINDS.has(String(e.kind))) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  return isDatabaseUnavailable(e.cause, depth + 1) || isDatabaseUnavailable(e.meta?.driverAdapterError, depth + 1);
}

const STATUS: Record<DomainErrorCode, number> = {
  invalid: 400,
  not_found: 404,
  conflict: 409,
  forbidden: 403,
  unauthenticated: 401,
  rate_limited: 429,
  unavailable: 503,
};

/** The one place a domain error becomes an HTTP answer (docs/decisions/0040). */
export function httpErrorOf(error: DomainError): HttpError {
  const status = STATUS[error.code];
  const body = error.code === 'invalid' ? { ...error.fields, ...error.data } : { detail: error.message, ...error.data };
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds);
  if (error.code === 'unauthenticated') headers['WWW-Authenticate'] = 'Bearer realm="api"';
  return new HttpError(status, body, headers);
}

/**
 * Set in tests only (`markDomainErrors`) on an answer made from a use case's DomainError, to its
 * code: the fuzz test tells a use case's 400 (`invalid`) from a schema's 400 by it.
 */
export const DOMAIN_ERROR_HEADER = 'X-Test-Domain-Error';

export function errorHandler(logger: Logger, options: { markDomainErrors?: boolean } = {}): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return;
    if (err instanceof DomainError) {
      if (options.markDomainErrors) res.set(DOMAIN_ERROR_HEADER, err.code);
      err = httpErrorOf(err);
    }
    if (err instanceof HttpError) {
      res.set(err.headers).status(err.status).json(err.body);
      return;
    }
    // body-parser and other http-errors style failures: client errors with a known status.
    const status = typeof err?.status === 'number' ? err.status : typeof err?.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const detail =
        err.type === 'entity.too.large'
          ? messages.tooLarge
          : err.type === 'entity.parse.failed'
            ? messages.invalidJson
            : err.type === 'encoding.unsupported' || err.type === 'charset.unsupported'
              ? messages.unsupportedMediaType
              : (err.expose && err.message) || 'Neplatný požadavek.';
      res.status(status).json(status === 400 ? { non_field_errors: [detail] } : { detail });
      return;
    }
    if (isConcurrencyConflict(err)) {
      // PostgreSQL broke a deadlock or a serialization conflict: nothing was written, and the
      // same request will very likely succeed now. Still logged: a deadlock is a lock-order bug.
      logger.warn({ err, reqId: req.id }, 'concurrent write conflict');
      res.status(409).json({ detail: messages.concurrentChange });
      return;
    }
    if (isDatabaseUnavailable(err)) {
      // Nothing was acknowledged; the supervisor (embedded) or the operator brings it back.
      logger.warn({ reqId: req.id, reason: err instanceof Error ? err.message.split('\n').filter(Boolean).at(-1) : String(err) }, 'database unavailable');
      res.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS)).status(503).json({ detail: messages.databaseUnavailable });
      return;
    }
    logger.error({ err, reqId: req.id }, 'unhandled error');
    res.status(500).json({ detail: messages.serverError });
  };
}
