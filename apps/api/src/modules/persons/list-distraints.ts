import type { Distraint, DISTRAINT_ORDERING_FIELDS, DistraintListQuery } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { requirePerson, toDistraint } from './person-view.ts';

export type DistraintOrderingField = (typeof DISTRAINT_ORDERING_FIELDS)[number];
export type DistraintOrdering = { field: DistraintOrderingField; direction: 'asc' | 'desc' }[];

const columns = {
  id: 'id',
  file_mark: 'fileMark',
  state: 'state',
  amount: 'amount',
  started_at: 'startedAt',
  created_at: 'createdAt',
} as const satisfies Record<DistraintOrderingField, string>;

// Empty amounts and dates sort last either way.
const nullable = new Set<DistraintOrderingField>(['amount', 'started_at']);

export const distraintOrderBy = (ordering: DistraintOrdering) => [
  ...ordering.map((o) => ({ [columns[o.field]]: nullable.has(o.field) ? { sort: o.direction, nulls: 'last' as const } : o.direction })),
  { id: 'asc' as const },
];

/** GET /persons/{personId}/distraint/: all executions against the person (not paged; a person has few). */
export async function listDistraints(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: DistraintListQuery & { personId: number }): Promise<Distraint[]> {
  const { personId, ordering } = input;
  await requirePerson(deps.prisma, personId);
  const rows = await deps.prisma.distraint.findMany({ where: { personId }, orderBy: distraintOrderBy(ordering) });
  return rows.map(toDistraint);
}
