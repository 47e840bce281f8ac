import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { tooManyRequests, unauthorized } from '../../http/errors.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import { REFRESH_TOKEN_TTL_SECONDS, signAccessToken, signRefreshToken } from './tokens.ts';

// Failed logins are counted in PostgreSQL so the limit holds across API replicas.
export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 30;
export const INVALID_CREDENTIALS = 'Nesprávný e-mail nebo heslo.';
export const TOO_MANY_ATTEMPTS = 'Příliš mnoho neúspěšných pokusů o přihlášení. Zkuste to prosím za 15 minut.';

/** Staff login: e-mail and password in, an access and a refresh token out. */
export async function issueTokens(
  deps: Pick<Deps, 'prisma' | 'secrets' | 'now'>,
  input: { email: string; password: string; ip: string; requestId?: string },
) {
  const since = new Date(deps.now().getTime() - LOGIN_WINDOW_MINUTES * 60_000);
  const [byEmail, byIp] = await Promise.all([
    deps.prisma.loginFailure.count({ where: { email: input.email, createdAt: { gte: since } } }),
    deps.prisma.loginFailure.count({ where: { ip: input.ip, createdAt: { gte: since } } }),
  ]);
  if (byEmail >= MAX_FAILURES_PER_EMAIL || byIp >= MAX_FAILURES_PER_IP) {
    throw tooManyRequests(TOO_MANY_ATTEMPTS, LOGIN_WINDOW_MINUTES * 60);
  }

  const user = await deps.prisma.staffUser.findUnique({ where: { email: input.email } });
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !valid || !user.isActive) {
    await deps.prisma.loginFailure.create({ data: { email: input.email, ip: input.ip } });
    throw unauthorized(INVALID_CREDENTIALS);
  }

  const jti = randomUUID();
  const now = deps.now();
  await deps.prisma.$transaction([
    deps.prisma.refreshToken.create({
      data: { id: jti, userId: user.id, expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000) },
    }),
    deps.prisma.staffUser.update({ where: { id: user.id }, data: { lastLoginAt: now } }),
    deps.prisma.loginFailure.deleteMany({ where: { email: input.email } }),
    deps.prisma.auditLog.create({
      data: { actorType: 'STAFF', actorId: String(user.id), action: 'auth.login', entity: 'StaffUser', entityId: String(user.id), ip: input.ip, requestId: input.requestId },
    }),
  ]);
  return {
    access: signAccessToken(deps.secrets.jwtSecret, user),
    refresh: signRefreshToken(deps.secrets.jwtSecret, user, jti),
  };
}
