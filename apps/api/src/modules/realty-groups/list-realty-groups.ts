import type { RealtyGroup, RealtyGroupListQuery } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { groupInclude, requireDeal, toRealtyGroup } from './realty-group-view.ts';

const columns = { id: 'id', name: 'name', mortgage: 'mortgage', created_at: 'createdAt' } as const;

/** GET /deals/{dealId}/realty-groups/: the deal's realty groups, paged. */
export async function listRealtyGroups(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: RealtyGroupListQuery & { dealId: number }): Promise<ResultPage<RealtyGroup>> {
  await requireDeal(deps.prisma, input.dealId);
  const where = { dealId: input.dealId, ...(input.mortgage === undefined ? {} : { mortgage: input.mortgage }) };
  return paginate(
    input,
    () => deps.prisma.realtyGroup.count({ where }),
    async ({ skip, take }) => {
      const rows = await deps.prisma.realtyGroup.findMany({
        where,
        include: groupInclude,
        orderBy: [...input.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'asc' as const }],
        skip,
        take,
      });
      return rows.map(toRealtyGroup);
    },
  );
}
