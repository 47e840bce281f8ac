import type { DealPaymentListQuery, Payment } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import type { ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { listPayments } from './list-payments.ts';

/** GET /deals/{dealId}/payments/: the deal's payments with their allocations, paged (the payment filters). */
export async function listDealPayments(deps: Pick<Deps, 'prisma' | 'pool'>, actor: Actor, input: DealPaymentListQuery & { dealId: number }): Promise<ResultPage<Payment>> {
  const { dealId, ...query } = input;
  if (!(await deps.prisma.deal.findUnique({ where: { id: dealId }, select: { id: true } }))) throw notFound();
  return listPayments(deps, actor, { ...query, deal: dealId });
}
