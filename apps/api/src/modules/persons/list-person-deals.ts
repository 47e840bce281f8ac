import type { DealState, PersonDealItem } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { paginate, type PageQuery } from '../../http/pagination.ts';
import { requirePerson, toPersonDeal } from './person-view.ts';

export interface PersonDealsQuery extends PageQuery {
  state?: DealState;
}

/** GET /persons/{personId}/deals/: deals the person takes part in, newest first, with the person's role(s). */
export async function listPersonDeals(deps: Pick<Deps, 'prisma'>, personId: number, query: PersonDealsQuery, listUrl: string) {
  await requirePerson(deps.prisma, personId);
  const where = { participants: { some: { personId } }, state: query.state };
  return paginate<PersonDealItem>(
    listUrl,
    query,
    () => deps.prisma.deal.count({ where }),
    async ({ skip, take }) => {
      const deals = await deps.prisma.deal.findMany({
        where,
        skip,
        take,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        include: { participants: { where: { personId }, select: { role: true }, orderBy: { role: 'asc' } } },
      });
      return deals.map((d) => toPersonDeal(d, d.participants.map((p) => p.role)));
    },
  );
}
