import { Decimal } from 'decimal.js';
import { claimMessages, type LeaseRecomputeResponse } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import { conflict } from '../../../domain/errors.ts';
import { dbDate, today } from '../../../domain/dates.ts';
import type { StaffActor } from '../../../domain/actor.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { cancelGroups, claimPartsOf, creditorOf, generateGroups, unpaidGroupsFrom } from '../generation/claims-generation.ts';
import { kindOf, scheduleOrInvalid, termsOf } from '../deal-models/model-record.ts';
import { day, lockDeal, TX_OPTIONS } from '../deal-records.ts';
import type { ModelRow } from '../schedule/model-schedule.ts';
import { groupViewOf, type GroupWithClaims } from './group-record.ts';

/** A group is as the model says when its due date and its live claims (type → amount) are the row's. */
function matches(group: GroupWithClaims, row: ModelRow): boolean {
  if (day(group.dueDate) !== row.dueDate) return false;
  const want = new Map(claimPartsOf(row, 'LEASE').map((p) => [p.type as string, p.amount.toFixed(2)]));
  const live = group.claims.filter((c) => !c.cancelledAt);
  const have = new Map<string, Decimal>();
  for (const c of live) have.set(c.type, (have.get(c.type) ?? new Decimal(0)).plus(c.amount.toFixed(2)));
  return have.size === want.size && [...want].every(([type, amount]) => have.get(type)?.toFixed(2) === amount);
}

/**
 * POST /deals/{dealId}/claims-group-lease/recompute/: makes the future rent groups (due today or
 * later, Prague) what the active model says. A group with anything paid stays as it is; an
 * unpaid one that differs (a moved due date, a changed rent) is cancelled and generated anew;
 * a missing one (cancelled by staff) is generated again; one that matches is left alone, so a
 * second recompute changes nothing. Past groups are never touched.
 */
export async function recomputeLeaseGroups(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { dealId: number }): Promise<LeaseRecomputeResponse> {
  const { dealId } = input;
  return deps.prisma.$transaction(async (tx) => {
    const deal = await lockDeal(tx, dealId);
    if (kindOf(deal.type) !== 'LEASE') throw conflict(claimMessages.notLeaseDeal);
    const model = await tx.dealModel.findFirst({ where: { dealId, state: 'ACTIVE' } });
    if (!model) throw conflict(claimMessages.noActiveModel);
    const from = today(deps);
    const rows = scheduleOrInvalid(termsOf(model), 'LEASE').rows.filter((r) => r.dueDate >= from && claimPartsOf(r, 'LEASE').length);

    const unpaid = new Map((await unpaidGroupsFrom(tx, dealId, from, ['LEASE'])).filter((g) => g.dealModelId === model.id).map((g) => [g.number, g]));
    const liveNumbers = new Set(
      (await tx.claimsGroup.findMany({ where: { dealModelId: model.id, cancelledAt: null }, select: { number: true } })).map((g) => g.number),
    );
    const toCancel: number[] = [];
    const toCreate: ModelRow[] = [];
    let kept = 0;
    for (const row of rows) {
      const group = unpaid.get(row.number);
      if (group) {
        if (matches(group, row)) kept++;
        else {
          toCancel.push(group.id);
          toCreate.push(row);
        }
      } else if (liveNumbers.has(row.number)) {
        kept++; // paid, or moved before today: left as it is
      } else {
        toCreate.push(row);
      }
    }
    const now = deps.now();
    const cancelled = await cancelGroups(tx, toCancel, now);
    const created = await generateGroups(tx, { dealId, modelId: model.id, kind: 'LEASE', rows: toCreate, creditorId: await creditorOf(tx, dealId) });
    await recordAudit(tx, actor, {
      action: 'claims_group_lease.recompute',
      entity: 'Deal',
      entityId: dealId,
      changes: { deal_model_id: model.id, from, cancelled_groups: cancelled.groups, created_groups: created.groups, kept_groups: kept },
    });
    const groups = await tx.claimsGroup.findMany({
      where: { dealId, kind: 'LEASE', cancelledAt: null, dueDate: { gte: dbDate(from) } },
      include: { claims: true },
      orderBy: [{ dueDate: 'asc' }, { id: 'asc' }],
    });
    return { deal_model_id: model.id, cancelled_groups: cancelled.groups, created_groups: created.groups, kept_groups: kept, groups: groups.map(groupViewOf) };
  }, TX_OPTIONS);
}
