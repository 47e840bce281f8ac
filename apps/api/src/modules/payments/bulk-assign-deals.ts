import { paymentMessages, type BulkAssignDealsRequest, type Payment } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { today } from '../../domain/dates.ts';
import { conflict, invalid } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { lockPayments, moveToDeal, requireDealExists } from './payment-moves.ts';
import { loadPayments } from './payment-view.ts';

/** PATCH /payments/bulk_assign_deals/: the payments to one deal (or back to the unpaired queue), in one transaction. */
export async function bulkAssignDeals(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: { assignment: BulkAssignDealsRequest }): Promise<Payment[]> {
  const { assignment } = input;
  const ids = [...new Set(assignment.payments)];
  const businessDate = today(deps);
  return deps.prisma.$transaction(
    async (tx) => {
      const locked = await lockPayments(tx, ids);
      const found = new Set(locked.map((p) => p.id));
      const missing = ids.filter((i) => !found.has(i));
      if (missing.length) throw invalid({ payments: [paymentMessages.unknownPayments(missing)] });
      if (locked.some((p) => p.reversal_of_id !== null)) throw conflict(paymentMessages.reversalEntry);
      await requireDealExists(tx, assignment.deal);
      const moved = locked.filter((p) => p.deal_id !== assignment.deal);
      await moveToDeal(tx, moved, assignment.deal, businessDate);
      for (const p of moved) {
        await recordAudit(tx, actor, { action: 'payment.assign_deal', entity: 'Payment', entityId: p.id, changes: { deal: assignment.deal, previous_deal: p.deal_id } });
      }
      return loadPayments(tx, ids);
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
}
