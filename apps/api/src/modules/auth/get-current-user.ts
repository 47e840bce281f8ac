import { StaffRole } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { unauthorized } from '../../http/errors.ts';

export async function getCurrentUser(deps: Pick<Deps, 'prisma'>, input: { userId: number }) {
  const user = await deps.prisma.staffUser.findUnique({ where: { id: input.userId } });
  if (!user) throw unauthorized();
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    role_label: StaffRole.labels[user.role],
    first_name: user.firstName,
    last_name: user.lastName,
  };
}
