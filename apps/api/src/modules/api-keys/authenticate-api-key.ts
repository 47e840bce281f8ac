import type { ApiKeyOwner } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { apiKeyMatches, parseApiKey } from './api-key-format.ts';

const LAST_USE_RESOLUTION_MS = 60_000;

/**
 * The active key this clear-text key belongs to, or null. Every partner push asks: the lookup is
 * one prepared statement on the pool, not a Prisma query compiled and mapped each time
 * (bench:load, docs/decisions/0043).
 */
export async function authenticateApiKey(deps: Pick<Deps, 'prisma' | 'pool' | 'now'>, key: string) {
  const parsed = parseApiKey(key);
  if (!parsed) return null;
  // Last use is informative only: do not let it slow down or fail the request. Written at most
  // once a minute per key: every push writing the one row of its partner's key made concurrent
  // pushes queue on that row's lock and hold pool connections while they waited. Whether it is
  // due is asked in SQL (last_used_at is a UTC timestamp without zone, as Prisma writes it).
  const now = deps.now();
  const stale = new Date(now.getTime() - LAST_USE_RESOLUTION_MS);
  const { rows } = await deps.pool.query<{ id: number; prefix: string; key_hash: string; owner: ApiKeyOwner; due: boolean }>({
    name: 'auth-active-api-key',
    text: `SELECT id, prefix, key_hash, owner::text AS owner, (last_used_at IS NULL OR last_used_at <= ($2::timestamptz AT TIME ZONE 'UTC')) AS due
             FROM api_keys WHERE prefix = $1 AND revoked_at IS NULL`,
    values: [parsed.prefix, stale.toISOString()],
  });
  const row = rows[0];
  if (!row || !apiKeyMatches(key, row.key_hash)) return null;
  if (row.due) {
    void deps.prisma.apiKey
      .updateMany({ where: { id: row.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: stale } }] }, data: { lastUsedAt: now } })
      .catch(() => undefined);
  }
  return { id: row.id, prefix: row.prefix, owner: row.owner };
}
