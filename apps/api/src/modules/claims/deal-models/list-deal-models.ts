import type { DealModelState, DealModelView } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import { paginate, type Page, type PageQuery } from '../../../http/pagination.ts';
import { findDeal } from '../deal-records.ts';
import { dealModelViewOf } from './model-record.ts';

const columns = { version: 'version', created_at: 'createdAt', updated_at: 'updatedAt', state: 'state', valid_from: 'validFrom' } as const;

export type DealModelListQuery = PageQuery & {
  ordering: { field: keyof typeof columns; direction: 'asc' | 'desc' }[];
  state?: DealModelState;
};

/** GET /deals/{dealId}/deal-model/ (paginated; newest version first unless ordered otherwise). */
export async function listDealModels(deps: Pick<Deps, 'prisma'>, dealId: number, query: DealModelListQuery, listUrl: string): Promise<Page<DealModelView>> {
  const deal = await findDeal(deps.prisma, dealId);
  const where = { dealId, ...(query.state ? { state: query.state } : {}) };
  return paginate(
    listUrl,
    query,
    () => deps.prisma.dealModel.count({ where }),
    async ({ skip, take }) =>
      (
        await deps.prisma.dealModel.findMany({
          where,
          orderBy: [...query.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'asc' as const }],
          skip,
          take,
        })
      ).map((m) => dealModelViewOf(m, deal.type)),
  );
}
