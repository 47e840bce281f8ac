import type { Payment, PaymentCategory, PaymentDirection, PaymentOrderingField, PaymentType } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { notFound } from '../../http/errors.ts';
import { paginate, type Page, type PageQuery } from '../../http/pagination.ts';
import { paymentInclude, toPayment } from './payment-view.ts';

const columns = { id: 'id', date: 'date', amount: 'amount', created_at: 'createdAt' } as const satisfies Record<PaymentOrderingField, string>;

export interface PaymentListQuery extends PageQuery {
  category?: PaymentCategory;
  date_from?: Date;
  date_to?: Date;
  deal?: number;
  payment_type?: PaymentType;
  direction?: PaymentDirection;
  search?: string;
  unpaired?: boolean;
  ordering: { field: PaymentOrderingField; direction: 'asc' | 'desc' }[];
}

/**
 * The filters of backoffice.md §3. `unpaired=true` is the queue staff pair by hand: incoming
 * payments without a deal, neither a storno nor taken back by one; `unpaired=false` those
 * paired to a deal.
 * `search` looks for the text in the symbols, counter-account and its name, the message, the
 * note and the bank reference.
 */
function whereOf(query: PaymentListQuery): Prisma.PaymentWhereInput {
  const and: Prisma.PaymentWhereInput[] = [];
  if (query.category) and.push({ category: query.category });
  if (query.payment_type) and.push({ paymentType: query.payment_type });
  if (query.direction) and.push({ direction: query.direction });
  if (query.deal !== undefined) and.push({ dealId: query.deal });
  if (query.date_from) and.push({ date: { gte: query.date_from } });
  if (query.date_to) and.push({ date: { lte: query.date_to } });
  if (query.unpaired === true) and.push({ dealId: null, direction: 'INCOMING_PAYMENT', reversalOfId: null, reversedBy: { is: null } });
  if (query.unpaired === false) and.push({ dealId: { not: null } });
  const text = query.search?.trim();
  if (text) {
    const contains = { contains: text, mode: 'insensitive' as const };
    and.push({
      OR: [
        { variableSymbol: contains },
        { specificSymbol: contains },
        { counterAccount: contains },
        { counterAccountName: contains },
        { message: contains },
        { note: contains },
        { bankReference: contains },
      ],
    });
  }
  return { AND: and };
}

/** GET /payments/ and GET /deals/{dealId}/payments/ (with `deal` fixed): payments with their allocations, paged. */
export async function listPayments(deps: Pick<Deps, 'prisma'>, query: PaymentListQuery, listUrl: string): Promise<Page<Payment>> {
  const where = whereOf(query);
  return paginate(
    listUrl,
    query,
    () => deps.prisma.payment.count({ where }),
    async ({ skip, take }) => {
      const rows = await deps.prisma.payment.findMany({
        where,
        include: paymentInclude,
        orderBy: [...query.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'desc' as const }],
        skip,
        take,
      });
      return rows.map(toPayment);
    },
  );
}

export async function listDealPayments(deps: Pick<Deps, 'prisma'>, dealId: number, query: PaymentListQuery, listUrl: string): Promise<Page<Payment>> {
  if (!(await deps.prisma.deal.findUnique({ where: { id: dealId }, select: { id: true } }))) throw notFound();
  return listPayments(deps, { ...query, deal: dealId }, listUrl);
}
