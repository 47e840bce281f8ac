import { leadMessages, type IdmEvaluationRequest, type IdmEvaluationView } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { invalid } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { evaluateCredit } from './evaluate-credit.ts';
import { findLead } from './find-lead.ts';
import { idmEvaluationViewOf } from './idm-evaluation-view.ts';

/** Roles of a lead's parties whose living minimum the household must cover with the applicant. */
const DEBTOR_ROLES = ['DEBTOR', 'ACCESSORY_DEBTOR', 'BORROWER'] as const;

/**
 * POST /leads/{leadId}/idm-evaluations/: evaluates the lead synchronously from its incomes,
 * expenses and debts (evaluate-credit.ts) for the requested amounts: the body's, else the deal
 * model's (one of the lead's deal), else the lead's own. Stored FINISHED with the whole result.
 */
export async function runIdmEvaluation(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { leadId: number; request: IdmEvaluationRequest }): Promise<IdmEvaluationView> {
  const { request: body } = input;
  return deps.prisma.$transaction(async (tx) => {
    const lead = await findLead(tx, input.leadId);
    let model: { id: number; principal: Prisma.Decimal; installment: Prisma.Decimal | null } | null = null;
    if (body.deal_model !== undefined) {
      const found = await tx.dealModel.findFirst({ where: { id: body.deal_model, deal: { leadId: lead.id } } });
      if (!found) throw invalid({ deal_model: [leadMessages.dealModelNotOnLead] });
      model = { id: found.id, principal: found.principal, installment: found.installmentValue };
    }
    const requestedValue = body.requested_value ?? model?.principal ?? lead.value;
    const newInstallment = body.requested_installment ?? model?.installment ?? lead.installmentValue;
    const missing: Record<string, string[]> = {};
    if (requestedValue === undefined || requestedValue === null) missing.requested_value = [leadMessages.idmNoValue];
    if (newInstallment === undefined || newInstallment === null) missing.requested_installment = [leadMessages.idmNoInstallment];
    if (Object.keys(missing).length) throw invalid(missing);

    // One after another: a transaction is one connection, which runs one query at a time.
    const items = await tx.incomeExpense.findMany({ where: { leadId: lead.id } });
    const debts = await tx.leadDebt.findMany({ where: { leadId: lead.id } });
    const participants = await tx.leadParticipant.findMany({ where: { leadId: lead.id, role: { in: [...DEBTOR_ROLES] } }, select: { personId: true } });
    const adults = new Set([...(lead.personId ? [lead.personId] : []), ...participants.map((p) => p.personId)]).size;
    const result = evaluateCredit({
      incomes: items.filter((i) => i.kind === 'INCOME').map((i) => i.amount),
      expenses: items.filter((i) => i.kind === 'EXPENSE').map((i) => ({ category: i.category, amount: i.amount })),
      debts: debts.map((d) => ({ remaining: d.remainingAmount, installment: d.installmentValue, toRefinance: d.toRefinance })),
      requestedValue: requestedValue!,
      newInstallment: newInstallment!,
      adults,
    });
    const evaluation = await tx.idmEvaluation.create({
      data: {
        leadId: lead.id,
        dealModelId: model?.id ?? null,
        state: 'FINISHED',
        result,
        requestedById: actor.staffId,
        checkedAt: deps.now(),
      },
    });
    await recordAudit(tx, actor, {
      action: 'lead.idm_evaluation.create',
      entity: 'IdmEvaluation',
      entityId: evaluation.id,
      changes: { lead_id: lead.id, decision: result.decision, dsti: result.dsti, dti: result.dti, free_income: result.free_income },
    });
    return idmEvaluationViewOf(evaluation);
  });
}
