import type { Distraint } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { requirePerson, toDistraint } from './person-view.ts';

/** GET /persons/{personId}/distraint/{id}/ */
export async function getDistraint(deps: Pick<Deps, 'prisma'>, personId: number, id: number): Promise<Distraint> {
  await requirePerson(deps.prisma, personId);
  const row = await deps.prisma.distraint.findFirst({ where: { id, personId } });
  if (!row) throw notFound();
  return toDistraint(row);
}
