import { czechDay, formatCzk, paymentOrderQuery, paymentOrderRequest, sumMoney, type ApprovalAction } from '@lending/contracts';
import { z } from 'zod';
import type { AnyFourEyesAction, FourEyesAction } from '../approvals/four-eyes.ts';
import { exportPaymentOrders } from './export-payment-orders.ts';


const orderInput = paymentOrderQuery.extend({ dealId: z.number().int(), drawingIds: paymentOrderRequest });
type OrderInput = z.output<typeof orderInput>;

/**
 * Money out (ROLES.md §2): a payment order of a deal's drawings waits for a second accountant; once
 * approved the batch is recorded and its file is downloadable (GET …/purposes/payments/{id}/).
 */
export const paymentOrder: FourEyesAction<OrderInput, Awaited<ReturnType<typeof exportPaymentOrders>>> = {
  action: 'PAYMENT_ORDER',
  input: orderInput,
  async describe(tx, { dealId, drawingIds, format, execution_date }) {
    const drawings = await tx.purposeDrawing.findMany({ where: { id: { in: drawingIds }, purpose: { dealId } }, select: { amount: true } });
    const total = sumMoney(drawings.map((d) => d.amount.toFixed(2)));
    const when = execution_date ? `, splatnost ${czechDay(execution_date)}` : '';
    const label = format === 'abo' ? 'ABO' : 'pain.001';
    return { dealId, amount: total, summary: `Platební příkaz (${label}): čerpání č. ${drawingIds.join(', ')}, celkem ${formatCzk(total)}${when} — obchod #${dealId}` };
  },
  execute: (deps, actor, input) => exportPaymentOrders(deps, actor, input),
  resultOf: (file) => ({ payment_order_id: file.batchId, file_name: file.fileName }),
};

export const purposesFourEyesActions: { [A in ApprovalAction]?: AnyFourEyesAction } = { PAYMENT_ORDER: paymentOrder };
