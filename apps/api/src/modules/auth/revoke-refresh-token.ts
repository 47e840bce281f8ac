import type { StaffActor } from '../../domain/actor.ts';
import { invalid } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { verifyToken } from './tokens.ts';

export const revokeRefreshTokenMessages = {
  invalidToken: 'Obnovovací token je neplatný.',
};

/**
 * POST /auth/logout/: revokes the caller's refresh token (from the body, or the session cookie) so
 * it can no longer issue access tokens. Without either there is nothing to revoke: signed out.
 */
export async function revokeRefreshToken(deps: Pick<Deps, 'prisma' | 'secrets' | 'now'>, actor: StaffActor, input: { refresh: string | undefined }): Promise<void> {
  if (input.refresh) {
    const payload = verifyToken(deps.secrets.jwtSecret, input.refresh, 'refresh');
    if (!payload?.jti || payload.sub !== String(actor.staffId)) {
      throw invalid({ refresh: [revokeRefreshTokenMessages.invalidToken] });
    }
    await deps.prisma.refreshToken.updateMany({
      where: { id: payload.jti, userId: actor.staffId, revokedAt: null },
      data: { revokedAt: deps.now() },
    });
  }
  await recordAudit(deps.prisma, actor, { action: 'auth.logout', entity: 'StaffUser', entityId: actor.staffId });
}
