import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { testSystem } from '../../../test/fixtures/actors.ts';
import { authenticateApiKey } from './authenticate-api-key.ts';
import { createApiKey } from './create-api-key.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const lastUsed = async (id: number) => (await ctx.deps.prisma.apiKey.findUniqueOrThrow({ where: { id } })).lastUsedAt;
const settle = () => new Promise((r) => setTimeout(r, 150));

describe('authenticateApiKey', () => {
  it('records the last use at most once a minute, so concurrent calls do not queue on the key row', async () => {
    const { key, id } = await createApiKey(ctx.deps, testSystem, { owner: 'LEADSOR' });
    let clock = new Date('2026-11-23T10:00:00Z');
    const deps = { ...ctx.deps, now: () => clock };
    expect(await authenticateApiKey(deps, key)).toMatchObject({ id, owner: 'LEADSOR' });
    await settle();
    expect(await lastUsed(id)).toEqual(new Date('2026-11-23T10:00:00Z'));
    clock = new Date('2026-11-23T10:00:59Z');
    await Promise.all(Array.from({ length: 10 }, () => authenticateApiKey(deps, key)));
    await settle();
    expect(await lastUsed(id)).toEqual(new Date('2026-11-23T10:00:00Z'));
    clock = new Date('2026-11-23T10:01:00Z');
    await authenticateApiKey(deps, key);
    await settle();
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
