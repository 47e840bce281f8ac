import { createHash, type Hash } from 'node:crypto';
import { Readable } from 'node:stream';
import { paymentMessages, type PaymentStatement } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import type { StaffActor } from '../../../domain/actor.ts';
import { invalid } from '../../../domain/errors.ts';
import { Prisma } from '../../../generated/prisma/client.ts';
import { importStatementJob } from '../../../jobs/definitions/payments/import-statement.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { newStatementKey, STATEMENT_CONTENT_TYPES, statementStorage, type StatementStorage } from './statement-file.ts';
import { statementView, withoutFile, type StatementRow } from './statement-view.ts';

/** An uploaded statement as it arrives: its first bytes (to tell the format) and the whole file, head included, as a stream. */
export interface StatementFile {
  name: string;
  head: Uint8Array;
  /** Fails when the upload does (a file over the limit, a client gone): nothing is kept then. */
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

type UploadDeps = Pick<Deps, 'prisma' | 'logger'> & StatementStorage;

/**
 * POST /payments/statements/: stores the file and queues its import (docs/decisions/0034, 0042).
 * The format is told by the first bytes before anything is stored; the file then streams to the
 * file storage under a new key while its SHA-256 is computed, never whole in memory. The same
 * file uploaded again (same SHA-256) is answered with its first import, `already_imported`, and
 * nothing is queued — unless that import FAILED, which then starts over from the copy just
 * stored. Two identical uploads at once: the unique SHA-256 lets one row in, the other answers
 * it. A copy that no row names (a file seen before, a transaction rolled back, a failed upload)
 * is deleted before this returns.
 */
export async function uploadStatement(deps: UploadDeps, actor: StaffActor, input: { file: StatementFile }): Promise<{ statement: PaymentStatement; created: boolean }> {
  const { file } = input;
  const format = detectFormat(file.head);
  if (!format) throw invalid({ file: [paymentMessages.statementFile] });
  const storage = statementStorage(deps);
  const storageKey = newStatementKey();
  // The stored copy until a committed row names it.
  let unclaimed: string | null = storageKey;
  const hash = createHash('sha256');
  try {
    const { size } = await storage.put(storageKey, Readable.from(hashing(file.stream, hash)), { contentType: STATEMENT_CONTENT_TYPES[format] });
    const sha256 = hash.digest('hex');
    const existing = () => deps.prisma.paymentStatement.findUnique({ where: { sha256 }, ...withoutFile });
    const earlier = await existing();
    if (earlier?.state === 'FAILED') {
      const again = await retryFailed(deps, actor, earlier, storageKey);
      if (!again) return { statement: statementView((await existing())!, true), created: false };
      unclaimed = earlier.storageKey;
      return { statement: statementView(again), created: true };
    }
    if (earlier) return { statement: statementView(earlier, true), created: false };
    try {
      const row = await deps.prisma.$transaction(async (tx) => {
        const created = await tx.paymentStatement.create({
          data: { format, fileName: file.name.slice(0, 255) || 'vypis', storageKey, sha256, createdById: actor.staffId },
          ...withoutFile,
        });
        await importStatementJob.enqueue(tx, { statement_id: created.id });
        await recordAudit(tx, actor, { action: 'payment_statement.upload', entity: 'PaymentStatement', entityId: created.id, changes: { file_name: created.fileName, format, sha256, size } });
        return created;
      });
      unclaimed = null;
      return { statement: statementView(row), created: true };
    } catch (error) {
      // The same file uploaded twice at once: the other upload stored it first.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        const row = await existing();
        if (row) return { statement: statementView(row, true), created: false };
      }
      throw error;
    }
  } finally {
    const key = unclaimed;
    if (key) await storage.delete(key).catch((error: unknown) => deps.logger.warn({ err: error, storageKey: key }, 'statement file left in storage'));
  }
}

/** The stream as it is read, each chunk also fed to `hash`. */
async function* hashing(stream: AsyncIterable<Uint8Array>, hash: Hash): AsyncGenerator<Uint8Array> {
  for await (const chunk of stream) {
    hash.update(chunk);
    yield chunk;
  }
}

/**
 * A file whose import FAILED (unreadable, or the server failed it three times) uploaded again:
 * its import starts over on the same row, as the failure message tells staff to do, from the
 * copy just stored (the same bytes: the earlier copy, or the bytea of a row from before the
 * storage, is then let go). Null when a concurrent upload restarted it first.
 */
async function retryFailed(deps: Pick<Deps, 'prisma'>, actor: StaffActor, earlier: StatementRow, storageKey: string): Promise<StatementRow | null> {
  return deps.prisma.$transaction(async (tx) => {
    const { count } = await tx.paymentStatement.updateMany({
      where: { id: earlier.id, state: 'FAILED', storageKey: earlier.storageKey },
      data: { state: 'QUEUED', storageKey, content: null, totalLines: 0, processed: 0, created: 0, paired: 0, unpaired: 0, duplicatesSkipped: 0, errors: [], finishedAt: null },
    });
    if (!count) return null;
    await importStatementJob.enqueue(tx, { statement_id: earlier.id });
    await recordAudit(tx, actor, { action: 'payment_statement.retry', entity: 'PaymentStatement', entityId: earlier.id });
    return tx.paymentStatement.findUniqueOrThrow({ where: { id: earlier.id }, ...withoutFile });
  });
}
