import type { CloseOfBusinessRun } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { paginate, type Page, type PageQuery } from '../../http/pagination.ts';
import { closeOfBusinessRunView } from './close-of-business-view.ts';

export interface CloseOfBusinessListQuery extends PageQuery {
  date_from?: Date;
  date_to?: Date;
  ordering: { field: 'business_date'; direction: 'asc' | 'desc' }[];
}

/** GET /close-of-business/: the business dates closed, with what each close did; newest first by default. */
export async function listCloseOfBusinessRuns(deps: Pick<Deps, 'prisma'>, query: CloseOfBusinessListQuery, listUrl: string): Promise<Page<CloseOfBusinessRun>> {
  const where = { businessDate: { gte: query.date_from, lte: query.date_to } };
  return paginate(
    listUrl,
    query,
    () => deps.prisma.closeOfBusiness.count({ where }),
    async ({ skip, take }) => {
      const rows = await deps.prisma.closeOfBusiness.findMany({
        where,
        skip,
        take,
        orderBy: query.ordering.length ? query.ordering.map((o) => ({ businessDate: o.direction })) : [{ businessDate: 'desc' as const }],
      });
      return rows.map(closeOfBusinessRunView);
    },
  );
}
