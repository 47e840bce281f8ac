import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { testSystem } from '../../../test/fixtures/actors.ts';
import { createApp } from '../../app.ts';
import { createApiKey } from '../api-keys/create-api-key.ts';
import { revokeApiKey } from '../api-keys/revoke-api-key.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('healthcheck', () => {
  it('live answers 200', async () => {
    const res = await ctx.http().get('/api/v1/healthcheck/live/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('ready answers 200 when the database answers and every migration is applied', async () => {
    const res = await ctx.http().get('/api/v1/healthcheck/ready/');
    expect(res.status).toBe(200);
    expect(res.body.migrations.pending).toEqual([]);
    expect(res.body.migrations.applied).toBe(ctx.deps.migrations.length);
  });

  it('ready answers 503 while a migration of this build is not applied', async () => {
    const app = createApp({ ...ctx.deps, migrations: [...ctx.deps.migrations, '29990101000000_future'] });
    const { default: request } = await import('supertest');
    const res = await request(app).get('/api/v1/healthcheck/ready/');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'unavailable', database: 'ok', migrations: { pending: ['29990101000000_future'] } });
  });

  it('ready answers 503 when the database cannot be reached', async () => {
    const { connectDatabase } = await import('../../db/prisma.ts');
    const dead = connectDatabase('postgresql://postgres:postgres@127.0.0.1:1/none');
    const app = createApp({ ...ctx.deps, prisma: dead.prisma, pool: dead.pool });
    const { default: request } = await import('supertest');
    const res = await request(app).get('/api/v1/healthcheck/ready/');
    expect(res.status).toBe(503);
    expect(res.body.database).toBe('unreachable');
    await dead.close();
  });

  it('monitoring needs a MONITORING API key and reports database, pool, migrations, uptime and version', async () => {
    const monitoring = await createApiKey(ctx.deps, testSystem, { owner: 'MONITORING' });
    const partner = await createApiKey(ctx.deps, testSystem, { owner: 'LEADSOR' });

    expect((await ctx.http().get('/api/v1/healthcheck/monitoring/')).status).toBe(401);
    const wrongOwner = await ctx.http().get('/api/v1/healthcheck/monitoring/').set('Authorization', `Api-Key ${partner.key}`);
    expect(wrongOwner.status).toBe(403);
    const forged = await ctx.http().get('/api/v1/healthcheck/monitoring/').set('Authorization', `Api-Key ${monitoring.key.slice(0, -2)}xx`);
    expect(forged.status).toBe(401);

    const res = await ctx.http().get('/api/v1/healthcheck/monitoring/').set('Authorization', `Api-Key ${monitoring.key}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'ok',
      version: 'test',
      database: { ok: true, pool: { max: 4 } },
      migrations: { current: ctx.deps.migrations.at(-1), pending: [] },
    });
    expect(res.body.database.latency_ms).toBeGreaterThanOrEqual(0);
    expect(res.body.uptime_seconds).toBeGreaterThanOrEqual(0);

    await revokeApiKey(ctx.deps, testSystem, { prefix: monitoring.prefix });
    const revoked = await ctx.http().get('/api/v1/healthcheck/monitoring/').set('Authorization', `Api-Key ${monitoring.key}`);
    expect(revoked.status).toBe(401);
  });

  it('stores API keys hashed with only the prefix in clear', async () => {
    const { key, prefix } = await createApiKey(ctx.deps, testSystem, { owner: 'VOLSOR' });
    const row = await ctx.deps.prisma.apiKey.findUniqueOrThrow({ where: { prefix } });
    expect(key.startsWith(`lk_${prefix}.`)).toBe(true);
    expect(row.keyHash).not.toContain(key.split('.')[1]);
    expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
