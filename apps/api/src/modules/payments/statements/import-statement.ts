import type { Deps } from '../../../deps.ts';
import type { SystemActor } from '../../../domain/actor.ts';
import { businessDateOf } from '../../../domain/dates.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { importStatementJob } from '../../../jobs/definitions/payments/import-statement.ts';
import { bookPayments, type Booking, type MovementInput } from '../book-payment.ts';
import { parseCamt053 } from './camt053.ts';
import { parseGpc } from './gpc.ts';
import { describeIssue, type BankMovement } from './movement.ts';
import { statementMessages } from './statement-view.ts';

// Bank statement imports (docs/decisions/0034, 0038): the upload (upload-statement.ts) stores the
// file and queues its job in one transaction; the job parses it and books the movements in
// chunks, each chunk in a transaction of its own that also writes the progress on the statement
// row, for staff to poll.

type StatementRow = Prisma.PaymentStatementGetPayload<object>;

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
  _actor: SystemActor,
  input: { statementId: number; finalAttempt: boolean; chunkSize?: number },
): Promise<void> {
  const { statementId } = input;
  const row = await deps.prisma.paymentStatement.findUnique({ where: { id: statementId } });
  if (!row || row.state === 'DONE' || row.state === 'FAILED') return;
  try {
    await run(deps, row, input.chunkSize);
  } catch (error) {
    deps.logger.error({ err: error, component: 'job', job: importStatementJob.name, statementId }, 'statement import failed');
    if (!input.finalAttempt) throw error;
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
