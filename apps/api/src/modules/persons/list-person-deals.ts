import type { PersonDealItem, PersonDealListQuery } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { requirePerson, toPersonDeal } from './person-view.ts';

/** GET /persons/{personId}/deals/: deals the person takes part in, newest first, with the person's role(s). */
export async function listPersonDeals(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: PersonDealListQuery & { personId: number }): Promise<ResultPage<PersonDealItem>> {
  const { personId } = input;
  await requirePerson(deps.prisma, personId);
  const where = { participants: { some: { personId } }, state: input.state };
  return paginate(
    input,
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
