import type { RefreshResponse } from '@lending/contracts';
import type { PublicActor } from '../../domain/actor.ts';
import { unauthenticated } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { signAccessToken, verifyToken } from './tokens.ts';

export const INVALID_REFRESH = 'Obnovovací token je neplatný, vypršel nebo byl zneplatněn.';

/**
 * POST /auth/token/refresh/: a new access token for a refresh token that is valid, unexpired and
 * not revoked — from the body, or from the session cookie (the router reads either).
 */
export async function refreshAccessToken(deps: Pick<Deps, 'prisma' | 'secrets' | 'now'>, _actor: PublicActor, input: { refresh: string | undefined }): Promise<RefreshResponse> {
  if (!input.refresh) throw unauthenticated();
  const payload = verifyToken(deps.secrets.jwtSecret, input.refresh, 'refresh');
  if (!payload?.jti) throw unauthenticated(INVALID_REFRESH);
  const stored = await deps.prisma.refreshToken.findUnique({ where: { id: payload.jti }, include: { user: true } });
  if (!stored || stored.revokedAt || stored.expiresAt <= deps.now() || !stored.user.isActive || String(stored.userId) !== payload.sub) {
    throw unauthenticated(INVALID_REFRESH);
  }
  return { access: signAccessToken(deps.secrets.jwtSecret, stored.user) };
}
