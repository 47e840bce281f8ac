import { PassThrough } from 'node:stream';
import type { SystemActor } from '../../domain/actor.ts';
import { dbDate } from '../../domain/dates.ts';
import type { Deps } from '../../deps.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { NoticeDocument } from './notice-document.ts';
import { writePrintBatch, type PrintBatchLetter } from './print-batch.ts';

/**
 * The day's print batch (docs/decisions/0048): every letter waiting in the outbox (MAIL, PENDING,
 * queued before the run began) goes into one PDF with an address sheet per letter and a CSV
 * manifest, both streamed into the file storage while the letters are read 200 at a time, so the
 * memory stays bounded whatever their number. The letters are drawn from their notices' frozen
 * content with the same drawing as their stored PDFs. Then, in one transaction, the batch is
 * recorded and its letters marked SENT (handed to the post office). Null when nothing waits.
 */
export async function writeDailyPrintBatch(
  deps: Pick<Deps, 'prisma' | 'config' | 'now'>,
  actor: SystemActor,
  input: { date: string },
): Promise<{ id: number; letters: number; registered: number; pages: number } | null> {
  const last = await deps.prisma.notification.findFirst({ where: { type: 'MAIL', state: 'PENDING', printBatchId: null }, orderBy: { id: 'desc' }, select: { id: true } });
  if (!last) return null;
  const storage = storageFor(deps);
  const stamp = deps.now().getTime();
  const pdfKey = `print-batches/${input.date}/${stamp}.pdf`;
  const csvKey = `print-batches/${input.date}/${stamp}.csv`;
  const taken: number[] = [];

  async function* letters(): AsyncGenerator<PrintBatchLetter> {
    let after = 0;
    for (;;) {
      const rows = await deps.prisma.notification.findMany({
        where: { type: 'MAIL', state: 'PENDING', printBatchId: null, id: { gt: after, lte: last!.id } },
        orderBy: { id: 'asc' },
        take: 200,
        select: { id: true, entityType: true, entityId: true, notice: { select: { content: true } } },
      });
      if (rows.length === 0) return;
      for (const row of rows) {
        after = row.id;
        const content =
          row.notice?.content ??
          (row.entityType === 'Notice' ? (await deps.prisma.notice.findUnique({ where: { id: Number(row.entityId) }, select: { content: true } }))?.content : null);
        if (!content) continue; // a letter without a notice's content has nothing to print
        taken.push(row.id);
        yield { document: content as unknown as NoticeDocument, reference: `D${input.date.replaceAll('-', '')}-${row.id}` };
      }
    }
  }

  const pdf = new PassThrough();
  const csv = new PassThrough();
  const [result] = await Promise.all([
    writePrintBatch(letters(), pdf, csv, { date: input.date, lenderName: deps.config.LENDER_NAME }),
    storage.put(pdfKey, pdf, { contentType: 'application/pdf' }),
    storage.put(csvKey, csv, { contentType: 'text/csv; charset=utf-8' }),
  ]);
  if (result.letters === 0) {
    await Promise.all([storage.delete(pdfKey), storage.delete(csvKey)]);
    return null;
  }
  return deps.prisma.$transaction(async (tx) => {
    const batch = await tx.printBatch.create({ data: { businessDate: dbDate(input.date), letters: result.letters, registered: result.registered, pages: result.pages, pdfKey, csvKey } });
    await tx.notification.updateMany({ where: { id: { in: taken }, state: 'PENDING' }, data: { state: 'SENT', sentAt: deps.now(), printBatchId: batch.id } });
    await recordAudit(tx, actor, { action: 'print_batch.create', entity: 'PrintBatch', entityId: batch.id, changes: { date: input.date, letters: result.letters, registered: result.registered } });
    return { id: batch.id, letters: result.letters, registered: result.registered, pages: result.pages };
  });
}
