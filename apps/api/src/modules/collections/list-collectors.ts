import type { Actor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';

/** GET /collections/collectors/: the active staff deals can be assigned to (COLLECTIONS and ADMIN), by name. */
export async function listCollectors(deps: Pick<Deps, 'prisma'>, _actor: Actor): Promise<{ id: number; name: string }[]> {
  const users = await deps.prisma.staffUser.findMany({
    where: { isActive: true, role: { in: ['COLLECTIONS', 'ADMIN'] } },
    select: { id: true, firstName: true, lastName: true, email: true },
    orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
  });
  return users.map((u) => ({ id: u.id, name: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email }));
}
