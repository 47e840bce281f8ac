import { randomUUID } from 'node:crypto';
import type { TokenRequest } from '@lending/contracts';
import type { PublicActor, StaffActor } from '../../domain/actor.ts';
import { rateLimited, unauthenticated } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
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
  actor: PublicActor,
  input: { credentials: TokenRequest; device?: string },
): Promise<IssuedTokens> {
  const { email, password } = input.credentials;
  const address = throttleAddress(actor.meta.ip);
  const since = new Date(deps.now().getTime() - LOGIN_WINDOW_MINUTES * 60_000);
  const [counts] = await deps.prisma.$queryRaw<{ pair: number; by_ip: number; by_email: number }[]>`
    SELECT count(*) FILTER (WHERE email = ${email} AND ip = ${address})::int AS pair,
           count(*) FILTER (WHERE ip = ${address})::int AS by_ip,
           count(*) FILTER (WHERE email = ${email})::int AS by_email
    FROM login_failures
    WHERE created_at >= ${since} AND (email = ${email} OR ip = ${address})`;
  const retryAfter = LOGIN_WINDOW_MINUTES * 60;
  if (counts && (counts.pair >= MAX_FAILURES_PER_EMAIL_AND_IP || counts.by_ip >= MAX_FAILURES_PER_IP)) throw rateLimited(TOO_MANY_ATTEMPTS, retryAfter);
  if (counts && counts.by_email >= MAX_FAILURES_PER_EMAIL && !deviceIsTrusted(deps.secrets.jwtSecret, input.device, email, deps.now())) {
    throw rateLimited(ACCOUNT_UNDER_ATTACK, retryAfter);
  }

  const user = await deps.prisma.staffUser.findUnique({ where: { email } });
  const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !valid || !user.isActive) {
    await deps.prisma.loginFailure.create({ data: { email, ip: address } });
    if (Math.random() < 0.01) await deps.prisma.loginFailure.deleteMany({ where: { createdAt: { lt: new Date(deps.now().getTime() - 86_400_000) } } });
    throw unauthenticated(INVALID_CREDENTIALS);
  }

  const jti = randomUUID();
  const now = deps.now();
  // From here on the caller is this staff member: the audit log records the login as theirs.
  const staff: StaffActor = { kind: 'staff', staffId: user.id, role: user.role, meta: actor.meta };
  await deps.prisma.$transaction(async (tx) => {
    await tx.refreshToken.create({
      data: { id: jti, userId: user.id, expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000) },
    });
    await tx.staffUser.update({ where: { id: user.id }, data: { lastLoginAt: now } });
    // Only this address's mistakes are forgiven: an attacker's failures elsewhere keep counting.
    await tx.loginFailure.deleteMany({ where: { email, ip: address } });
    await recordAudit(tx, staff, { action: 'auth.login', entity: 'StaffUser', entityId: user.id });
  });
  return {
    access: signAccessToken(deps.secrets.jwtSecret, user),
    refresh: signRefreshToken(deps.secrets.jwtSecret, user, jti),
    deviceToken: issueDeviceToken(deps.secrets.jwtSecret, email, now),
  };
}
