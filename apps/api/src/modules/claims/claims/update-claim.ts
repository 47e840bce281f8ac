import { claimMessages, type ClaimPatch, type ClaimUpdateRequest, type ClaimView } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { invalid } from '../../../domain/errors.ts';
import { dbDate } from '../../../domain/dates.ts';
import type { StaffActor } from '../../../domain/actor.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { lockDeal, TX_OPTIONS } from '../deal-records.ts';
import { claimViewOf, lockClaim } from './claim-record.ts';
import { assertClaimChangeable } from './claim-rules.ts';

export type UpdateClaimInput =
  | { dealId: number; id: number; partial: false; changes: ClaimUpdateRequest }
  | { dealId: number; id: number; partial: true; changes: ClaimPatch };

/**
 * PUT (description and creditor left out are reset) / PATCH (`partial`) /deals/{dealId}/claims/{id}/:
 * due date, amount, description and creditor of an unpaid live claim. A claim of a group keeps the
 * group's due date (move the group instead), so the group's claims stay due together.
 */
export async function updateClaim(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: UpdateClaimInput): Promise<ClaimView> {
  const { dealId, id, partial } = input;
  const body: ClaimPatch = input.changes;
  return deps.prisma.$transaction(async (tx) => {
    await lockDeal(tx, dealId);
    const claim = await lockClaim(tx, dealId, id);
    const amountChanges = body.amount !== undefined && !claim.amount.eq(body.amount);
    assertClaimChangeable(claim, { amount: amountChanges });
    const errors: Record<string, string[]> = {};
    if (claim.claimsGroupId && body.due_date !== undefined && body.due_date !== claim.dueDate.toISOString().slice(0, 10)) errors.due_date = [claimMessages.dueDateOfGroup];
    if (body.creditor && !(await tx.person.findUnique({ where: { id: body.creditor }, select: { id: true } }))) errors.creditor = [claimMessages.creditorUnknown];
    if (Object.keys(errors).length) throw invalid(errors);
    const updated = await tx.claim.update({
      where: { id: claim.id },
      data: {
        ...(body.due_date !== undefined ? { dueDate: dbDate(body.due_date) } : {}),
        ...(body.amount !== undefined ? { amount: body.amount } : {}),
        ...(body.description !== undefined || !partial ? { description: body.description ?? null } : {}),
        ...(body.creditor !== undefined || !partial ? { creditorId: body.creditor ?? null } : {}),
      },
    });
    await recordAudit(tx, actor, {
      action: 'claim.update',
      entity: 'Claim',
      entityId: claim.id,
      changes: { deal_id: dealId, replace: !partial, from: { amount: claim.amount.toFixed(2), due_date: claim.dueDate.toISOString().slice(0, 10) }, ...body } as Prisma.InputJsonValue,
    });
    return claimViewOf(updated);
  }, TX_OPTIONS);
}
