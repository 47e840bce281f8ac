import { claimMessages, type ClaimView } from '@lending/contracts';
import type { Claim } from '../../../generated/prisma/client.ts';
import { notFound } from '../../../domain/errors.ts';
import { day, dayOrNull, iso, type Db } from '../deal-records.ts';

/** The answer of a claim: money as decimal strings, outstanding 0 once cancelled (owed no more). */
export function claimViewOf(claim: Claim): ClaimView {
  return {
    id: claim.id,
    deal_id: claim.dealId,
    claims_group_id: claim.claimsGroupId,
    type: claim.type,
    creditor_id: claim.creditorId,
    due_date: day(claim.dueDate),
    amount: claim.amount.toFixed(2),
    paid_amount: claim.paidAmount.toFixed(2),
    outstanding: claim.cancelledAt ? '0.00' : claim.amount.minus(claim.paidAmount).toFixed(2),
    description: claim.description,
    source_claim_id: claim.sourceClaimId,
    rate: claim.rate ? claim.rate.toFixed(4) : null,
    accrued_through: dayOrNull(claim.accruedThrough),
    cancelled_at: iso(claim.cancelledAt),
    created_at: claim.createdAt.toISOString(),
    updated_at: claim.updatedAt.toISOString(),
  };
}

/** A claim of the deal, or not found (a claim of another deal is not found too). */
export async function findClaim(db: Db, dealId: number, id: number): Promise<Claim> {
  const claim = await db.claim.findFirst({ where: { id, dealId } });
  if (!claim) throw notFound(claimMessages.claimNotFound);
  return claim;
}

/** The claim under its row lock: an allocation landing meanwhile commits first or waits. */
export async function lockClaim(db: Db, dealId: number, id: number): Promise<Claim> {
  await db.$queryRaw`SELECT id FROM claims WHERE id = ${id} AND deal_id = ${dealId} FOR UPDATE`;
  return findClaim(db, dealId, id);
}
