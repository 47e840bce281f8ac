import type { PageQuery, PaymentOrderBatch } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { toBatch } from './payment-order-view.ts';
import { requireDeal } from './purpose-view.ts';

/** GET /deals/{dealId}/purposes/payments/: the payment-order files made for the deal, newest first. */
export async function listPaymentOrders(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: PageQuery & { dealId: number }): Promise<ResultPage<PaymentOrderBatch>> {
  const { dealId } = input;
  await requireDeal(deps.prisma, dealId);
  return paginate(
    input,
    () => deps.prisma.paymentOrderBatch.count({ where: { dealId } }),
    async ({ skip, take }) => {
      const rows = await deps.prisma.paymentOrderBatch.findMany({
        where: { dealId },
        omit: { content: true },
        include: { drawings: { select: { id: true } } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        skip,
        take,
      });
      return rows.map(toBatch);
    },
  );
}
