import type { SystemActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';

/** Revokes the key with this prefix (the CLI); false when no active key has it. */
export async function revokeApiKey(deps: Pick<Deps, 'prisma'>, actor: SystemActor, input: { prefix: string }): Promise<boolean> {
  const prefix = input.prefix.replace(/^lk_/, '').slice(0, 8);
  return deps.prisma.$transaction(async (tx) => {
    const { count } = await tx.apiKey.updateMany({
      where: { prefix, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    if (count > 0) await recordAudit(tx, actor, { action: 'api_key.revoke', entity: 'ApiKey', entityId: prefix });
    return count > 0;
  });
}
