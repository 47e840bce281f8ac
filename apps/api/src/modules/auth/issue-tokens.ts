import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { tooManyRequests, unauthorized } from '../../http/errors.ts';
import { deviceIsTrusted, issueDeviceToken, throttleAddress } from './login-devices.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import { REFRESH_TOKEN_TTL_SECONDS, signAccessToken, signRefreshToken } from './tokens.ts';

// Failed logins are counted in PostgreSQL so the limits hold across API replicas. Why these
// three and these numbers: docs/decisions/0015-login-throttling.md.
export const LOGIN_WINDOW_MINUTES = 15;
/** Wrong passwords for one account from one address: that address may no longer try that account. */
export const MAX_FAILURES_PER_EMAIL_AND_IP = 5;
/** Wrong passwords from one address for any accounts: that address may no longer try any. */
export const MAX_FAILURES_PER_IP = 30;
/** Wrong passwords for one account from anywhere: only devices it signed in from before may still try. */
export const MAX_FAILURES_PER_EMAIL = 20;
export const INVALID_CREDENTIALS = 'Nesprávný e-mail nebo heslo.';
export const TOO_MANY_ATTEMPTS = 'Příliš mnoho neúspěšných pokusů o přihlášení. Zkuste to prosím za 15 minut.';
export const ACCOUNT_UNDER_ATTACK =
  'K tomuto účtu přišlo příliš mnoho neúspěšných pokusů o přihlášení. Přihlaste se ze zařízení, ze kterého jste se už přihlásili, nebo to zkuste za 15 minut.';

export interface IssuedTokens {
  access: string;
  refresh: string;
  /** For the login-device cookie: this client may sign in even while the account is under attack. */
  deviceToken: string;
}

/**
 * Staff login: e-mail and password in, an access and a refresh token out. Wrong passwords are
 * throttled per account and address, per address, and per account from anywhere, the last one
 * sparing the devices the account signed in from before (`device`), so nobody can lock staff out.
 */
export async function issueTokens(
  deps: Pick<Deps, 'prisma' | 'secrets' | 'now'>,
  input: { email: string; password: string; ip: string; requestId?: string; device?: string },
): Promise<IssuedTokens> {
  const address = throttleAddress(input.ip);
  const since = new Date(deps.now().getTime() - LOGIN_WINDOW_MINUTES * 60_000);
  const [counts] = await deps.prisma.$queryRaw<{ pair: number; by_ip: number; by_email: number }[]>`
    SELECT count(*) FILTER (WHERE email = ${input.email} AND ip = ${address})::int AS pair,
           count(*) FILTER (WHERE ip = ${address})::int AS by_ip,
           count(*) FILTER (WHERE email = ${input.email})::int AS by_email
    FROM login_failures
    WHERE created_at >= ${since} AND (email = ${input.email} OR ip = ${address})`;
  const retryAfter = LOGIN_WINDOW_MINUTES * 60;
  if (counts && (counts.pair >= MAX_FAILURES_PER_EMAIL_AND_IP || counts.by_ip >= MAX_FAILURES_PER_IP)) throw tooManyRequests(TOO_MANY_ATTEMPTS, retryAfter);
  if (counts && counts.by_email >= MAX_FAILURES_PER_EMAIL && !deviceIsTrusted(deps.secrets.jwtSecret, input.device, input.email, deps.now())) {
    throw tooManyRequests(ACCOUNT_UNDER_ATTACK, retryAfter);
  }

  const user = await deps.prisma.staffUser.findUnique({ where: { email: input.email } });
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !valid || !user.isActive) {
    await deps.prisma.loginFailure.create({ data: { email: input.email, ip: address } });
    if (Math.random() < 0.01) await deps.prisma.loginFailure.deleteMany({ where: { createdAt: { lt: new Date(deps.now().getTime() - 86_400_000) } } });
    throw unauthorized(INVALID_CREDENTIALS);
  }

  const jti = randomUUID();
  const now = deps.now();
  await deps.prisma.$transaction([
    deps.prisma.refreshToken.create({
      data: { id: jti, userId: user.id, expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000) },
    }),
    deps.prisma.staffUser.update({ where: { id: user.id }, data: { lastLoginAt: now } }),
    // Only this address's mistakes are forgiven: an attacker's failures elsewhere keep counting.
    deps.prisma.loginFailure.deleteMany({ where: { email: input.email, ip: address } }),
    deps.prisma.auditLog.create({
      data: { actorType: 'STAFF', actorId: String(user.id), action: 'auth.login', entity: 'StaffUser', entityId: String(user.id), ip: input.ip, requestId: input.requestId },
    }),
  ]);
  return {
    access: signAccessToken(deps.secrets.jwtSecret, user),
    refresh: signRefreshToken(deps.secrets.jwtSecret, user, jti),
    deviceToken: issueDeviceToken(deps.secrets.jwtSecret, input.email, now),
  };
}
