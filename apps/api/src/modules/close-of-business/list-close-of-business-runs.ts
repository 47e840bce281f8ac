import type { CloseOfBusinessListQuery, CloseOfBusinessRun } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { closeOfBusinessRunView } from './close-of-business-view.ts';

/** GET /close-of-business/: the business dates closed, with what each close did; newest first by default. */
export async function listCloseOfBusinessRuns(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: CloseOfBusinessListQuery): Promise<ResultPage<CloseOfBusinessRun>> {
  const where = { businessDate: { gte: input.date_from, lte: input.date_to } };
  return paginate(
    input,
    () => deps.prisma.closeOfBusiness.count({ where }),
    async ({ skip, take }) => {
      const rows = await deps.prisma.closeOfBusiness.findMany({
        where,
        skip,
        take,
        orderBy: input.ordering.length ? input.ordering.map((o) => ({ businessDate: o.direction })) : [{ businessDate: 'desc' as const }],
      });
      return rows.map(closeOfBusinessRunView);
    },
  );
}
