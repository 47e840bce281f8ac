import type { Prisma } from '../../generated/prisma/client.ts';
import { fromDbDate } from '../../domain/dates.ts';
import type { PromiseState } from '@lending/contracts';


export function toPromise(p: Prisma.PromiseToPayGetPayload<object>, staff: Map<number, string>) {
  return {
    id: p.id,
    deal: p.dealId,
    call: p.callId,
    made_on: fromDbDate(p.madeOn),
    promised_on: fromDbDate(p.promisedOn),
    amount: p.amount.toFixed(2),
    state: p.state as PromiseState,
    paid_amount: p.paidAmount?.toFixed(2) ?? null,
    resolved_on: p.resolvedOn ? fromDbDate(p.resolvedOn) : null,
    created_by: { id: p.createdById, name: staff.get(p.createdById) ?? `#${p.createdById}` },
    created_at: p.createdAt.toISOString(),
  };
}
