import type { RealtyGroup, RealtyGroupOrderingField } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { paginate, type Page, type PageQuery } from '../../http/pagination.ts';
import { groupInclude, requireDeal, toRealtyGroup } from './realty-group-view.ts';

const columns = { id: 'id', name: 'name', mortgage: 'mortgage', created_at: 'createdAt' } as const satisfies Record<RealtyGroupOrderingField, string>;

export interface RealtyGroupListQuery extends PageQuery {
  mortgage?: boolean;
  ordering: { field: RealtyGroupOrderingField; direction: 'asc' | 'desc' }[];
}

/** GET /deals/{dealId}/realty-groups/: the deal's realty groups, paged. */
export async function listRealtyGroups(deps: Pick<Deps, 'prisma'>, dealId: number, query: RealtyGroupListQuery, listUrl: string): Promise<Page<RealtyGroup>> {
  await requireDeal(deps.prisma, dealId);
  const where = { dealId, ...(query.mortgage === undefined ? {} : { mortgage: query.mortgage }) };
  return paginate(
    listUrl,
    query,
    () => deps.prisma.realtyGroup.count({ where }),
    async ({ skip, take }) => {
      const rows = await deps.prisma.realtyGroup.findMany({
        where,
        include: groupInclude,
        orderBy: [...query.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'asc' as const }],
        skip,
        take,
      });
      return rows.map(toRealtyGroup);
    },
  );
}
