import type { PrismaClient } from '../db/prisma.ts';
import { tooManyRequests } from './errors.ts';

/** A limit of `max` requests per fixed window for one key (an IP address, a form token...). */
export interface RateLimitRule {
  name: string;
  windowSeconds: number;
  max: number;
  /** The bucket of this request; null skips the rule (e.g. no token in the path). */
  key: (request: { ip: string; params: Record<string, string> }) => string | null;
}

export const TOO_MANY_REQUESTS = 'Příliš mnoho požadavků. Zkuste to prosím za chvíli.';

/**
 * Counts the request in PostgreSQL (one upsert), so limits hold across API replicas, and
 * throws 429 with Retry-After once a bucket is full. Old buckets are swept by an hourly job
 * (maintenance.sweep-expired-records).
 */
export async function enforceRateLimits(
  prisma: PrismaClient,
  rules: readonly RateLimitRule[],
  request: { ip: string; params: Record<string, string> },
  now: Date,
  factor = 1,
): Promise<void> {
  for (const rule of rules) {
    const key = rule.key(request);
    if (key === null) continue;
    const windowMs = rule.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    const [row] = await prisma.$queryRaw<{ hits: number }[]>`
      INSERT INTO rate_limit_buckets (key, window_start, hits) VALUES (${`${rule.name}:${key}`}, ${windowStart}, 1)
      ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_buckets.hits + 1
      RETURNING hits`;
    if ((row?.hits ?? 0) > rule.max * factor) {
      const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
      throw tooManyRequests(TOO_MANY_REQUESTS, retryAfter);
    }
  }
}

/** Limits of the applicant's public endpoints (portal): generous for people, tight for scripts. */
export const publicLimits = {
  perIp: (max = 600): RateLimitRule => ({ name: 'ip', windowSeconds: 600, max, key: ({ ip }) => ip }),
  perToken: (max = 300): RateLimitRule => ({ name: 'token', windowSeconds: 600, max, key: ({ params }) => params.token ?? null }),
};
