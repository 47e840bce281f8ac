import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createApp } from '../app.ts';
import { enforceRateLimits, publicLimits, TOO_MANY_REQUESTS, type RateLimitRule } from './rate-limit.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('public rate limits', () => {
  it('refuse the 61st new form from one address within 10 minutes, with Retry-After', async () => {
    const app = createApp({ ...ctx.deps, config: { ...ctx.deps.config, RATE_LIMIT_FACTOR: 1 } });
    const create = () => request(app).post('/api/v1/forms/').send({ type: 'CONSUMER_LOAN', value: 100_000, installment_value: 2_000 });
    for (let i = 0; i < 60; i++) expect((await create()).status).toBe(201);
    const refused = await create();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: TOO_MANY_REQUESTS });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
  });

  it('count per key and per window, in PostgreSQL', async () => {
    const rule: RateLimitRule = { ...publicLimits.perToken(), max: 3, name: 'test-token' };
    const now = new Date('2026-11-22T10:00:30Z');
    const hit = (token: string, at = now) => enforceRateLimits(ctx.deps.prisma, [rule], { ip: '10.0.0.1', params: { token } }, at);
    for (let i = 0; i < 3; i++) await hit('a');
    await expect(hit('a')).rejects.toMatchObject({ status: 429 });
    await hit('b'); // another token has its own bucket
    await hit('a', new Date('2026-11-22T10:10:01Z')); // the next window starts afresh
    await enforceRateLimits(ctx.deps.prisma, [rule], { ip: '10.0.0.1', params: {} }, now); // no token, rule skipped
    const buckets = await ctx.deps.prisma.rateLimitBucket.findMany({ where: { key: { startsWith: 'test-token:' } }, orderBy: [{ key: 'asc' }, { windowStart: 'asc' }] });
    expect(buckets.map((b) => [b.key, b.hits])).toEqual([
      ['test-token:a', 4],
      ['test-token:a', 1],
      ['test-token:b', 1],
    ]);
  });
});
