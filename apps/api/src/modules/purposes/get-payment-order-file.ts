import type { PaymentOrderFormat } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { paymentOrderMimeType, type PaymentOrderFile } from './export-payment-orders.ts';

/** GET /deals/{dealId}/purposes/payments/{id}/: the recorded file again, byte for byte. */
export async function getPaymentOrderFile(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { dealId: number; id: number }): Promise<PaymentOrderFile> {
  const batch = await deps.prisma.paymentOrderBatch.findFirst({ where: { id: input.id, dealId: input.dealId } });
  if (!batch) throw notFound();
  return { batchId: batch.id, content: Buffer.from(batch.content), fileName: batch.fileName, mimeType: paymentOrderMimeType(batch.format as PaymentOrderFormat) };
}
