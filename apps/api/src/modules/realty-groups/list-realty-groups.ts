import type { RealtyGroup, RealtyGroupListQuery } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { groupInclude, requireDeal, toRealtyGroup } from './realty-group-view.ts';

const columns = { id: 'id', name: 'name', mortgage: 'mortgage', created_at: 'createdAt' } as const;

export type ListRealtyGroupsInput = Partial<Pick<RealtyGroupListQuery, 'mortgage'>> &
  Pick<RealtyGroupListQuery, 'page' | 'page_size'> & {
    ordering?: RealtyGroupListQuery['ordering'];
    /** Under /deals/{dealId}/: that deal's groups (404 without the deal); at the top level every deal's. */
    dealId?: number;
    /** GET /realty-group/?search=: the group's name, its deal's number, a realty's address, LV or territory. */
    search?: string;
  };

/** GET /deals/{dealId}/realty-groups/ and GET /realty-group/: realty groups, paged. */
export async function listRealtyGroups(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: ListRealtyGroupsInput): Promise<ResultPage<RealtyGroup>> {
  if (input.dealId !== undefined) await requireDeal(deps.prisma, input.dealId);
  const where: Prisma.RealtyGroupWhereInput = {
    dealId: input.dealId ?? { not: null },
    ...(input.mortgage === undefined ? {} : { mortgage: input.mortgage }),
    ...(input.search ? { OR: searchOf(input.search) } : {}),
  };
  const ordering = input.ordering ?? [];
  return paginate(
    input,
    () => deps.prisma.realtyGroup.count({ where }),
    async ({ skip, take }) => {
      const rows = await deps.prisma.realtyGroup.findMany({
        where,
        include: groupInclude,
        orderBy: [...ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'asc' as const }],
        skip,
        take,
      });
      return rows.map(toRealtyGroup);
    },
  );
}

function searchOf(search: string): Prisma.RealtyGroupWhereInput[] {
  const text = { contains: search, mode: 'insensitive' as const };
  const number = /^\d{1,9}$/.test(search) ? Number(search) : null;
  return [
    { name: text },
    ...(number === null ? [] : [{ dealId: number }]),
    { realties: { some: { realty: { OR: [{ wholeAddress: text }, { lvNumber: search }, { cadastralAreaName: text }] } } } },
  ];
}
