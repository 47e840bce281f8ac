import { idmResult, type IdmCheckResult, type IdmEvaluationView } from '@lending/contracts';
import type { IdmEvaluation } from '../../generated/prisma/client.ts';
import { iso } from './lead-views.ts';

/** The stored result, when it is one (null while pending or after a failure). */
function resultOf(evaluation: IdmEvaluation) {
  const parsed = idmResult.safeParse(evaluation.result);
  return parsed.success ? parsed.data : null;
}

export function idmEvaluationViewOf(evaluation: IdmEvaluation): IdmEvaluationView {
  const result = resultOf(evaluation);
  return {
    id: evaluation.id,
    lead_id: evaluation.leadId!,
    deal_model: evaluation.dealModelId,
    state: evaluation.state,
    decision: result?.decision ?? null,
    result,
    error: evaluation.error,
    requested_by_id: evaluation.requestedById,
    checked_at: iso(evaluation.checkedAt),
    created_at: evaluation.createdAt.toISOString(),
  };
}

export function idmCheckResultOf(evaluation: IdmEvaluation): IdmCheckResult {
  const result = resultOf(evaluation);
  return {
    state: evaluation.state,
    decision: result?.decision ?? null,
    dsti: result?.dsti ?? null,
    dti: result?.dti ?? null,
    free_income: result?.free_income ?? null,
    reasons: result?.reasons ?? (evaluation.error ? [evaluation.error] : []),
    checked_at: iso(evaluation.checkedAt),
  };
}
