import { DealState, dealStatePermission, dealStateMessages, dealStateTransitionAllowed, roleHolds, type DealStateRequest, type DealStateResponse } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import { conflict, forbidden, invalid } from '../../../domain/errors.ts';
import type { StaffActor } from '../../../domain/actor.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { activateFirstModel, versionToActivate } from '../activation/activate-first-model.ts';
import { today } from '../../../domain/dates.ts';
import { iso, lockDeal, TX_OPTIONS } from '../deal-records.ts';
import { dealProblems } from './deal-problems.ts';

/**
 * POST /deals/{id}/state/: one transition of the table (docs/decisions/0024), under the deal's
 * lock. A forbidden transition is a conflict with a Czech sentence; a closed reason is required to
 * close and refused where it does not belong (invalid); a target the actor's role may not move
 * the deal to is forbidden (`dealStatePermission`); anything else in the way is a conflict with every
 * problem `validate` lists. Going ACTIVE activates the newest draft model and generates its
 * claims in the same transaction. Audit-logged (`deal.state`).
 */
export async function changeDealState(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { dealId: number; transition: DealStateRequest }): Promise<DealStateResponse> {
  const { dealId, transition: body } = input;
  // The route asks `deals.state`; the target asks its own (activating is not underwriting's).
  if (!roleHolds(actor.role, dealStatePermission(body.state))) throw forbidden();
  return deps.prisma.$transaction(async (tx) => {
    const deal = await lockDeal(tx, dealId);
    const target = body.state;
    const label = (state: DealState) => DealState.labels[state];
    if (deal.state === target) throw conflict(dealStateMessages.same(label(target)));
    if (!dealStateTransitionAllowed(deal.state, target)) throw conflict(dealStateMessages.forbidden(label(deal.state), label(target)));
    if (target === 'CLOSED' && !body.closed_reason) throw invalid({ closed_reason: [dealStateMessages.closedReasonRequired] });
    if (body.closed_reason && target !== 'CLOSED' && target !== 'CLOSED_APPLICATION') throw invalid({ closed_reason: [dealStateMessages.closedReasonNotHere] });
    const problems = await dealProblems(tx, deal, target, body.closed_reason, today(deps));
    if (problems.length) throw conflict(dealStateMessages.refused(label(target)), { problems });

    const now = deps.now();
    let activation: DealStateResponse['activation'] = null;
    let updated;
    if (target === 'ACTIVE') {
      const model = (await versionToActivate(tx, deal.id))!;
      const done = await activateFirstModel(tx, deal, model, now);
      updated = done.deal;
      activation = { deal_model_id: model.id, claims_groups: done.groups, claims: done.claims };
    } else {
      updated = await tx.deal.update({
        where: { id: deal.id },
        data: {
          state: target,
          ...(target === 'CLOSED' || target === 'CLOSED_APPLICATION' ? { closedAt: now, closedReason: body.closed_reason ?? null } : {}),
          ...(target === 'FILED_FOR_INSOLVENCY' ? { insolvency: true } : {}),
        },
      });
    }
    await recordAudit(tx, actor, {
      action: 'deal.state',
      entity: 'Deal',
      entityId: deal.id,
      changes: {
        state: { from: deal.state, to: target },
        ...(body.closed_reason ? { closed_reason: body.closed_reason } : {}),
        ...(body.note ? { note: body.note } : {}),
        ...(activation ? { activation } : {}),
      },
    });
    return {
      id: updated.id,
      state: updated.state,
      previous_state: deal.state,
      closed_reason: updated.closedReason,
      allocation_profile: updated.allocationProfile,
      variable_symbol: updated.variableSymbol,
      signed_at: iso(updated.signedAt),
      activated_at: iso(updated.activatedAt),
      closed_at: iso(updated.closedAt),
      activation,
    };
  }, TX_OPTIONS);
}
