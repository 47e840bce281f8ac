import { Decimal } from 'decimal.js';
import { claimMessages, CLAIMS_GROUP_TYPES, ClaimType, type ClaimsGroupKind, type ClaimsGroupPatch, type ClaimsGroupUpdateRequest, type ClaimsGroupView } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { invalid } from '../../../domain/errors.ts';
import { dbDate, today } from '../../../domain/dates.ts';
import type { StaffActor } from '../../../domain/actor.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { creditorOf } from '../generation/claims-generation.ts';
import { lockDeal, TX_OPTIONS } from '../deal-records.ts';
import { findGroup, groupViewOf, lockGroup } from './group-record.ts';
import { assertGroupChangeable } from './group-rules.ts';

export type UpdateClaimsGroupInput =
  | { dealId: number; kind: ClaimsGroupKind; id: number; partial: false; changes: ClaimsGroupUpdateRequest }
  | { dealId: number; kind: ClaimsGroupKind; id: number; partial: true; changes: ClaimsGroupPatch };

/**
 * PUT (note left out is reset) / PATCH (`partial`) /deals/{dealId}/claims-group[-lease|-leaseback]/{id}/: a future group
 * with nothing paid moves its due date (its live claims with it), changes its note, and sets the
 * amounts of its claims by type ("0.00" cancels that claim, a type it lacks is added). A loan
 * installment's principal is the model's (a restructuring changes it). A group left without a
 * live claim is cancelled. Paid, past or cancelled groups: a conflict.
 */
export async function updateClaimsGroup(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: UpdateClaimsGroupInput): Promise<ClaimsGroupView> {
  const { dealId, kind, id, partial } = input;
  const body: ClaimsGroupPatch = input.changes;
  return deps.prisma.$transaction(async (tx) => {
    await lockDeal(tx, dealId);
    const group = await lockGroup(tx, dealId, kind, id);
    const businessDay = today(deps);
    assertGroupChangeable(group, businessDay);

    const errors: Record<string, string[]> = {};
    if (body.due_date && body.due_date < businessDay) errors.due_date = [claimMessages.dueDateInPast];
    const live = group.claims.filter((c) => !c.cancelledAt);
    for (const [type, amount] of Object.entries(body.amounts ?? {}) as [ClaimType, string][]) {
      const current = live.filter((c) => c.type === type).reduce((s, c) => s.plus(c.amount.toFixed(2)), new Decimal(0));
      if (!CLAIMS_GROUP_TYPES[kind].includes(type)) errors[`amounts.${type}`] = [claimMessages.groupTypeNotHere];
      else if (type === 'PRINCIPAL' && !current.eq(amount)) errors[`amounts.${type}`] = [claimMessages.principalOfSchedule];
    }
    if (Object.keys(errors).length) throw invalid(errors);

    const now = deps.now();
    const dueDate = body.due_date ? dbDate(body.due_date) : group.dueDate;
    for (const [type, amount] of Object.entries(body.amounts ?? {}) as [ClaimType, string][]) {
      const claims = live.filter((c) => c.type === type);
      if (new Decimal(amount).isZero()) {
        if (claims.length) await tx.claim.updateMany({ where: { id: { in: claims.map((c) => c.id) } }, data: { cancelledAt: now } });
      } else if (claims.length) {
        // One live claim per type: the first takes the amount, any other is cancelled.
        await tx.claim.update({ where: { id: claims[0]!.id }, data: { amount } });
        if (claims.length > 1) await tx.claim.updateMany({ where: { id: { in: claims.slice(1).map((c) => c.id) } }, data: { cancelledAt: now } });
      } else {
        await tx.claim.create({
          data: { dealId, claimsGroupId: group.id, type, amount, dueDate, creditorId: await creditorOf(tx, dealId), description: `${ClaimType.labels[type]}, skupina ${group.number}` },
        });
      }
    }
    if (body.due_date) await tx.claim.updateMany({ where: { claimsGroupId: group.id, cancelledAt: null }, data: { dueDate } });
    const stillLive = await tx.claim.count({ where: { claimsGroupId: group.id, cancelledAt: null } });
    await tx.claimsGroup.update({
      where: { id: group.id },
      data: {
        dueDate,
        ...(body.note !== undefined || !partial ? { note: body.note ?? null } : {}),
        ...(stillLive ? {} : { cancelledAt: now }),
      },
    });
    await recordAudit(tx, actor, {
      action: 'claims_group.update',
      entity: 'ClaimsGroup',
      entityId: group.id,
      changes: { deal_id: dealId, kind, replace: !partial, from_due_date: group.dueDate.toISOString().slice(0, 10), ...body, ...(stillLive ? {} : { cancelled: true }) } as Prisma.InputJsonValue,
    });
    return groupViewOf(await findGroup(tx, dealId, kind, group.id));
  }, TX_OPTIONS);
}
