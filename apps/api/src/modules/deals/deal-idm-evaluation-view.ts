import type { DealIdmEvaluationView } from '@lending/contracts';
import type { IdmEvaluation } from '../../generated/prisma/client.ts';
import { idmEvaluationViewOf } from '../leads/idm-evaluation-view.ts';

/** The deal's evaluations and those of its lead (the underwriting the deal was made on). */
export function idmEvaluationsOf(deal: { id: number; leadId: number | null }) {
  return { OR: [{ dealId: deal.id }, ...(deal.leadId === null ? [] : [{ leadId: deal.leadId }])] };
}

export function dealIdmEvaluationViewOf(evaluation: IdmEvaluation): DealIdmEvaluationView {
  return { ...idmEvaluationViewOf(evaluation), lead_id: evaluation.leadId, deal_id: evaluation.dealId };
}
