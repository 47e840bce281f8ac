import type { DealModelListQuery, DealModelView } from '@lending/contracts';
import type { Actor } from '../../../domain/actor.ts';
import { paginate, type ResultPage } from '../../../domain/page.ts';
import type { Deps } from '../../../deps.ts';
import { findDeal } from '../deal-records.ts';
import { dealModelViewOf } from './model-record.ts';

const columns = { version: 'version', created_at: 'createdAt', updated_at: 'updatedAt', state: 'state', valid_from: 'validFrom' } as const;

/** GET /deals/{dealId}/deal-model/ (paginated; newest version first unless ordered otherwise). */
export async function listDealModels(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: DealModelListQuery & { dealId: number }): Promise<ResultPage<DealModelView>> {
  const deal = await findDeal(deps.prisma, input.dealId);
  const where = { dealId: input.dealId, ...(input.state ? { state: input.state } : {}) };
  return paginate(
    input,
    () => deps.prisma.dealModel.count({ where }),
    async ({ skip, take }) =>
      (
        await deps.prisma.dealModel.findMany({
          where,
          orderBy: [...input.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'asc' as const }],
          skip,
          take,
        })
      ).map((m) => dealModelViewOf(m, deal.type)),
  );
}
