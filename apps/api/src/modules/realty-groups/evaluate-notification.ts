import type { RealtyGroupEvaluation } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { conflict } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { today } from '../../domain/dates.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { queueLtvNotice } from '../notices/queue-ltv-notice.ts';
import { evaluateLoanToValue } from './loan-to-value.ts';
import { outstandingPrincipal } from './outstanding-principal.ts';
import { latestFirst, lockGroup, requireDeal, toEvaluation } from './realty-group-view.ts';

export const evaluateMessages = {
  noEstimation: 'Skupina nemá žádný odhad hodnoty; LTV nelze spočítat.',
};

/**
 * POST /deals/{dealId}/realty-groups/{id}/evaluate_notification/: the group's loan-to-value from
 * its latest estimation against the deal's outstanding principal, whether the debtor must be
 * notified (ADR 0028), recorded with who asked. Sending the letter belongs to collections.
 */
export async function evaluateNotification(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { dealId: number; groupId: number }): Promise<RealtyGroupEvaluation> {
  const { dealId, groupId } = input;
  return deps.prisma.$transaction(async (tx) => {
    const deal = await requireDeal(tx, dealId);
    await lockGroup(tx, dealId, groupId);
    const [latest, previous] = await tx.realtyEstimation.findMany({ where: { realtyGroupId: groupId }, orderBy: latestFirst, take: 2 });
    if (!latest) throw conflict(evaluateMessages.noEstimation);
    const outstanding = await outstandingPrincipal(tx, deal);
    const result = evaluateLoanToValue({ outstanding: outstanding.amount, estimate: latest.value, previousEstimate: previous?.value ?? null });
    const evaluation = await tx.realtyGroupEvaluation.create({
      data: {
        realtyGroupId: groupId,
        estimationId: latest.id,
        evaluatedAt: deps.now(),
        estimate: latest.value,
        previousEstimate: previous?.value ?? null,
        outstandingPrincipal: outstanding.amount,
        principalSource: outstanding.source,
        ltv: result.ltv,
        mustNotify: result.mustNotify,
        reason: result.reasons.join(' '),
        evaluatedById: actor.staffId,
      },
    });
    // The group carries its latest LTV, so that realties can be filtered by it (GET /realties/?ltv_min=).
    await tx.realtyGroup.update({ where: { id: groupId }, data: { ltv: result.ltv } });
    await tx.realtyGroupRealty.updateMany({ where: { realtyGroupId: groupId }, data: { ltv: result.ltv } });
    // Over the limit: the debtor is told by a notice staff review and send (docs/decisions/0048).
    const noticeGroupId = result.mustNotify ? await queueLtvNotice(tx, { dealId, date: today(deps), reasons: result.reasons.join(' ') }) : null;
    await recordAudit(tx, actor, {
      action: 'deal.realty_group.evaluate',
      entity: 'RealtyGroupEvaluation',
      entityId: evaluation.id,
      changes: { deal_id: dealId, realty_group_id: groupId, ltv: result.ltv.toFixed(2), must_notify: result.mustNotify, notice_group_id: noticeGroupId },
    });
    return toEvaluation(evaluation);
  });
}
