import { dealMessages, type DealIdmEvaluationListQuery, type DealIdmEvaluationView } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import type { IdmEvaluation } from '../../generated/prisma/client.ts';
import { idmEvaluationViewOf } from '../leads/idm-evaluation-view.ts';
import { findDeal } from './deal-views.ts';

const columns = { id: 'id', created_at: 'createdAt', checked_at: 'checkedAt' } as const;

/** The deal's evaluations and those of its lead (the underwriting the deal was made on). */
function whereOf(deal: { id: number; leadId: number | null }) {
  return { OR: [{ dealId: deal.id }, ...(deal.leadId === null ? [] : [{ leadId: deal.leadId }])] };
}

function viewOf(evaluation: IdmEvaluation): DealIdmEvaluationView {
  return { ...idmEvaluationViewOf(evaluation), lead_id: evaluation.leadId, deal_id: evaluation.dealId };
}

/** GET /deals/{dealId}/idm-evaluations/ (filter deal_model), newest first. */
export async function listDealIdmEvaluations(
  deps: Pick<Deps, 'prisma'>,
  _actor: Actor,
  input: DealIdmEvaluationListQuery & { dealId: number },
): Promise<ResultPage<DealIdmEvaluationView>> {
  const deal = await findDeal(deps.prisma, input.dealId);
  const where = { AND: [whereOf(deal), ...(input.deal_model === undefined ? [] : [{ dealModelId: input.deal_model }])] };
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
      ).map(viewOf),
  );
}

/** GET /deals/{dealId}/idm-evaluations/{id}/ */
export async function getDealIdmEvaluation(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { dealId: number; id: number }): Promise<DealIdmEvaluationView> {
  const deal = await findDeal(deps.prisma, input.dealId);
  const evaluation = await deps.prisma.idmEvaluation.findFirst({ where: { AND: [whereOf(deal), { id: input.id }] } });
  if (!evaluation) throw notFound(dealMessages.itemNotFound);
  return viewOf(evaluation);
}
