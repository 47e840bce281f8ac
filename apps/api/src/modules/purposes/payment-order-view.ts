import type { PaymentOrderBatch as BatchView, PaymentOrderFormat } from '@lending/contracts';
import type { PaymentOrderBatch } from '../../generated/prisma/client.ts';
import { day, iso } from './purpose-view.ts';

export function toBatch(b: Omit<PaymentOrderBatch, 'content'> & { drawings: { id: number }[] }): BatchView {
  return {
    id: b.id,
    deal_id: b.dealId,
    format: b.format as PaymentOrderFormat,
    execution_date: day(b.executionDate)!,
    file_name: b.fileName,
    drawing_ids: b.drawings.map((d) => d.id).sort((x, y) => x - y),
    item_count: b.itemCount,
    total_amount: b.totalAmount.toFixed(2),
    created_by_id: b.createdById,
    created_at: iso(b.createdAt),
  };
}
