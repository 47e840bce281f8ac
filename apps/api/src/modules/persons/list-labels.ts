import type { PERSON_LABEL_ORDERING_FIELDS, PersonLabel, PersonLabelListQuery } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { requirePerson, toLabel } from './person-view.ts';

type Field = (typeof PERSON_LABEL_ORDERING_FIELDS)[number];
const columns = { id: 'id', name: 'name', created_at: 'createdAt' } as const satisfies Record<Field, string>;

/** GET /persons/{personId}/labels/: all labels of the person (a handful: not paged). */
export async function listLabels(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: PersonLabelListQuery & { personId: number }): Promise<PersonLabel[]> {
  const { personId, ordering } = input;
  await requirePerson(deps.prisma, personId);
  const labels = await deps.prisma.personLabel.findMany({
    where: { personId },
    orderBy: [...ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'asc' as const }],
  });
  return labels.map(toLabel);
}
