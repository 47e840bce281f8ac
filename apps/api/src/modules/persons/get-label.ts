import type { PersonLabel } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { requirePerson, toLabel } from './person-view.ts';

/** GET /persons/{personId}/labels/{id}/ */
export async function getLabel(deps: Pick<Deps, 'prisma'>, personId: number, id: number): Promise<PersonLabel> {
  await requirePerson(deps.prisma, personId);
  const label = await deps.prisma.personLabel.findFirst({ where: { id, personId } });
  if (!label) throw notFound();
  return toLabel(label);
}
