import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Reply = { status: number; body?: unknown };
type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

/**
 * Replaces global fetch with a router of `"METHOD /path"` handlers and records every call,
 * so tests can assert both what the UI shows and what it sent.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const call: RecordedCall = {
      method,
      path,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new Error(`Unexpected request ${method} ${path}`);
    const reply = await handler(call);
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: reply.body === undefined ? {} : { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}
