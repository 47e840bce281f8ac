import type { PaymentOrderBatch } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { paginate, type Page, type PageQuery } from '../../http/pagination.ts';
import { toBatch } from './payment-order-view.ts';
import { requireDeal } from './purpose-view.ts';

/** GET /deals/{dealId}/purposes/payments/: the payment-order files made for the deal, newest first. */
export async function listPaymentOrders(deps: Pick<Deps, 'prisma'>, dealId: number, query: PageQuery, listUrl: string): Promise<Page<PaymentOrderBatch>> {
  await requireDeal(deps.prisma, dealId);
  return paginate(
    listUrl,
    query,
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
