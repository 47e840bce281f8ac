import { createHmac, timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * A browser that has signed in to an account before gets a device token (an HttpOnly cookie on
 * the login path only). While an account is under a password-guessing attack from many
 * addresses, logins for it are refused to every client except those devices, so the attack
 * cannot lock its owner out (OWASP's "device cookies"; docs/decisions/0015-login-throttling.md).
 */
export const DEVICE_COOKIE = 'lending_login_device';
export const DEVICE_TOKEN_DAYS = 90;

const DAY_MS = 86_400_000;

/** A key of its own, derived from the JWT secret: a device token is never a valid JWT and vice versa. */
function deviceKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('login-device-token:v1').digest();
}

const sign = (secret: string, payload: string) => createHmac('sha256', deviceKey(secret)).update(payload).digest('base64url');

/**
 * Which account the device signed in to, as a keyed hash: the cookie names the account without
 * carrying its e-mail (base64 is not secrecy; ROLES.md §3: no readable personal data in a cookie).
 */
const accountOf = (secret: string, email: string) => createHmac('sha256', deviceKey(secret)).update(`account:${email}`).digest('base64url').slice(0, 22);

export function issueDeviceToken(secret: string, email: string, now: Date): string {
  const payload = Buffer.from(JSON.stringify({ a: accountOf(secret, email), exp: now.getTime() + DEVICE_TOKEN_DAYS * DAY_MS })).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** True when `token` was issued by us for `email` and has not expired. */
export function deviceIsTrusted(secret: string, token: string | undefined, email: string, now: Date): boolean {
  if (!token || token.length > 1024) return false;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { a?: unknown; exp?: unknown };
    return claims.a === accountOf(secret, email) && typeof claims.exp === 'number' && claims.exp > now.getTime();
  } catch {
    return false;
  }
}

/** The value of one cookie in a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The address failures are counted for: IPv4 as it is, IPv6 by its /64 network, which one
 * subscriber (one home, one phone) usually holds whole and could otherwise rotate through.
 */
export function throttleAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
