import { createHash } from 'node:crypto';
import type { PrismaClient } from '../db/prisma.ts';
import { tooManyRequests } from './errors.ts';

/**
 * A limit of `max` requests per fixed window for one key (an IP address, a form token...).
 * Every rule counts in a bucket of its own, named after it: the whisperer's keystrokes never
 * use up the quota of new forms.
 */
export interface RateLimitRule {
  name: string;
  windowSeconds: number;
  max: number;
  /** Whose requests are counted: the caller's network (IP address) or one application. */
  scope: 'network' | 'application';
  /** The bucket of this request; null skips the rule (e.g. no token in the path). */
  key: (request: { ip: string; params: Record<string, string> }) => string | null;
}

const SCOPE_MESSAGES: Record<RateLimitRule['scope'], string> = {
  network: 'Příliš mnoho požadavků z Vaší sítě.',
  application: 'Příliš mnoho požadavků k této žádosti.',
};

const plural = (n: number, one: string, few: string, many: string) => (n === 1 ? one : n >= 2 && n <= 4 ? few : many);

/** "za 45 sekund", "za 1 minutu", "za 3 minuty", "za 10 minut": when to try again, in Czech. */
export function waitInCzech(seconds: number): string {
  if (seconds < 60) return `za ${seconds} ${plural(seconds, 'sekundu', 'sekundy', 'sekund')}`;
  const minutes = Math.ceil(seconds / 60);
  return `za ${minutes} ${plural(minutes, 'minutu', 'minuty', 'minut')}`;
}

/** The 429 message: whose requests were too many, and when to try again (also in Retry-After). */
export function tooManyRequestsMessage(scope: RateLimitRule['scope'], retryAfterSeconds: number): string {
  return `${SCOPE_MESSAGES[scope]} Zkuste to prosím znovu ${waitInCzech(retryAfterSeconds)}.`;
}

/** The stored key of a rule's bucket: long keys (a fuzzed token) hashed to fit the index. */
export function bucketKey(rule: Pick<RateLimitRule, 'name'>, key: string): string {
  return `${rule.name}:${key.length > 100 ? createHash('sha256').update(key).digest('base64url') : key}`;
}

/**
 * Counts the request in PostgreSQL (one upsert per rule), so limits hold across API replicas,
 * and throws 429 with Retry-After once a bucket is full. Old buckets are swept by an hourly job
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
      INSERT INTO rate_limit_buckets (key, window_start, hits) VALUES (${bucketKey(rule, key)}, ${windowStart}, 1)
      ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_buckets.hits + 1
      RETURNING hits`;
    if ((row?.hits ?? 0) > rule.max * factor) {
      const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
      throw tooManyRequests(tooManyRequestsMessage(rule.scope, retryAfter), retryAfter);
    }
  }
}

const TEN_MINUTES = 600;
const perIp = (name: string, max: number): RateLimitRule => ({ name, windowSeconds: TEN_MINUTES, max, scope: 'network', key: ({ ip }) => ip });
const perParam = (name: string, param: string, max: number): RateLimitRule => ({
  name,
  windowSeconds: TEN_MINUTES,
  max,
  scope: 'application',
  key: ({ params }) => params[param] ?? null,
});

/**
 * Limits of the applicant's public endpoints, one bucket each. Per address they are sized for
 * ~100 applicants behind one shared address (office NAT, mobile CGNAT) within 10 minutes;
 * per application for ~5 times what one applicant needs. docs/decisions/0014 has the reasoning.
 */
export const publicLimits = {
  /** POST /forms/: an applicant starts one or two forms. */
  newForms: perIp('forms-new', 200),
  /** Everything under /forms/{token}/ and /forms/question/, by address: ~60 calls an application. */
  formsByIp: perIp('forms-ip', 6000),
  formsByToken: perParam('forms-token', 'token', 300),
  /** The address whisperer: a call per keystroke, ~80 an application (two addresses). */
  whisperer: perIp('address-ip', 8000),
  /** Uploads: up to ~10 files an application; a form holds at most 100. */
  uploadsByIp: perIp('uploads-ip', 1000),
  uploadsByToken: perParam('uploads-token', 'token', 150),
  /** Starting an online bank connection: one to three an application. */
  bankConnectionByIp: perIp('bank-connection-ip', 300),
  bankConnectionByToken: perParam('bank-connection-token', 'token', 20),
  /** The sandbox provider's pages: a few per connection. */
  bankSandboxByIp: perIp('bank-sandbox-ip', 1000),
  bankSandboxByClient: perParam('bank-sandbox-client', 'client', 60),
} satisfies Record<string, RateLimitRule>;
