import { createHash } from 'node:crypto';
import { paymentMessages, type PaymentStatement } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import { Prisma } from '../../../generated/prisma/client.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { importStatementJob } from '../../../jobs/definitions/payments/import-statement.ts';
import { recordStaffAudit, type StaffActor } from '../../audit/record-staff-audit.ts';
import { businessDateOf } from '../../../domain/dates.ts';
import { bookPayments, type Booking, type MovementInput } from '../book-payment.ts';
import { parseCamt053 } from './camt053.ts';
import { parseGpc } from './gpc.ts';
import { describeIssue, type BankMovement } from './movement.ts';

// Bank statement imports (docs/decisions/0034, 0038): the upload stores the file and queues its
// job in one transaction; the job parses it and books the movements in chunks, each chunk in a
// transaction of its own that also writes the progress on the statement row, for staff to poll.

export const statementMessages = {
  currency: (ref: string, currency: string) => `Pohyb ${ref}: měna ${currency} není podporována, pohyb nebyl zaúčtován.`,
  interrupted: 'Import se nepodařilo dokončit (opakovaná chyba serveru); nahrajte výpis znovu nebo kontaktujte správce.',
};

type StatementRow = Prisma.PaymentStatementGetPayload<object>;

export function toStatement(row: StatementRow, alreadyImported = false): PaymentStatement {
  return {
    id: row.id,
    format: row.format as PaymentStatement['format'],
    file_name: row.fileName,
    state: row.state as PaymentStatement['state'],
    total_lines: row.totalLines,
    processed: row.processed,
    created: row.created,
    paired: row.paired,
    unpaired: row.unpaired,
    duplicates_skipped: row.duplicatesSkipped,
    errors: row.errors,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    already_imported: alreadyImported,
    detail: alreadyImported ? paymentMessages.statementAlreadyImported : null,
  };
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
export async function uploadStatement(
  deps: Pick<Deps, 'prisma'>,
  actor: StaffActor,
  file: { name: string; content: Buffer },
): Promise<{ statement: PaymentStatement; created: boolean }> {
  const format = detectFormat(file.content);
  if (!format || file.content.length === 0) throw badRequest({ file: [paymentMessages.statementFile] });
  const sha256 = createHash('sha256').update(file.content).digest('hex');
  const existing = () => deps.prisma.paymentStatement.findUnique({ where: { sha256 } });
  const earlier = await existing();
  if (earlier?.state === 'FAILED') {
    const again = await retryFailed(deps, actor, earlier.id);
    return again ? { statement: again, created: true } : { statement: toStatement((await existing())!, true), created: false };
  }
  if (earlier) return { statement: toStatement(earlier, true), created: false };
  try {
    const row = await deps.prisma.$transaction(async (tx) => {
      const created = await tx.paymentStatement.create({
        data: { format, fileName: file.name.slice(0, 255) || 'vypis', content: new Uint8Array(file.content), sha256, createdById: actor.staffId },
      });
      await importStatementJob.enqueue(tx, { statement_id: created.id });
      await recordStaffAudit(tx, actor, { action: 'payment_statement.upload', entity: 'PaymentStatement', entityId: created.id, changes: { file_name: created.fileName, format, sha256 } });
      return created;
    });
    return { statement: toStatement(row), created: true };
  } catch (error) {
    // The same file uploaded twice at once: the other upload stored it first.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      const row = await existing();
      if (row) return { statement: toStatement(row, true), created: false };
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
    await recordStaffAudit(tx, actor, { action: 'payment_statement.retry', entity: 'PaymentStatement', entityId: id });
    return toStatement(await tx.paymentStatement.findUniqueOrThrow({ where: { id } }));
  });
}

export async function getStatement(deps: Pick<Deps, 'prisma'>, id: number): Promise<PaymentStatement> {
  const row = await deps.prisma.paymentStatement.findUnique({ where: { id } });
  if (!row) throw notFound(paymentMessages.statementNotFound);
  return toStatement(row);
}

interface Progress {
  processed: number;
  created: number;
  paired: number;
  unpaired: number;
  duplicatesSkipped: number;
}

/**
 * The job's work: parse the stored file and book its movements (bookPayments), each chunk's
 * payments, allocations and progress in one transaction. A run after an interrupted one
 * finds the chunks that run committed (their payments name this statement) and counts them as
 * created, not as duplicates, so the figures are those of one clean run.
 */
