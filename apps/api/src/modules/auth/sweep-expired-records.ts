import type { SystemActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';

const DAY_MS = 86_400_000;

export interface SweptRecords {
  rate_limit_buckets: number;
  refresh_tokens: number;
  login_failures: number;
}

/**
 * Deletes what only served to count or to refuse and can do neither any more: rate-limit
 * buckets and failed logins over a day old (their windows are minutes long), and refresh
 * tokens that expired or were revoked over a day ago (a token that is not stored is refused
 * just as one revoked). Run hourly by the maintenance.sweep-expired-records job.
 */
export async function sweepExpiredRecords(deps: Pick<Deps, 'prisma' | 'now'>, _actor: SystemActor, _input: Record<string, never>): Promise<SweptRecords> {
  const now = deps.now();
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const [buckets, tokens, failures] = await Promise.all([
    deps.prisma.rateLimitBucket.deleteMany({ where: { windowStart: { lt: dayAgo } } }),
    deps.prisma.refreshToken.deleteMany({ where: { OR: [{ expiresAt: { lt: now } }, { revokedAt: { lt: dayAgo } }] } }),
    deps.prisma.loginFailure.deleteMany({ where: { createdAt: { lt: dayAgo } } }),
  ]);
  return { rate_limit_buckets: buckets.count, refresh_tokens: tokens.count, login_failures: failures.count };
}
