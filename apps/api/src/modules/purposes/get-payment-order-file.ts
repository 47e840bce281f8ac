import type { PaymentOrderFormat } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { paymentOrderMimeType } from './export-payment-orders.ts';

/** GET /deals/{dealId}/purposes/payments/{id}/: the recorded file again, byte for byte. */
export async function getPaymentOrderFile(deps: Pick<Deps, 'prisma'>, dealId: number, id: number): Promise<{ content: Buffer; fileName: string; mimeType: string }> {
  const batch = await deps.prisma.paymentOrderBatch.findFirst({ where: { id, dealId } });
  if (!batch) throw notFound();
  return { content: Buffer.from(batch.content), fileName: batch.fileName, mimeType: paymentOrderMimeType(batch.format as PaymentOrderFormat) };
}
