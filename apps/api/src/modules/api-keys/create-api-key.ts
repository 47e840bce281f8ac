import type { ApiKeyOwner } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { generateApiKey } from './api-key-format.ts';

/** Issues a key for a partner or for monitoring; the clear key is returned once and never stored. */
export async function createApiKey(deps: Pick<Deps, 'prisma'>, input: { owner: ApiKeyOwner; name?: string }) {
  const { key, prefix, hash } = generateApiKey();
  const row = await deps.prisma.apiKey.create({
    data: { prefix, keyHash: hash, owner: input.owner, name: input.name ?? '' },
  });
  await deps.prisma.auditLog.create({
    data: { actorType: 'SYSTEM', action: 'api_key.create', entity: 'ApiKey', entityId: String(row.id), changes: { prefix, owner: input.owner } },
  });
  return { key, prefix, owner: row.owner, id: row.id };
}
