import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  /** The path without the query. */
  path: string;
  /** The query of the request. */
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export type Reply = {
  status: number;
  body?: unknown;
  /** A binary or text body sent as is (downloads). */
  raw?: BodyInit;
  headers?: Record<string, string>;
};
type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

/**
 * Replaces global fetch with a router of `"METHOD /path"` handlers (the query is not part of
 * the key; handlers read `call.query`) and records every call, so tests can assert both what
 * the UI shows and what it sent.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const url = new URL(raw, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`Unexpected request ${method} ${url.pathname}${url.search}`);
    const reply = await handler(call);
    if (reply.raw !== undefined) {
      return new Response(reply.raw, { status: reply.status, headers: reply.headers ?? {} });
    }
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { ...(reply.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A DRF page of `results`. */
export function page<T>(results: T[], count = results.length) {
  return { count, next: null, previous: null, results };
}
