import { moneyOf, paymentMessages, type ManualPaymentMethod, type Payment, type PaymentPairedBy, type PaymentSource } from '@lending/contracts';
import { Prisma } from '../../generated/prisma/client.ts';
import { notFound } from '../../domain/errors.ts';

const iso = (d: Date) => d.toISOString().slice(0, 10);

export const paymentInclude = {
  allocations: { include: { claim: { select: { type: true, dueDate: true } } }, orderBy: { id: 'asc' } },
  reversedBy: { select: { id: true } },
} satisfies Prisma.PaymentInclude;

export type PaymentRow = Prisma.PaymentGetPayload<{ include: typeof paymentInclude }>;

/** Where a payment came from (docs/decisions/0047): entered by hand, from a statement, else pushed by the bulk call. */
export function sourceOf(p: { entryMethod: string | null; statementId: number | null }): PaymentSource {
  return p.entryMethod !== null ? 'MANUAL' : p.statementId !== null ? 'STATEMENT' : 'BULK_CREATE';
}

export function toPayment(row: PaymentRow): Payment {
  const allocated = row.allocations.reduce((sum, a) => sum.plus(a.amount), new Prisma.Decimal(0));
  // Only an incoming payment that counts can leave credit; the rest of the others is no one's.
  const counts = row.direction === 'INCOMING_PAYMENT' && row.reversalOfId === null && row.reversedBy === null && row.dealId !== null;
  return {
    id: row.id,
    direction: row.direction,
    category: row.category,
    payment_type: row.paymentType,
    purpose_type: row.purposeType,
    date: iso(row.date),
    amount: moneyOf(row.amount)!,
    variable_symbol: row.variableSymbol,
    specific_symbol: row.specificSymbol,
    constant_symbol: row.constantSymbol,
    counter_account: row.counterAccount,
    counter_account_name: row.counterAccountName,
    message: row.message,
    note: row.note,
    bank_reference: row.bankReference,
    deal: row.dealId,
    reversal_of: row.reversalOfId,
    reversed_by: row.reversedBy?.id ?? null,
    statement: row.statementId,
    allocations: row.allocations.map((a) => ({
      claim_id: a.claimId,
      claim_type: a.claim.type,
      due_date: iso(a.claim.dueDate),
      amount: moneyOf(a.amount)!,
      rule: a.rule,
    })),
    allocated_amount: allocated.toFixed(2),
    unallocated_amount: counts ? row.amount.minus(allocated).toFixed(2) : '0.00',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    source: sourceOf(row),
    entry_method: row.entryMethod as ManualPaymentMethod | null,
    paired_by: row.pairedBy as PaymentPairedBy | null,
    suggested_deal: row.suggestedDealId,
  };
}

export async function loadPayment(db: Pick<Prisma.TransactionClient, 'payment'>, id: number): Promise<Payment> {
  const row = await db.payment.findUnique({ where: { id }, include: paymentInclude });
  if (!row) throw notFound(paymentMessages.notFound);
  return toPayment(row);
}

/** Payments by id, in the order of `ids`. */
export async function loadPayments(db: Pick<Prisma.TransactionClient, 'payment'>, ids: readonly number[]): Promise<Payment[]> {
  const rows = await db.payment.findMany({ where: { id: { in: [...ids] } }, include: paymentInclude });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => toPayment(byId.get(id)!));
}
