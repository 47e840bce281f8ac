import type { Deps } from '../../deps.ts';
import { apiKeyMatches, parseApiKey } from './api-key-format.ts';

/** The active key this clear-text key belongs to, or null. */
export async function authenticateApiKey(deps: Pick<Deps, 'prisma' | 'now'>, key: string) {
  const parsed = parseApiKey(key);
  if (!parsed) return null;
  const row = await deps.prisma.apiKey.findUnique({ where: { prefix: parsed.prefix } });
  if (!row || row.revokedAt || !apiKeyMatches(key, row.keyHash)) return null;
  // Last use is informative only: do not let it slow down or fail the request.
  void deps.prisma.apiKey.update({ where: { id: row.id }, data: { lastUsedAt: deps.now() } }).catch(() => undefined);
  return { id: row.id, prefix: row.prefix, owner: row.owner };
}
