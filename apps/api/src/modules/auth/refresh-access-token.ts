import type { Deps } from '../../deps.ts';
import { unauthorized } from '../../http/errors.ts';
import { signAccessToken, verifyToken } from './tokens.ts';

export const INVALID_REFRESH = 'Obnovovací token je neplatný, vypršel nebo byl zneplatněn.';

/** A new access token for a refresh token that is valid, unexpired and not revoked. */
export async function refreshAccessToken(deps: Pick<Deps, 'prisma' | 'secrets' | 'now'>, input: { refresh: string }) {
  const payload = verifyToken(deps.secrets.jwtSecret, input.refresh, 'refresh');
  if (!payload?.jti) throw unauthorized(INVALID_REFRESH);
  const stored = await deps.prisma.refreshToken.findUnique({ where: { id: payload.jti }, include: { user: true } });
  if (!stored || stored.revokedAt || stored.expiresAt <= deps.now() || !stored.user.isActive || String(stored.userId) !== payload.sub) {
    throw unauthorized(INVALID_REFRESH);
  }
  return { access: signAccessToken(deps.secrets.jwtSecret, stored.user) };
}
