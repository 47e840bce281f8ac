import type { Distraint } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { requirePerson, toDistraint } from './person-view.ts';

/** GET /persons/{personId}/distraint/{id}/ */
export async function getDistraint(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { personId: number; id: number }): Promise<Distraint> {
  const { personId, id } = input;
  await requirePerson(deps.prisma, personId);
  const row = await deps.prisma.distraint.findFirst({ where: { id, personId } });
  if (!row) throw notFound();
  return toDistraint(row);
}
