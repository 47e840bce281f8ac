import { czechIban, parseCzechAccount, type Purpose as PurposeView, type PurposeDrawing as DrawingView } from '@lending/contracts';
import { Prisma, type Deal, type PaymentOrderBatch, type Purpose, type PurposeDrawing } from '../../generated/prisma/client.ts';
import { fromDbDate } from '../../domain/dates.ts';
import { notFound } from '../../domain/errors.ts';

export type Tx = Prisma.TransactionClient;

export const iso = (d: Date) => d.toISOString();
export const day = (d: Date | null) => (d ? fromDbDate(d) : null);

/** 404 unless the deal exists; every path under /deals/{dealId}/ starts here. */
export async function requireDeal(db: Pick<Tx, 'deal'>, dealId: number): Promise<Deal> {
  const deal = await db.deal.findUnique({ where: { id: dealId } });
  if (!deal) throw notFound();
  return deal;
}

type DrawingRow = PurposeDrawing & {
  paymentOrderBatch: Pick<PaymentOrderBatch, 'id' | 'format' | 'executionDate' | 'createdAt'> | null;
  payment: { date: Date; amount: Prisma.Decimal } | null;
};
export type PurposeRow = Purpose & { drawings: DrawingRow[] };

export const drawingInclude = {
  paymentOrderBatch: { select: { id: true, format: true, executionDate: true, createdAt: true } },
  payment: { select: { date: true, amount: true } },
} as const satisfies Prisma.PurposeDrawingInclude;
export const purposeInclude = {
  drawings: { include: drawingInclude, orderBy: { id: 'asc' } },
} as const satisfies Prisma.PurposeInclude;

export function toDrawing(d: DrawingRow, dealId: number): DrawingView {
  const batch = d.paymentOrderBatch;
  return {
    id: d.id,
    purpose_id: d.purposeId,
    deal_id: dealId,
    amount: d.amount.toFixed(2),
    drawn_at: day(d.drawnAt),
    note: d.note,
    payment_id: d.paymentId,
    paid_out_on: day(d.payment?.date ?? null),
    paid_out_amount: d.payment ? d.payment.amount.toFixed(2) : null,
    payment_order: batch ? { id: batch.id, format: batch.format as 'abo' | 'pain001', execution_date: day(batch.executionDate)!, created_at: iso(batch.createdAt) } : null,
    created_at: iso(d.createdAt),
    updated_at: iso(d.updatedAt),
  };
}

/** The IBAN a payment order would carry for a stored account (a Czech number's computed one). */
function ibanOf(account: string | null): string | null {
  if (!account) return null;
  if (/^[A-Z]{2}/.test(account)) return account;
  const parsed = parseCzechAccount(account);
  return parsed && 'account' in parsed ? czechIban(parsed.account) : null;
}

export const drawnAmount = (p: PurposeRow) => p.drawings.reduce((sum, d) => sum.plus(d.amount), new Prisma.Decimal(0));

export function toPurpose(p: PurposeRow): PurposeView {
  const drawn = drawnAmount(p);
  return {
    id: p.id,
    deal_id: p.dealId,
    type: p.type,
    amount: p.amount.toFixed(2),
    drawn_amount: drawn.toFixed(2),
    remaining_amount: p.amount.minus(drawn).toFixed(2),
    bank_account: p.bankAccount,
    iban: ibanOf(p.bankAccount),
    variable_symbol: p.variableSymbol,
    specific_symbol: p.specificSymbol,
    recipient_name: p.recipientName,
    message: p.message,
    note: p.note,
    drawings: p.drawings.map((d) => toDrawing(d, p.dealId)),
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
  };
}

/** The purpose of the deal, its row locked inside `tx` so drawings are checked against a stable sum. */
export async function lockPurpose(tx: Tx, dealId: number, id: number): Promise<PurposeRow> {
  await tx.$queryRaw`SELECT id FROM purposes WHERE id = ${id} AND deal_id = ${dealId} FOR UPDATE`;
  const purpose = await tx.purpose.findFirst({ where: { id, dealId }, include: purposeInclude });
  if (!purpose) throw notFound();
  return purpose;
}

/** Audit `changes` of a body: what was sent, undefined left out. */
export function sent(values: Record<string, unknown>): Prisma.InputJsonObject {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Prisma.InputJsonObject;
}
