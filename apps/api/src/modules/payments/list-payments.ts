import type { Payment, PaymentListQuery, PaymentOrderingField } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { paymentInclude, toPayment } from './payment-view.ts';

const columns = { id: 'id', date: 'date', amount: 'amount', created_at: 'createdAt' } as const satisfies Record<PaymentOrderingField, string>;

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

/** GET /payments/ (and GET /deals/{dealId}/payments/ with `deal` fixed): payments with their allocations, paged. */
export async function listPayments(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: PaymentListQuery): Promise<ResultPage<Payment>> {
  const where = whereOf(input);
  return paginate(
    input,
    () => deps.prisma.payment.count({ where }),
    async ({ skip, take }) => {
      const rows = await deps.prisma.payment.findMany({
        where,
        include: paymentInclude,
        orderBy: [...input.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'desc' as const }],
        skip,
        take,
      });
      return rows.map(toPayment);
    },
  );
}
