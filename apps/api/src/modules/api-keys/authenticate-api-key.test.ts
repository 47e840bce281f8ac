import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { testSystem } from '../../../test/fixtures/actors.ts';
import type { PrismaClient } from '../../db/prisma.ts';
import { authenticateApiKey } from './authenticate-api-key.ts';
import { createApiKey } from './create-api-key.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const lastUsed = async (id: number) => (await ctx.deps.prisma.apiKey.findUniqueOrThrow({ where: { id } })).lastUsedAt;

describe('authenticateApiKey', () => {
  it('records the last use at most once a minute, so concurrent calls do not queue on the key row', async () => {
    const { key, id } = await createApiKey(ctx.deps, testSystem, { owner: 'LEADSOR' });
    let clock = new Date('2026-11-23T10:00:00Z');
    // The last use is written in the background (the request does not wait for it): the test
    // sees each write it starts, so it can wait for them, and count them.
    const writes: Promise<unknown>[] = [];
    const apiKey = ctx.deps.prisma.apiKey;
    const prisma = {
      apiKey: {
        updateMany: (args: Parameters<typeof apiKey.updateMany>[0]) => {
          const write = apiKey.updateMany(args);
          writes.push(write);
          return write;
        },
      },
    } as unknown as PrismaClient;
    const deps = { prisma, pool: ctx.deps.pool, now: () => clock };
    expect(await authenticateApiKey(deps, key)).toMatchObject({ id, owner: 'LEADSOR' });
    await Promise.all(writes);
    expect(writes).toHaveLength(1);
    expect(await lastUsed(id)).toEqual(new Date('2026-11-23T10:00:00Z'));
    clock = new Date('2026-11-23T10:00:59Z');
    await Promise.all(Array.from({ length: 10 }, () => authenticateApiKey(deps, key)));
    // Within the minute: not one write started.
    expect(writes).toHaveLength(1);
    expect(await lastUsed(id)).toEqual(new Date('2026-11-23T10:00:00Z'));
    clock = new Date('2026-11-23T10:01:00Z');
    await authenticateApiKey(deps, key);
    await Promise.all(writes);
    expect(writes).toHaveLength(2);
    expect(await lastUsed(id)).toEqual(new Date('2026-11-23T10:01:00Z'));
  });

  it('refuses a wrong secret, an unknown prefix and a revoked key', async () => {
    const { key, id } = await createApiKey(ctx.deps, testSystem, { owner: 'VOLSOR' });
    expect(await authenticateApiKey(ctx.deps, `${key.slice(0, -1)}${key.endsWith('a') ? 'b' : 'a'}`)).toBeNull();
    expect(await authenticateApiKey(ctx.deps, 'lk_nenizde.tajemstvi')).toBeNull();
    await ctx.deps.prisma.apiKey.update({ where: { id }, data: { revokedAt: new Date() } });
    expect(await authenticateApiKey(ctx.deps, key)).toBeNull();
  });
});
