import type { ApiKeyOwner } from '@lending/contracts';
import type { SystemActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { generateApiKey } from './api-key-format.ts';

/** Issues a key for a partner or for monitoring (the CLI); the clear key is returned once and never stored. */
export async function createApiKey(deps: Pick<Deps, 'prisma'>, actor: SystemActor, input: { owner: ApiKeyOwner; name?: string }) {
  const { key, prefix, hash } = generateApiKey();
  const row = await deps.prisma.$transaction(async (tx) => {
    const created = await tx.apiKey.create({ data: { prefix, keyHash: hash, owner: input.owner, name: input.name ?? '' } });
    await recordAudit(tx, actor, { action: 'api_key.create', entity: 'ApiKey', entityId: created.id, changes: { prefix, owner: input.owner } });
    return created;
  });
  return { key, prefix, owner: row.owner, id: row.id };
}
