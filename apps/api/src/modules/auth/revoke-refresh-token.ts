import type { Deps } from '../../deps.ts';
import { badRequest } from '../../http/errors.ts';
import { verifyToken } from './tokens.ts';

/** Logout: revokes the caller's refresh token so it can no longer issue access tokens. */
export async function revokeRefreshToken(
  deps: Pick<Deps, 'prisma' | 'secrets' | 'now'>,
  input: { userId: number; refresh: string; ip?: string; requestId?: string },
): Promise<void> {
  const payload = verifyToken(deps.secrets.jwtSecret, input.refresh, 'refresh');
  if (!payload?.jti || payload.sub !== String(input.userId)) {
    throw badRequest({ refresh: ['Obnovovací token je neplatný.'] });
  }
  await deps.prisma.refreshToken.updateMany({
    where: { id: payload.jti, userId: input.userId, revokedAt: null },
    data: { revokedAt: deps.now() },
  });
  await deps.prisma.auditLog.create({
    data: { actorType: 'STAFF', actorId: String(input.userId), action: 'auth.logout', entity: 'StaffUser', entityId: String(input.userId), ip: input.ip, requestId: input.requestId },
  });
}
