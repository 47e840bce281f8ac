import {
  parseCzechAccount,
  resolveBankAccount,
  type DealState,
  type PaymentOrderBatch,
  type PaymentOrderFormat,
  type PaymentOrderQuery,
  type PaymentOrderRequest,
} from '@lending/contracts';
import type { Config } from '../../config.ts';
import type { StaffActor } from '../../domain/actor.ts';
import { businessDateOf, dbDate } from '../../domain/dates.ts';
import { conflict, invalid } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { hellers, moneyOfHellers, type PaymentOrder, type PaymentOrderItem } from './payment-order.ts';
import { toBatch } from './payment-order-view.ts';
import { requireDeal } from './purpose-view.ts';
import { writeAbo } from './write-abo.ts';
import { writePain001 } from './write-pain001.ts';

export const paymentOrderMessages = {
  noLenderAccount: 'Platební příkaz nelze vytvořit: účet věřitele není nastaven (LENDER_ACCOUNT, LENDER_IBAN, LENDER_BIC).',
  pastDate: 'Datum splatnosti nesmí být v minulosti.',
  unknownDrawing: (id: number) => `Čerpání č. ${id} u tohoto obchodu neexistuje.`,
  dealState: 'Obchod ještě nemá podepsanou smlouvu (nebo byla žádost uzavřena); čerpání nelze vyplatit.',
  refused: 'Platební příkaz nelze vytvořit.',
  exported: (id: number, batchId: number) => `Čerpání č. ${id} už bylo odesláno v platebním příkazu č. ${batchId}.`,
  paid: (id: number) => `Čerpání č. ${id} už bylo vyplaceno.`,
  noAccount: (purposeId: number) => `Účel č. ${purposeId} nemá číslo účtu příjemce.`,
  foreignAccount: (purposeId: number) => `Účel č. ${purposeId} má zahraniční účet; platební příkaz obsahuje jen tuzemské platby v Kč.`,
  noRecipientName: (purposeId: number) => `Účel č. ${purposeId} nemá jméno příjemce (formát pain.001 ho vyžaduje).`,
  tooLarge: 'Součet čerpání přesahuje, co jeden platební příkaz pojme (999 999 999 999,99 Kč); rozdělte je do více příkazů.',
};

// The batch total is a Decimal(14, 2), and the ABO group sum 14 digits of haléře.
const MAX_TOTAL_HELLERS = 99_999_999_999_999n;

// Money goes out only under a contract: not for an application still being prepared or closed.
const NOT_PAYABLE: readonly DealState[] = ['NEW_APPLICATION', 'CONTRACT_COMPLETION', 'CLOSED_APPLICATION'];

const FILES: Record<PaymentOrderFormat, { extension: string; mimeType: string; write: (order: PaymentOrder) => Buffer }> = {
  abo: { extension: 'kpc', mimeType: 'text/plain; charset=windows-1250', write: writeAbo },
  pain001: { extension: 'xml', mimeType: 'application/xml; charset=utf-8', write: writePain001 },
};

export const paymentOrderMimeType = (format: PaymentOrderFormat) => FILES[format].mimeType;

function lenderOf(config: Pick<Config, 'LENDER_NAME' | 'LENDER_ACCOUNT' | 'LENDER_IBAN' | 'LENDER_BIC'>): PaymentOrder['lender'] {
  const parsed = config.LENDER_ACCOUNT ? parseCzechAccount(config.LENDER_ACCOUNT) : null;
  if (!parsed || !('account' in parsed) || !config.LENDER_IBAN || !config.LENDER_BIC) throw conflict(paymentOrderMessages.noLenderAccount);
  return { name: config.LENDER_NAME, account: parsed.account, iban: config.LENDER_IBAN, bic: config.LENDER_BIC };
}

/** A payment-order file as the bank gets it, and the batch that recorded it. */
export interface PaymentOrderFile {
  batchId: number;
  content: Buffer;
  fileName: string;
  mimeType: string;
}

/**
 * POST /deals/{dealId}/purposes/payments/: the chosen drawings as one payment-order file for the
 * bank (ABO or pain.001), recorded as a batch so that each drawing is ordered once. The drawings
 * are locked in id order: of two exports of the same drawings at once, the second waits, then
 * finds them exported and is refused (a conflict).
 */
