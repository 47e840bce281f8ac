import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { paymentMessages, type PaymentStatement } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import type { StaffActor } from '../../../domain/actor.ts';
import { invalid } from '../../../domain/errors.ts';
import { Prisma } from '../../../generated/prisma/client.ts';
import { importStatementJob } from '../../../jobs/definitions/payments/import-statement.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { statementView, withoutFile } from './statement-view.ts';

/** An uploaded statement as it arrives: its first bytes (to tell the format) and the whole file, head included, as a stream. */
export interface StatementFile {
  name: string;
  head: Uint8Array;
  stream: AsyncIterable<Uint8Array>;
}

/** A statement file already in memory (the seed, tests, benches) in the shape of an upload. */
export function statementFile(name: string, content: Uint8Array): StatementFile {
  return { name, head: content.subarray(0, 4096), stream: Readable.from([content]) };
}

/** camt.053 is XML (after an optional BOM and whitespace); GPC starts with its 074 header record. */
export function detectFormat(head: Uint8Array): 'camt053' | 'gpc' | null {
  const text = Buffer.from(head.subarray(0, 64)).toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart();
  if (text.startsWith('<')) return 'camt053';
  if (/^074\d/.test(text)) return 'gpc';
  return null;
}

/**
 * POST /payments/statements/: stores the file and queues its import. The same file uploaded
 * again (same SHA-256) is answered with its first import, `already_imported`: nothing is
 * queued — unless that import FAILED, which then starts over.
 */
export async function uploadStatement(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { file: StatementFile }): Promise<{ statement: PaymentStatement; created: boolean }> {
  const { file } = input;
  const format = detectFormat(file.head);
  if (!format) throw invalid({ file: [paymentMessages.statementFile] });
  const chunks: Uint8Array[] = [];
  for await (const chunk of file.stream) chunks.push(chunk);
  const content = Buffer.concat(chunks);
  if (content.length === 0) throw invalid({ file: [paymentMessages.statementFile] });
  const sha256 = createHash('sha256').update(content).digest('hex');
  const existing = () => deps.prisma.paymentStatement.findUnique({ where: { sha256 }, ...withoutFile });
  const earlier = await existing();
  if (earlier?.state === 'FAILED') {
    const again = await retryFailed(deps, actor, earlier.id);
    return again ? { statement: again, created: true } : { statement: statementView((await existing())!, true), created: false };
  }
  if (earlier) return { statement: statementView(earlier, true), created: false };
  try {
    const row = await deps.prisma.$transaction(async (tx) => {
      const created = await tx.paymentStatement.create({
        data: { format, fileName: file.name.slice(0, 255) || 'vypis', content: new Uint8Array(content), sha256, createdById: actor.staffId },
        ...withoutFile,
      });
      await importStatementJob.enqueue(tx, { statement_id: created.id });
      await recordAudit(tx, actor, { action: 'payment_statement.upload', entity: 'PaymentStatement', entityId: created.id, changes: { file_name: created.fileName, format, sha256 } });
      return created;
    });
    return { statement: statementView(row), created: true };
  } catch (error) {
    // The same file uploaded twice at once: the other upload stored it first.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      const row = await existing();
      if (row) return { statement: statementView(row, true), created: false };
    }
    throw error;
  }
}

/**
 * A file whose import FAILED (unreadable, or the server failed it three times) uploaded again:
 * its import starts over on the same row, as the failure message tells staff to do. Null when a
 * concurrent upload restarted it first.
 */
async function retryFailed(deps: Pick<Deps, 'prisma'>, actor: StaffActor, id: number): Promise<PaymentStatement | null> {
  return deps.prisma.$transaction(async (tx) => {
    const { count } = await tx.paymentStatement.updateMany({
      where: { id, state: 'FAILED' },
      data: { state: 'QUEUED', totalLines: 0, processed: 0, created: 0, paired: 0, unpaired: 0, duplicatesSkipped: 0, errors: [], finishedAt: null },
    });
    if (!count) return null;
    await importStatementJob.enqueue(tx, { statement_id: id });
    await recordAudit(tx, actor, { action: 'payment_statement.retry', entity: 'PaymentStatement', entityId: id });
    return statementView(await tx.paymentStatement.findUniqueOrThrow({ where: { id }, ...withoutFile }));
  });
}
