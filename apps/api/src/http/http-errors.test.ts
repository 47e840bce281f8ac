import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { isConcurrencyConflict } from './errors.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('HTTP conventions', () => {
  it('answers unknown /api/v1 paths with 404 JSON', async () => {
    for (const path of ['/api/v1/nothing/', '/api/v1/', '/api/v2/deals/', '/api/v1/auth/token']) {
      const res = await ctx.http().get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toEqual({ detail: 'Nenalezeno.' });
    }
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const res = await ctx.http().put('/api/v1/healthcheck/live/');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toContain('GET');
    expect(res.body.detail).toBe('Metoda "PUT" není povolena.');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await ctx.http().post('/api/v1/auth/token/').set('Content-Type', 'application/json').send('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ non_field_errors: ['Tělo požadavku není platný JSON.'] });
  });

  it('answers a body over the limit with 413 JSON', async () => {
    const res = await ctx.http().post('/api/v1/auth/token/').set('Content-Type', 'application/json').send(JSON.stringify({ email: 'a'.repeat(1_100_000) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: 'Požadavek je příliš velký.' });
  });

  it('answers a missing or non-JSON body with field errors', async () => {
    const res = await ctx.http().post('/api/v1/auth/token/').set('Content-Type', 'text/plain').send('email=x');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ non_field_errors: ['Pole je povinné'] });
  });

  it('answers wrong types inside JSON with 400 field errors', async () => {
    const res = await ctx.http().post('/api/v1/auth/token/').send({ email: ['a'], password: { x: 1 } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['email', 'password']);
  });

  it('admits the configured telemetry origins in the CSP, and only those', async () => {
    const { createApp } = await import('../app.ts');
    const { default: request } = await import('supertest');
    const app = createApp({ ...ctx.deps, config: { ...ctx.deps.config, CSP_SCRIPT_SRC: ['https://www.googletagmanager.com'], CSP_CONNECT_SRC: ['https://errors.example.cz'] } });
    const csp = (await request(app).get('/api/v1/healthcheck/live/')).headers['content-security-policy'];
    expect(csp).toContain("script-src 'self' https://www.googletagmanager.com");
    expect(csp).toContain("connect-src 'self' https://errors.example.cz");
    const plain = (await ctx.http().get('/api/v1/healthcheck/live/')).headers['content-security-policy'];
    expect(plain).toContain("script-src 'self';");
    expect(plain).not.toContain('googletagmanager');
  });

  it('sends HSTS only for requests that came over TLS through a trusted proxy', async () => {
    const { createApp } = await import('../app.ts');
    const { default: request } = await import('supertest');
    const behindProxy = createApp({ ...ctx.deps, config: { ...ctx.deps.config, TRUST_PROXY: 'loopback' } });
    const https = await request(behindProxy).get('/api/v1/healthcheck/live/').set('X-Forwarded-Proto', 'https');
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await request(behindProxy).get('/api/v1/healthcheck/live/').set('X-Forwarded-Proto', 'http');
    expect(http.headers['strict-transport-security']).toBeUndefined();
    // Without a trusted proxy, the client's own header is not believed.
    const spoofed = await ctx.http().get('/api/v1/healthcheck/live/').set('X-Forwarded-Proto', 'https');
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends security headers and a request id', async () => {
    const res = await ctx.http().get('/api/v1/healthcheck/live/');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-powered-by']).toBeUndefined();
    const traced = await ctx.http().get('/api/v1/healthcheck/live/').set('X-Request-Id', 'abc-123');
    expect(traced.headers['x-request-id']).toBe('abc-123');
  });
});

describe('concurrent write conflicts', () => {
  it('recognises a real PostgreSQL deadlock as Prisma reports it (answered 409, not 500)', async () => {
    const prisma = ctx.deps.prisma;
    const [a, b] = await Promise.all([prisma.person.create({ data: { lastName: 'Dvořák' } }), prisma.person.create({ data: { lastName: 'Kříž' } })]);
    let bothLocked!: () => void;
    const ready = new Promise<void>((resolve) => (bothLocked = resolve));
    let locked = 0;
    // Two transactions lock the two rows in opposite orders: PostgreSQL aborts one of them.
    const crossing = (first: number, second: number) =>
      prisma.$transaction(async (tx) => {
        await tx.person.update({ where: { id: first }, data: { note: 'x' } });
        if (++locked === 2) bothLocked();
        await ready;
        await tx.person.update({ where: { id: second }, data: { note: 'y' } });
      });
    const results = await Promise.allSettled([crossing(a.id, b.id), crossing(b.id, a.id)]);
    const failures = results.filter((r) => r.status === 'rejected');
    expect(failures).toHaveLength(1);
    expect(isConcurrencyConflict(failures[0]!.reason)).toBe(true);
    expect(isConcurrencyConflict(new Error('something else'))).toBe(false);
  });
});
