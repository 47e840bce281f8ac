import { claimMessages } from '@lending/contracts';
import type { Claim } from '../../../generated/prisma/client.ts';
import { conflict } from '../../../domain/errors.ts';

/**
 * What may be changed or cancelled by hand: a live claim with nothing paid, not penalty interest
 * (the close of business accrues it) and not a loan installment's principal (the model's). A
 * conflict with the reason otherwise.
 */
export function assertClaimChangeable(claim: Claim, change: { amount: boolean }): void {
  if (claim.cancelledAt) throw conflict(claimMessages.cancelled);
  if (claim.paidAmount.gt(0)) throw conflict(claimMessages.paid);
  if (claim.type === 'PENALTY_INTEREST') throw conflict(claimMessages.penaltyInterest);
  if (claim.type === 'PRINCIPAL' && claim.claimsGroupId && change.amount) throw conflict(claimMessages.principalOfSchedule);
}