export async function exportPaymentOrders(
  deps: Pick<Deps, 'prisma' | 'config' | 'now'>,
  actor: StaffActor,
  input: PaymentOrderQuery & { dealId: number; drawingIds: PaymentOrderRequest },
): Promise<PaymentOrderFile & { batch: PaymentOrderBatch }> {
  const { dealId, drawingIds, format } = input;
  const now = deps.now();
  const today = businessDateOf(now);
  const executionDate = input.execution_date ?? today;
  const file = FILES[format];

  return deps.prisma.$transaction(async (tx) => {
    const deal = await requireDeal(tx, dealId);
    const lender = lenderOf(deps.config);
    if (executionDate < today) throw invalid({ execution_date: [paymentOrderMessages.pastDate] });
    const ids = [...drawingIds].sort((a, b) => a - b);
    await tx.$queryRaw`SELECT id FROM purpose_drawings WHERE id = ANY(${ids}::int[]) ORDER BY id FOR UPDATE`;
    const drawings = await tx.purposeDrawing.findMany({ where: { id: { in: ids }, purpose: { dealId } }, include: { purpose: true }, orderBy: { id: 'asc' } });
    const found = new Set(drawings.map((d) => d.id));
    const unknown: Record<string, string[]> = {};
    drawingIds.forEach((id, index) => {
      if (!found.has(id)) unknown[String(index)] = [paymentOrderMessages.unknownDrawing(id)];
    });
    if (Object.keys(unknown).length) throw invalid(unknown);
    if (NOT_PAYABLE.includes(deal.state)) throw conflict(paymentOrderMessages.dealState);

    const problems: string[] = [];
    const items: PaymentOrderItem[] = [];
    for (const d of drawings) {
      const p = d.purpose;
      if (d.paymentOrderBatchId !== null) problems.push(paymentOrderMessages.exported(d.id, d.paymentOrderBatchId));
      else if (d.paymentId !== null) problems.push(paymentOrderMessages.paid(d.id));
      if (!p.bankAccount) {
        problems.push(paymentOrderMessages.noAccount(p.id));
        continue;
      }
      const target = resolveBankAccount(p.bankAccount);
      if ('foreignIban' in target) problems.push(paymentOrderMessages.foreignAccount(p.id));
      else if (format === 'pain001' && !p.recipientName) problems.push(paymentOrderMessages.noRecipientName(p.id));
      else {
        items.push({
          drawingId: d.id,
          amount: d.amount.toFixed(2),
          account: target.domestic,
          iban: target.iban,
          variableSymbol: p.variableSymbol,
          specificSymbol: p.specificSymbol,
          recipientName: p.recipientName,
          message: p.message,
        });
      }
    }
    // Several purposes may share one fault: say each once.
    if (problems.length) throw conflict(`${paymentOrderMessages.refused} ${[...new Set(problems)].join(' ')}`, { problems: [...new Set(problems)] });

    const totalHellers = items.reduce((sum, item) => sum + hellers(item.amount), 0n);
    if (totalHellers > MAX_TOTAL_HELLERS) throw conflict(paymentOrderMessages.tooLarge);
    const total = moneyOfHellers(totalHellers);
    const batch = await tx.paymentOrderBatch.create({
      data: {
        dealId,
        format,
        executionDate: dbDate(executionDate),
        fileName: '',
        content: Buffer.alloc(0),
        itemCount: items.length,
        totalAmount: total,
        createdById: actor.staffId,
        createdAt: now,
      },
    });
    // The file names its batch (file number, message id), so it is written once the id exists.
    const content = file.write({ batchId: batch.id, createdAt: batch.createdAt, executionDate, lender, items });
    const fileName = `platebni-prikaz-${deal.id}-${batch.id}.${file.extension}`;
    const saved = await tx.paymentOrderBatch.update({ where: { id: batch.id }, data: { content: new Uint8Array(content), fileName } });
    const marked = await tx.purposeDrawing.updateMany({ where: { id: { in: ids }, paymentOrderBatchId: null, paymentId: null }, data: { paymentOrderBatchId: batch.id } });
    if (marked.count !== ids.length) throw new Error('drawings changed under their row locks');
    await recordAudit(tx, actor, {
      action: 'deal.purpose.payment_order.create',
      entity: 'PaymentOrderBatch',
      entityId: batch.id,
      changes: { deal_id: dealId, format, execution_date: executionDate, drawing_ids: ids, total_amount: total, file_name: fileName },
    });
    return {
      batch: toBatch({ ...saved, drawings: ids.map((id) => ({ id })) }),
      batchId: batch.id,
      content,
      fileName,
      mimeType: file.mimeType,
    };
  });
}
