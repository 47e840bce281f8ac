import { Decimal } from 'decimal.js';
import { czechDay, dealModelMessages, formatCzk, type RestructuringResponse } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import { conflict } from '../../../domain/errors.ts';
import type { StaffActor } from '../../../domain/actor.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { cancelGroups, creditorOf, generateGroups, unpaidGroupsFrom } from '../generation/claims-generation.ts';
import { dealModelViewOf, findModel, kindOf, scheduleOrInvalid, termsOf } from '../deal-models/model-record.ts';
import { modelsOpen } from '../deal-models/model-terms.ts';
import { dayOrNull, lockDeal, TX_OPTIONS } from '../deal-records.ts';
import { dbDate } from '../../../domain/dates.ts';

/**
 * POST /deals/{dealId}/deal-model/{id}/activate/: applies a restructuring. The DRAFT (with
 * `valid_from`, on an ACTIVE deal) becomes ACTIVE and supersedes the version in force; every
 * group due on or after valid_from with nothing paid is cancelled with its claims, and the new
 * version's schedule generated. Groups with anything paid stay whole: paid claims are never
 * rewritten. A loan's new principal must be exactly the principal cancelled, so the deal's
 * principal is claimed once (a conflict naming the amount when payments changed it since the draft).
 */
export async function applyRestructuring(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { dealId: number; id: number }): Promise<RestructuringResponse> {
  return deps.prisma.$transaction(async (tx) => {
    const deal = await lockDeal(tx, input.dealId);
    const draft = await findModel(tx, input.dealId, input.id);
    if (draft.state !== 'DRAFT') throw conflict(dealModelMessages.notDraft);
    const validFrom = dayOrNull(draft.validFrom);
    if (!modelsOpen(deal)) throw conflict(dealModelMessages.modelFrozen);
    if (deal.state !== 'ACTIVE') throw conflict(dealModelMessages.notForActivation);
    if (!validFrom) throw conflict(dealModelMessages.activateOnlyRestructuring);
    const active = await tx.dealModel.findFirst({ where: { dealId: deal.id, state: 'ACTIVE' } });
    if (!active) throw conflict(dealModelMessages.activateOnlyRestructuring);

    const kind = kindOf(deal.type);
    const schedule = scheduleOrInvalid(termsOf(draft), kind);
    const replaced = await unpaidGroupsFrom(tx, deal.id, validFrom, [kind]);
    if (kind === 'REGULAR') {
      const released = replaced.flatMap((g) => g.claims).filter((c) => c.type === 'PRINCIPAL').reduce((sum, c) => sum.plus(c.amount.toFixed(2)), new Decimal(0));
      if (!released.eq(draft.principal.toFixed(2))) throw conflict(dealModelMessages.restructuringPrincipal(formatCzk(released.toFixed(2)), czechDay(validFrom)));
    }
    const now = deps.now();
    const cancelled = await cancelGroups(tx, replaced.map((g) => g.id), now);
    const kept = await tx.claimsGroup.count({ where: { dealId: deal.id, kind, cancelledAt: null, dueDate: { gte: dbDate(validFrom) } } });
    // The version in force steps down first: one ACTIVE version per deal at any moment.
    await tx.dealModel.update({ where: { id: active.id }, data: { state: 'SUPERSEDED' } });
    const model = await tx.dealModel.update({ where: { id: draft.id }, data: { state: 'ACTIVE', activatedAt: now } });
    const created = await generateGroups(tx, { dealId: deal.id, modelId: draft.id, kind, rows: schedule.rows, creditorId: await creditorOf(tx, deal.id) });
    await tx.deal.update({ where: { id: deal.id }, data: { allocationProfile: model.allocationProfile } });
    const result = {
      superseded_model_id: active.id,
      cancelled_groups: cancelled.groups,
      cancelled_claims: cancelled.claims,
      kept_groups: kept,
      created_groups: created.groups,
      created_claims: created.claims,
    };
    await recordAudit(tx, actor, { action: 'deal_model.activate', entity: 'DealModel', entityId: draft.id, changes: { deal_id: deal.id, valid_from: validFrom, ...result } });
    return { deal_model: dealModelViewOf(model, deal.type), ...result };
  }, TX_OPTIONS);
}
