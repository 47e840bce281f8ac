import { dealMessages, type DealIdmEvaluationView } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { IdmEvaluation } from '../../generated/prisma/client.ts';
import { notFound } from '../../http/errors.ts';
import { paginate, type Page, type PageQuery } from '../../http/pagination.ts';
import { idmEvaluationViewOf } from '../leads/idm-evaluation-view.ts';
import { findDeal } from './deal-views.ts';

export interface DealIdmQuery extends PageQuery {
  deal_model?: number;
  ordering: { field: 'id' | 'created_at' | 'checked_at'; direction: 'asc' | 'desc' }[];
}

const columns = { id: 'id', created_at: 'createdAt', checked_at: 'checkedAt' } as const;

/** The deal's evaluations and those of its lead (the underwriting the deal was made on). */
function whereOf(deal: { id: number; leadId: number | null }) {
  return { OR: [{ dealId: deal.id }, ...(deal.leadId === null ? [] : [{ leadId: deal.leadId }])] };
}

function viewOf(evaluation: IdmEvaluation): DealIdmEvaluationView {
  return { ...idmEvaluationViewOf(evaluation), lead_id: evaluation.leadId, deal_id: evaluation.dealId };
}

/** GET /deals/{dealId}/idm-evaluations/ (filter deal_model), newest first. */
export async function listDealIdmEvaluations(deps: Pick<Deps, 'prisma'>, dealId: number, query: DealIdmQuery, listUrl: string): Promise<Page<DealIdmEvaluationView>> {
  const deal = await findDeal(deps.prisma, dealId);
  const where = { AND: [whereOf(deal), ...(query.deal_model === undefined ? [] : [{ dealModelId: query.deal_model }])] };
  const last = query.ordering.at(-1)?.direction ?? 'desc';
  return paginate(
    listUrl,
    query,
    () => deps.prisma.idmEvaluation.count({ where }),
    async ({ skip, take }) =>
      (
        await deps.prisma.idmEvaluation.findMany({
          where,
          orderBy: [...query.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: last }],
          skip,
          take,
        })
      ).map(viewOf),
  );
}

/** GET /deals/{dealId}/idm-evaluations/{id}/ */
export async function getDealIdmEvaluation(deps: Pick<Deps, 'prisma'>, dealId: number, id: number): Promise<DealIdmEvaluationView> {
  const deal = await findDeal(deps.prisma, dealId);
  const evaluation = await deps.prisma.idmEvaluation.findFirst({ where: { AND: [whereOf(deal), { id }] } });
  if (!evaluation) throw notFound(dealMessages.itemNotFound);
  return viewOf(evaluation);
}
