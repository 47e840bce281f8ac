import type { REALTY_RIGHT_ORDERING_FIELDS, RealtyRight, RealtyRightListQuery } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { requirePerson, toRealtyRight } from './person-view.ts';

export type RealtyRightOrderingField = (typeof REALTY_RIGHT_ORDERING_FIELDS)[number];
export type RealtyRightOrdering = { field: RealtyRightOrderingField; direction: 'asc' | 'desc' }[];

const columns = {
  id: 'id',
  type: 'type',
  lv_number: 'lvNumber',
  cadastral_area_name: 'cadastralAreaName',
  created_at: 'createdAt',
} as const satisfies Record<RealtyRightOrderingField, string>;

// Empty LV numbers and cadastral areas sort last either way.
const nullable = new Set<RealtyRightOrderingField>(['lv_number', 'cadastral_area_name']);

export const realtyRightOrderBy = (ordering: RealtyRightOrdering) => [
  ...ordering.map((o) => ({ [columns[o.field]]: nullable.has(o.field) ? { sort: o.direction, nulls: 'last' as const } : o.direction })),
  { id: 'asc' as const },
];

/** GET /persons/{personId}/realty-rights/: the person's rights to realties (not paged), with the realty when tracked. */
export async function listRealtyRights(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: RealtyRightListQuery & { personId: number }): Promise<RealtyRight[]> {
  const { personId, ordering } = input;
  await requirePerson(deps.prisma, personId);
  const rows = await deps.prisma.realtyRight.findMany({ where: { personId }, orderBy: realtyRightOrderBy(ordering), include: { realty: true } });
  return rows.map(toRealtyRight);
}
