import type { Deps } from '../../deps.ts';

/** Revokes the key with this prefix; false when no active key has it. */
export async function revokeApiKey(deps: Pick<Deps, 'prisma'>, input: { prefix: string }): Promise<boolean> {
  const prefix = input.prefix.replace(/^lk_/, '').slice(0, 8);
  const { count } = await deps.prisma.apiKey.updateMany({
    where: { prefix, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count > 0) {
    await deps.prisma.auditLog.create({
      data: { actorType: 'SYSTEM', action: 'api_key.revoke', entity: 'ApiKey', entityId: prefix },
    });
  }
  return count > 0;
}
