import { documentMessages, type BankStatementsValidation } from '@lending/contracts';
import type { PublicActor } from '../../domain/actor.ts';
import { unavailable } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { bankStatementAnalysisFor, BankStatementAnalysisUnavailable, type StatementAnalysis } from '../../integrations/bank-statements/index.ts';
import { storageFor, StoredFileNotFound } from '../../integrations/storage/index.ts';
import { saveCheck, saveStatementPeriod, readPeriods } from './bank-statements-record.ts';
import { dbDate, fromDbDate } from '../../domain/dates.ts';
import { computeBankStatements } from './evaluate-bank-statements.ts';
import { findOpenForm } from '../form-access/lock-form.ts';

/** When the portal may ask again after the analysis was away (the Retry-After of its 503). */
const ANALYSIS_RETRY_AFTER_SECONDS = 60;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/**
 * The "verify" button of the Documents screen: every uploaded statement not yet verified is
 * read by the bank-statement analysis; a readable one gets its transactions stored and
 * `verifiedAt` set, an unreadable one stays unverified with its error in the answer. Then the
 * form's bank data is evaluated and this becomes the last check (`is_dirty` is measured from it).
 */
export async function validateBankStatements(deps: Pick<Deps, 'prisma' | 'config' | 'logger' | 'now'>, _actor: PublicActor, input: { token: string }): Promise<BankStatementsValidation> {
  const form = await findOpenForm(deps, input.token);
  const statements = await deps.prisma.formDocument.findMany({ where: { formId: form.id, category: 'BANK_STATEMENT' }, orderBy: { id: 'asc' } });
  const analysis = bankStatementAnalysisFor(deps);
  const storage = storageFor(deps);
  const errors = new Map<number, string>();

  for (const statement of statements.filter((s) => !s.verifiedAt)) {
    let result: StatementAnalysis;
    try {
      const { stream } = await storage.get(statement.storageKey);
      result = await analysis.analyse({ content: await readAll(stream), fileName: statement.fileName, mimeType: statement.mimeType });
    } catch (error) {
      if (error instanceof StoredFileNotFound) {
        deps.logger.error({ documentId: statement.id, storageKey: statement.storageKey }, 'stored file of a bank statement is missing');
        errors.set(statement.id, documentMessages.statementUnreadable);
        continue;
      }
      if (error instanceof BankStatementAnalysisUnavailable) {
        deps.logger.warn({ err: error, documentId: statement.id }, 'bank-statement analysis unavailable');
        throw unavailable(documentMessages.analysisUnavailable, ANALYSIS_RETRY_AFTER_SECONDS);
      }
      throw error;
    }
    if (!result.readable || result.transactions.length === 0) {
      errors.set(statement.id, documentMessages.statementUnreadable);
      continue;
    }
    await deps.prisma.$transaction(async (tx) => {
      // The row lock orders this against a concurrent validation or deletion of the same file.
      const [locked] = await tx.$queryRaw<{ verified_at: Date | null }[]>`SELECT verified_at FROM form_documents WHERE id = ${statement.id} FOR UPDATE`;
      if (!locked || locked.verified_at) return;
      await tx.bankTransaction.deleteMany({ where: { documentId: statement.id } });
      await tx.bankTransaction.createMany({
        data: result.transactions.map((t) => ({
          documentId: statement.id,
          date: dbDate(t.date),
          amount: t.amount,
          currency: t.currency,
          counterpartyName: t.counterpartyName,
          counterpartyAccount: t.counterpartyAccount,
          description: t.description?.slice(0, 500) ?? null,
          variableSymbol: t.variableSymbol,
        })),
      });
      await tx.formDocument.update({ where: { id: statement.id }, data: { verifiedAt: deps.now() } });
      await saveStatementPeriod(tx, form.id, statement.id, result.period);
    });
  }

  const { fingerprint, ...evaluated } = await computeBankStatements(deps, form.id);
  await saveCheck(deps.prisma, form.id, { fingerprint, checked_at: deps.now().toISOString() });
  // This was the check: what it looked at is, from now on, what later changes are measured from.
  const status = { ...evaluated, is_dirty: false };

  const [current, counts, config] = await Promise.all([
    deps.prisma.formDocument.findMany({ where: { formId: form.id, category: 'BANK_STATEMENT' }, orderBy: { id: 'asc' } }),
    deps.prisma.bankTransaction.groupBy({ by: ['documentId'], where: { document: { formId: form.id } }, _count: { _all: true }, _min: { date: true }, _max: { date: true } }),
    deps.prisma.applicationForm.findUniqueOrThrow({ where: { id: form.id }, select: { config: true } }),
  ]);
  const periods = readPeriods(config.config);
  return {
    ...status,
    documents: current.map((d) => {
      const c = counts.find((x) => x.documentId === d.id);
      const period = periods[String(d.id)] ?? (c?._min.date && c._max.date ? { from: fromDbDate(c._min.date), to: fromDbDate(c._max.date) } : null);
      return {
        id: d.id,
        file_name: d.fileName,
        verified: d.verifiedAt !== null,
        transactions_count: c?._count._all ?? 0,
        period_from: d.verifiedAt ? (period?.from ?? null) : null,
        period_to: d.verifiedAt ? (period?.to ?? null) : null,
        error: d.verifiedAt ? null : (errors.get(d.id) ?? null),
      };
    }),
  };
}
