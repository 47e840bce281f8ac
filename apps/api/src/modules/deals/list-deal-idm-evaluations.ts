import type { DealIdmEvaluationListQuery, DealIdmEvaluationView } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { dealIdmEvaluationViewOf, idmEvaluationsOf } from './deal-idm-evaluation-view.ts';
import { findDeal } from './deal-views.ts';

const columns = { id: 'id', created_at: 'createdAt', checked_at: 'checkedAt' } as const;

/** GET /deals/{dealId}/idm-evaluations/ (filter deal_model), newest first. */
export async function listDealIdmEvaluations(
  deps: Pick<Deps, 'prisma'>,
  _actor: Actor,
  input: DealIdmEvaluationListQuery & { dealId: number },
): Promise<ResultPage<DealIdmEvaluationView>> {
  const deal = await findDeal(deps.prisma, input.dealId);
  const where = { AND: [idmEvaluationsOf(deal), ...(input.deal_model === undefined ? [] : [{ dealModelId: input.deal_model }])] };
  const last = input.ordering.at(-1)?.direction ?? 'desc';
  return paginate(
    input,
    () => deps.prisma.idmEvaluation.count({ where }),
    async ({ skip, take }) =>
      (
        await deps.prisma.idmEvaluation.findMany({
          where,
          orderBy: [...input.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: last }],
          skip,
          take,
        })
      ).map(dealIdmEvaluationViewOf),
  );
}
