import { permissionsOf, StaffRole, type CurrentUser } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { unauthenticated } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';

/** GET /auth/me/: the signed-in staff member. */
export async function getCurrentUser(deps: Pick<Deps, 'prisma'>, actor: StaffActor, _input: Record<string, never>): Promise<CurrentUser> {
  const user = await deps.prisma.staffUser.findUnique({ where: { id: actor.staffId } });
  if (!user) throw unauthenticated();
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    role_label: StaffRole.labels[user.role],
    permissions: permissionsOf(user.role),
    first_name: user.firstName,
    last_name: user.lastName,
  };
}
