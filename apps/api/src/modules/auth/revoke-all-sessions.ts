import type { StaffActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';

/**
 * POST /auth/logout-all/ ("Odhlásit všude", ROLES.md §3): revokes every refresh token of the
 * caller — every browser and device. Their access tokens are stateless and end within their
 * 15 minutes; the back-office's other tabs of this browser sign out at once (they are told).
 */
export async function revokeAllSessions(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, _input: Record<string, never>): Promise<{ revoked: number }> {
  return deps.prisma.$transaction(async (tx) => {
    const { count } = await tx.refreshToken.updateMany({ where: { userId: actor.staffId, revokedAt: null }, data: { revokedAt: deps.now() } });
    await recordAudit(tx, actor, { action: 'auth.logout_all', entity: 'StaffUser', entityId: actor.staffId, changes: { revoked: count } });
    return { revoked: count };
  });
}
