import { claimMessages } from '@lending/contracts';
import { conflict } from '../../../domain/errors.ts';
import type { GroupWithClaims } from './group-record.ts';

/**
 * What may change a group: live, not yet due before today (Prague), nothing paid on any claim.
 * A conflict with the reason otherwise.
 */
export function assertGroupChangeable(group: GroupWithClaims, today: string): void {
  if (group.cancelledAt) throw conflict(claimMessages.groupCancelled);
  if (group.claims.some((c) => c.paidAmount.gt(0))) throw conflict(claimMessages.groupPaid);
  if (group.dueDate.toISOString().slice(0, 10) < today) throw conflict(claimMessages.groupPast);
}
