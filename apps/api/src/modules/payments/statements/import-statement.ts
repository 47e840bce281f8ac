import type { Deps } from '../../../deps.ts';
import type { SystemActor } from '../../../domain/actor.ts';
import { businessDateOf, dbDate } from '../../../domain/dates.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { StoredFileNotFound } from '../../../integrations/storage/index.ts';
import { queueStaffAlert } from '../../notifications/queue-staff-alert.ts';
import { importStatementJob } from '../../../jobs/definitions/payments/import-statement.ts';
import { bookPayments, type Booking, type MovementInput } from '../book-payment.ts';
import { parseCamt053Stream } from './camt053.ts';
import { parseGpcStream } from './gpc.ts';
import { describeIssue, type BankMovement, type StatementResult } from './movement.ts';
import { chunksOf, statementStorage, type StatementStorage } from './statement-file.ts';
import { statementMessages, withoutFile, type StatementRow } from './statement-view.ts';

// Bank statement imports (docs/decisions/0034, 0038, 0042): the upload (upload-statement.ts)
// stores the file and queues its job in one transaction; the job streams the stored file through
// the parser, then books the movements in chunks, each chunk in a transaction of its own that
// also writes the progress on the statement row, for staff to poll.

// `config` (the job's deps) lets a failed import alert staff on Slack; the seed and the bench import without it.
type ImportDeps = Pick<Deps, 'prisma' | 'now' | 'logger'> & Partial<Pick<Deps, 'config'>> & StatementStorage;

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
  deps: ImportDeps,
  _actor: SystemActor,
  input: { statementId: number; finalAttempt: boolean; chunkSize?: number },
): Promise<void> {
  const { statementId } = input;
  const row = await deps.prisma.paymentStatement.findUnique({ where: { id: statementId }, ...withoutFile });
  if (!row || row.state === 'DONE' || row.state === 'FAILED') return;
  try {
    await run(deps, row, input.chunkSize);
  } catch (error) {
    deps.logger.error({ err: error, component: 'job', job: importStatementJob.name, statementId }, 'statement import failed');
    if (!input.finalAttempt) throw error;
    await deps.prisma.$transaction(async (tx) => {
      await tx.paymentStatement.update({ where: { id: statementId }, data: { state: 'FAILED', errors: { push: statementMessages.interrupted }, finishedAt: deps.now() }, select: { id: true } });
      await alertFailedImport(deps, tx, row, statementMessages.interrupted);
    });
  }
}

/**
 * The file read as it streams in, chunk by chunk, from the storage (never whole in memory), or
 * from the row for one uploaded before the storage (docs/decisions/0042).
 */
async function parse(deps: ImportDeps, row: StatementRow): Promise<StatementResult> {
  let chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  if (row.storageKey) {
    try {
      chunks = (await statementStorage(deps).get(row.storageKey)).stream;
    } catch (error) {
      // Gone for good (a retry will not bring it back): the upload has to be repeated.
      if (error instanceof StoredFileNotFound) return { ok: false, errors: [{ message: statementMessages.fileMissing }] };
      throw error;
    }
  } else {
    const { content } = await deps.prisma.paymentStatement.findUniqueOrThrow({ where: { id: row.id }, select: { content: true } });
    chunks = chunksOf(content ?? new Uint8Array());
  }
  return row.format === 'gpc' ? parseGpcStream(chunks) : parseCamt053Stream(chunks);
}

async function run(deps: ImportDeps, row: StatementRow, chunkSize: number | undefined): Promise<void> {
  const p = deps.prisma;
  const parsed = await parse(deps, row);
  if (!parsed.ok) {
    await p.$transaction(async (tx) => {
      await tx.paymentStatement.update({ where: { id: row.id }, data: { state: 'FAILED', errors: parsed.errors.map(describeIssue), finishedAt: deps.now() }, select: { id: true } });
      await alertFailedImport(deps, tx, row, describeIssue(parsed.errors[0]!));
    });
    return;
  }
  const total = parsed.statement.movements.length;
  const { account, periodFrom, periodTo } = parsed.statement;
  // The days it covers as the file says, else the first and last day its bank booked a movement.
  let first: string | null = null;
  let last: string | null = null;
  for (const { bookingDate } of parsed.statement.movements) {
    if (first === null || bookingDate < first) first = bookingDate;
    if (last === null || bookingDate > last) last = bookingDate;
  }
  const period = { from: periodFrom ?? first, to: periodTo ?? last };
  const errors: string[] = [];
  // What bookPayments needs of each movement, the parser's own objects let go.
  const czk = parsed.statement.movements.flatMap((m) => {
    if (m.currency === 'CZK') return [toMovementInput(m)];
    errors.push(statementMessages.currency(m.bankReference, m.currency));
    return [];
  });
  parsed.statement.movements.length = 0;
  // `select`: nothing of the row is read back.
  const save = (db: Pick<Prisma.TransactionClient, 'paymentStatement'>, data: Prisma.PaymentStatementUpdateInput) =>
    db.paymentStatement.update({ where: { id: row.id }, data, select: { id: true } });
  // Counted from scratch: a run after an interrupted one finds that run's payments again.
  await save(p, {
    state: 'PROCESSING',
    account,
    periodFrom: period.from ? dbDate(period.from) : null,
    periodTo: period.to ? dbDate(period.to) : null,
    totalLines: total,
    processed: errors.length,
    created: 0,
    paired: 0,
    unpaired: 0,
    duplicatesSkipped: 0,
    errors,
  });
  await bookPayments(deps, czk, {
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

function count(progress: Progress, booking: Booking, m: MovementInput, statementId: number): void {
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

/** Staff hear of a statement that could not be imported on Slack (docs/decisions/0048). */
async function alertFailedImport(deps: ImportDeps, tx: Prisma.TransactionClient, row: StatementRow, reason: string): Promise<void> {
  if (!deps.config) return;
  await queueStaffAlert({ config: deps.config }, tx, {
    name: 'statement_import_failed',
    text: `Import výpisu č. ${row.id} (${row.fileName}) selhal: ${reason}`,
    entityType: 'PaymentStatement',
    entityId: row.id,
  });
}
