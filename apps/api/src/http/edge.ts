import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';
import { badRequest, messages } from './errors.ts';

/**
 * The edge: what no handler should ever see is refused here, before any route, with a 400
 * naming where it was. PostgreSQL cannot store NUL in text nor lone UTF-16 surrogates in
 * JSON, deep nesting costs stack in every recursive consumer (zod, Prisma, JSON columns),
 * and numbers JSON.parse cannot hold exactly are never what the caller meant.
 */

/** Deeper than any body of the API or of the webhooks we receive (Pipedrive's are 4 levels). */
export const MAX_JSON_DEPTH = 32;

export const edgeMessages = {
  badText: 'Text obsahuje nepovolené znaky.',
  badEncoding: 'Neplatné kódování znaků (očekává se UTF-8).',
  tooDeep: `Data jsou vnořena příliš hluboko (nejvýše ${MAX_JSON_DEPTH} úrovní).`,
  numberOutOfRange: 'Číslo je mimo povolený rozsah.',
};

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** NUL, or a UTF-16 surrogate without its pair (what a broken client or a fuzzer sends). */
export function hasForbiddenText(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

function decode(component: string, plusIsSpace: boolean): string | null {
  try {
    return decodeURIComponent(plusIsSpace ? component.replaceAll('+', ' ') : component);
  } catch {
    return null;
  }
}

/** Path and query: percent-encoding that is not UTF-8, NUL, lone surrogates → 400. */
export function refuseBadUrl(): RequestHandler {
  return (req, _res, next) => {
    const url = req.url;
    const q = url.indexOf('?');
    const path = decode(q < 0 ? url : url.slice(0, q), false);
    if (path === null) return next(badRequest({ path: [edgeMessages.badEncoding] }));
    if (hasForbiddenText(path)) return next(badRequest({ path: [edgeMessages.badText] }));
    if (q < 0) return next();
    const errors: Record<string, string[]> = {};
    for (const pair of url.slice(q + 1).split('&')) {
      if (!pair) continue;
      const eq = pair.indexOf('=');
      const key = decode(eq < 0 ? pair : pair.slice(0, eq), true);
      const value = eq < 0 ? '' : decode(pair.slice(eq + 1), true);
      const field = key !== null && !hasForbiddenText(key) ? key : 'query';
      if (key === null || value === null) errors[field] = [edgeMessages.badEncoding];
      else if (hasForbiddenText(key) || hasForbiddenText(value)) errors[field] = [edgeMessages.badText];
    }
    next(Object.keys(errors).length ? badRequest(errors) : undefined);
  };
}

/**
 * Nesting depth of JSON text, counted on the raw bytes before JSON.parse runs (so a megabyte
 * of `[[[[…` is refused after 33 bytes, not parsed). Brackets inside strings do not count;
 * in UTF-8 the ASCII bytes looked at never occur inside a multi-byte character.
 */
export function jsonDepthExceeds(text: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const byte = text[i];
    if (inString) {
      if (byte === 0x5c) i++; // backslash: skip the escaped character
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x7b || byte === 0x5b) {
      if (++depth > max) return true;
    } else if (byte === 0x7d || byte === 0x5d) depth--;
  }
  return false;
}

// body-parser wraps what `verify` throws as an http-errors client error (overwriting a `body`
// property), which the error handler answers as {non_field_errors: [message]} or {detail}.
const clientError = (status: number, message: string, type: string) => Object.assign(new Error(message), { status, expose: true, type });

function verifyJson(_req: IncomingMessage, _res: unknown, body: Buffer, encoding: string | null): void {
  // RFC 8259: JSON between systems is UTF-8. Other charsets would also defeat the byte scan.
  if (encoding && !/^utf-?8$/i.test(encoding)) throw clientError(415, messages.unsupportedMediaType, 'charset.unsupported');
  if (jsonDepthExceeds(body, MAX_JSON_DEPTH)) throw clientError(400, edgeMessages.tooDeep, 'entity.too.deep');
}

/**
 * Field errors for values no handler should see: text with NUL or lone surrogates (in values
 * and in keys), numbers JSON.parse turned into Infinity (1e309) or beyond 2^53, where the
 * number read is no longer the number sent. Iterative: the depth is bounded, the stack is not.
 */
export function forbiddenJsonValues(body: unknown): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const stack: [unknown, string][] = [[body, '']];
  const report = (path: string, message: string) => {
    const list = (errors[path || 'non_field_errors'] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (hasForbiddenText(value)) report(path, edgeMessages.badText);
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) report(path, edgeMessages.numberOutOfRange);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push([item, path ? `${path}.${i}` : String(i)]));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (hasForbiddenText(key)) report(path, edgeMessages.badText);
        else stack.push([item, path ? `${path}.${key}` : key]);
      }
    }
  }
  return errors;
}

/** express.json behind the depth check, then the value check: mount instead of express.json. */
export function jsonBody(limit: string): RequestHandler[] {
  return [
    express.json({ limit, strict: true, verify: verifyJson }),
    (req, _res, next) => {
      if (req.body === undefined || req.body === null || typeof req.body !== 'object') return next();
      const errors = forbiddenJsonValues(req.body);
      next(Object.keys(errors).length ? badRequest(errors) : undefined);
    },
  ];
}