export async function importStatement(
  deps: Pick<Deps, 'prisma' | 'now' | 'logger'>,
  statementId: number,
  options: { finalAttempt: boolean; chunkSize?: number },
): Promise<void> {
  const row = await deps.prisma.paymentStatement.findUnique({ where: { id: statementId } });
  if (!row || row.state === 'DONE' || row.state === 'FAILED') return;
  try {
    await run(deps, row, options.chunkSize);
  } catch (error) {
    deps.logger.error({ err: error, component: 'job', job: importStatementJob.name, statementId }, 'statement import failed');
    if (!options.finalAttempt) throw error;
    await deps.prisma.paymentStatement.update({
      where: { id: statementId },
      data: { state: 'FAILED', errors: { push: statementMessages.interrupted }, finishedAt: deps.now() },
      select: { id: true },
    });
  }
}

async function run(deps: Pick<Deps, 'prisma' | 'now'>, row: StatementRow, chunkSize: number | undefined): Promise<void> {
  const p = deps.prisma;
  const parsed = row.format === 'gpc' ? parseGpc(row.content) : parseCamt053(row.content);
  if (!parsed.ok) {
    await p.paymentStatement.update({ where: { id: row.id }, data: { state: 'FAILED', errors: parsed.errors.map(describeIssue), finishedAt: deps.now() }, select: { id: true } });
    return;
  }
  const movements = parsed.statement.movements;
  const errors: string[] = [];
  const czk = movements.filter((m) => {
    if (m.currency === 'CZK') return true;
    errors.push(statementMessages.currency(m.bankReference, m.currency));
    return false;
  });
  // `select`: the row holds the whole file, which an update would otherwise read back each time.
  const save = (db: Pick<Prisma.TransactionClient, 'paymentStatement'>, data: Prisma.PaymentStatementUpdateInput) =>
    db.paymentStatement.update({ where: { id: row.id }, data, select: { id: true } });
  // Counted from scratch: a run after an interrupted one finds that run's payments again.
  await save(p, { state: 'PROCESSING', totalLines: movements.length, processed: errors.length, created: 0, paired: 0, unpaired: 0, duplicatesSkipped: 0, errors });
  await bookPayments(deps, czk.map(toMovementInput), {
    businessDate: businessDateOf(deps.now()),
    statementId: row.id,
    chunkSize,
    // Increments: chunks commit in any order, and the row holds what the committed ones did.
    afterChunk: async (tx, { entries }) => {
      const figures: Progress = { processed: entries.length, created: 0, paired: 0, unpaired: 0, duplicatesSkipped: 0 };
      for (const { index, booking } of entries) count(figures, booking, czk[index]!, row.id);
      await save(tx, {
        processed: { increment: figures.processed },
        created: { increment: figures.created },
        paired: { increment: figures.paired },
        unpaired: { increment: figures.unpaired },
        duplicatesSkipped: { increment: figures.duplicatesSkipped },
      });
    },
  });
  await save(p, { state: 'DONE', finishedAt: deps.now() });
}

function toMovementInput(m: BankMovement): MovementInput {
  return {
    bankReference: m.bankReference,
    date: m.bookingDate,
    amount: m.amount,
    direction: m.direction,
    reversal: m.reversal,
    variableSymbol: m.variableSymbol,
    specificSymbol: m.specificSymbol,
    constantSymbol: m.constantSymbol,
    counterAccount: m.counterAccount,
    counterAccountName: m.counterAccountName,
    message: m.message,
  };
}

function count(progress: Progress, booking: Booking, m: BankMovement, statementId: number): void {
  // Booked before by another statement, or listed twice in this one; a payment of this statement
  // found again is one an interrupted run of it booked: created.
  if (booking.outcome === 'DUPLICATE' && (booking.repeated || booking.statementId !== statementId)) {
    progress.duplicatesSkipped++;
    return;
  }
  progress.created++;
  // The pairing figures are those of the incoming payments the unpaired queue is about.
  if (m.direction === 'INCOMING_PAYMENT' && !m.reversal) {
    if (booking.dealId !== null) progress.paired++;
    else progress.unpaired++;
  }
}
