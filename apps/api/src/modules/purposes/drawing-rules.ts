import { formatCzk } from '@lending/contracts';
import { Prisma, type PurposeDrawing } from '../../generated/prisma/client.ts';
import { conflict, invalid, notFound } from '../../domain/errors.ts';
import { drawnAmount, lockPurpose, type PurposeRow, type Tx } from './purpose-view.ts';

export const drawingMessages = {
  exceedsPurpose: (left: string) => `Čerpání přesahuje, co z účelu zbývá (${formatCzk(left)}).`,
  exported: (batchId: number) => `Čerpání už bylo odesláno v platebním příkazu č. ${batchId}; nelze ho smazat ani změnit jeho částku či datum.`,
  paid: 'Čerpání už bylo vyplaceno (je spárováno s odchozí platbou); nelze ho smazat ani změnit jeho částku či datum.',
};

/** Invalid when drawings of `amount` (instead of `replacing`'s) would take more than the purpose holds. */
export function checkFitsPurpose(purpose: PurposeRow, amount: string, replacing?: PurposeDrawing): void {
  const others = replacing ? drawnAmount(purpose).minus(replacing.amount) : drawnAmount(purpose);
  const left = purpose.amount.minus(others);
  if (new Prisma.Decimal(amount).greaterThan(left)) throw invalid({ amount: [drawingMessages.exceedsPurpose(left.toFixed(2))] });
}

/** A conflict for a drawing that went out in a payment order or was paid: the bank already has it. */
export function checkNotSent(drawing: PurposeDrawing): void {
  if (drawing.paymentOrderBatchId !== null) throw conflict(drawingMessages.exported(drawing.paymentOrderBatchId));
  if (drawing.paymentId !== null) throw conflict(drawingMessages.paid);
}

/**
 * The drawing `/deals/purpose/purpose-drawing/{id}/` names, with its purpose; both rows locked,
 * the purpose first (the order every drawing write takes, so two of them never deadlock).
 */
export async function lockDrawing(tx: Tx, id: number): Promise<{ drawing: PurposeDrawing; purpose: PurposeRow }> {
  const found = await tx.purposeDrawing.findUnique({ where: { id }, select: { purpose: { select: { id: true, dealId: true } } } });
  if (!found) throw notFound();
  const purpose = await lockPurpose(tx, found.purpose.dealId, found.purpose.id);
  const drawing = purpose.drawings.find((d) => d.id === id);
  // Deleted (or moved) while we waited for the lock: as if it had never been there.
  if (!drawing) throw notFound();
  return { drawing, purpose };
}
