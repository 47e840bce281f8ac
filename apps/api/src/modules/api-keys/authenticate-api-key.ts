import type { Deps } from '../../deps.ts';
import { apiKeyMatches, parseApiKey } from './api-key-format.ts';

const LAST_USE_RESOLUTION_MS = 60_000;

/** The active key this clear-text key belongs to, or null. */
export async function authenticateApiKey(deps: Pick<Deps, 'prisma' | 'now'>, key: string) {
  const parsed = parseApiKey(key);
  if (!parsed) return null;
  const row = await deps.prisma.apiKey.findUnique({ where: { prefix: parsed.prefix } });
  if (!row || row.revokedAt || !apiKeyMatches(key, row.keyHash)) return null;
  // Last use is informative only: do not let it slow down or fail the request. Written at most
  // once a minute per key: every push writing the one row of its partner's key made concurrent
  // pushes queue on that row's lock and hold pool connections while they waited.
  const now = deps.now();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USE_RESOLUTION_MS) {
    const stale = new Date(now.getTime() - LAST_USE_RESOLUTION_MS);
    void deps.prisma.apiKey
      .updateMany({ where: { id: row.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: stale } }] }, data: { lastUsedAt: now } })
      .catch(() => undefined);
  }
  return { id: row.id, prefix: row.prefix, owner: row.owner };
}
