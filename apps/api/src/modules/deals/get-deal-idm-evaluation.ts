import { dealMessages, type DealIdmEvaluationView } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { dealIdmEvaluationViewOf, idmEvaluationsOf } from './deal-idm-evaluation-view.ts';
import { findDeal } from './deal-views.ts';

/** GET /deals/{dealId}/idm-evaluations/{id}/ */
export async function getDealIdmEvaluation(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { dealId: number; id: number }): Promise<DealIdmEvaluationView> {
  const deal = await findDeal(deps.prisma, input.dealId);
  const evaluation = await deps.prisma.idmEvaluation.findFirst({ where: { AND: [idmEvaluationsOf(deal), { id: input.id }] } });
  if (!evaluation) throw notFound(dealMessages.itemNotFound);
  return dealIdmEvaluationViewOf(evaluation);
}
