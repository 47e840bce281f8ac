import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// A key reads `lk_<prefix>.<secret>`: the prefix (8 url-safe characters) is stored in clear to
// find the key and to name it in logs and the CLI; the secret (32 random bytes) only as SHA-256.
// A fast hash is right here: the secret has 256 bits of entropy, so it cannot be guessed.
const KEY_PATTERN = /^lk_([A-Za-z0-9_-]{8})\.([A-Za-z0-9_-]{43})$/;

export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const prefix = randomBytes(6).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  const key = `lk_${prefix}.${secret}`;
  return { key, prefix, hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function parseApiKey(key: string): { prefix: string } | null {
  const match = KEY_PATTERN.exec(key);
  return match ? { prefix: match[1]! } : null;
}

export function apiKeyMatches(key: string, storedHash: string): boolean {
  const actual = Buffer.from(hashApiKey(key), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
