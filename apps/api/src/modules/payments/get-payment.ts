import type { Payment } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { loadPayment } from './payment-view.ts';

/** GET /payments/{id}/: one payment with its allocations. */
export async function getPayment(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { id: number }): Promise<Payment> {
  return loadPayment(deps.prisma, input.id);
}
