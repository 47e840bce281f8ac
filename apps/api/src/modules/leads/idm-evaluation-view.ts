import { canonicalMoney, idmResult, type IdmCheckResult, type IdmEvaluationView } from '@lending/contracts';
import type { IdmEvaluation } from '../../generated/prisma/client.ts';
import { iso } from './lead-views.ts';

const MONEY_FIELDS = ['requested_value', 'new_installment', 'monthly_net_income', 'monthly_expenses', 'existing_installments', 'total_remaining_debt', 'annual_net_income', 'free_income', 'living_minimum'];

/**
 * Results stored before money became decimal strings (docs/decisions/0023) hold JSON numbers:
 * each is read through its shortest decimal form, as a request's number is.
 */
function withMoneyAsText(stored: unknown): unknown {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return stored;
  const text = (v: unknown) => (typeof v === 'number' ? (canonicalMoney(v) ?? v) : v);
  const out: Record<string, unknown> = { ...(stored as Record<string, unknown>) };
  for (const field of MONEY_FIELDS) out[field] = text(out[field]);
  if (out.limits && typeof out.limits === 'object') {
    const limits = out.limits as Record<string, unknown>;
    out.limits = { ...limits, living_minimum_per_adult: text(limits.living_minimum_per_adult) };
  }
  return out;
}

/** The stored result, when it is one (null while pending or after a failure). */
function resultOf(evaluation: IdmEvaluation) {
  const parsed = idmResult.safeParse(withMoneyAsText(evaluation.result));
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
