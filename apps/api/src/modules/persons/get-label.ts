import type { PersonLabel } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { requirePerson, toLabel } from './person-view.ts';

/** GET /persons/{personId}/labels/{id}/ */
export async function getLabel(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { personId: number; id: number }): Promise<PersonLabel> {
  const { personId, id } = input;
  await requirePerson(deps.prisma, personId);
  const label = await deps.prisma.personLabel.findFirst({ where: { id, personId } });
  if (!label) throw notFound();
  return toLabel(label);
}
