import type { Deps } from '../../deps.ts';
import { BankStatementAnalysisUnavailable, bankStatementAnalysisFor } from '../../integrations/bank-statements/index.ts';
import { ScreeningFailed, type ScreeningTransaction } from '../../integrations/screenings/index.ts';
import { storageFor, StoredFileNotFound } from '../../integrations/storage/index.ts';

const messages = {
  noStatements: 'K osobě nejsou nahrané žádné bankovní výpisy ani připojený bankovní účet.',
  noTransactions: 'K osobě nejsou k dispozici žádné bankovní transakce (výpisy ani připojený účet).',
  analysisUnavailable: 'Bankovní výpisy se nyní nepodařilo přečíst (služba analýzy výpisů je nedostupná).',
} as const;

type Row = { date: Date; amount: { toNumber(): number }; counterpartyName: string | null; description: string | null };
const toTransaction = (t: Row): ScreeningTransaction => ({
  date: t.date.toISOString().slice(0, 10),
  amount: t.amount.toNumber(),
  counterparty: t.counterpartyName,
  description: t.description,
});

/** The application forms of the person's leads (as applicant or participant), newest first. */
function formsOf(deps: Pick<Deps, 'prisma'>, personId: number) {
  return deps.prisma.applicationForm.findMany({
    where: { lead: { OR: [{ personId }, { participants: { some: { personId } } }] } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    include: {
      documents: { where: { category: 'BANK_STATEMENT' }, orderBy: { id: 'asc' }, include: { transactions: { orderBy: { date: 'asc' } } } },
      bankConnections: { orderBy: { id: 'desc' }, include: { transactions: { orderBy: { date: 'asc' } } } },
    },
  });
}

/**
 * SOKORDIA_BANK_STATEMENT_PDF: the transactions of the bank statements uploaded to the person's
 * forms. Statements already verified in the portal give their stored transactions; others are
 * read now with the bank-statement analysis (the same one the portal uses). Without any
 * statement, the transactions of the newest form's connected account are analysed instead.
 */
export async function statementTransactions(
  deps: Pick<Deps, 'prisma' | 'config' | 'logger'>,
  personId: number,
): Promise<{ transactions: ScreeningTransaction[]; statements: { source: 'STATEMENT_PDF' | 'FORM_TRANSACTIONS'; count: number } }> {
  const forms = await formsOf(deps, personId);
  const documents = forms.flatMap((f) => f.documents);
  if (documents.length) {
    const transactions: ScreeningTransaction[] = [];
    let read = 0;
    for (const document of documents) {
      if (document.transactions.length) {
        transactions.push(...document.transactions.map(toTransaction));
        read += 1;
        continue;
      }
      try {
        const { stream } = await storageFor(deps).get(document.storageKey);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        const analysis = await bankStatementAnalysisFor(deps).analyse({ content: Buffer.concat(chunks), fileName: document.fileName, mimeType: document.mimeType });
        if (!analysis.readable) continue;
        read += 1;
        transactions.push(
          ...analysis.transactions
            .filter((t) => t.currency === 'CZK')
            .map((t) => ({ date: t.date, amount: Number(t.amount), counterparty: t.counterpartyName ?? t.counterpartyAccount, description: t.description })),
        );
      } catch (error) {
        if (error instanceof BankStatementAnalysisUnavailable) throw new ScreeningFailed(messages.analysisUnavailable, true, error.message);
        if (!(error instanceof StoredFileNotFound)) throw error;
        deps.logger.warn({ documentId: document.id }, 'stored bank statement is missing');
      }
    }
    if (read > 0) return { transactions, statements: { source: 'STATEMENT_PDF', count: read } };
  }
  const connected = forms.find((f) => f.bankConnections.some((c) => c.transactions.length));
  if (!connected) throw new ScreeningFailed(messages.noStatements, false);
  return {
    transactions: connected.bankConnections.flatMap((c) => c.transactions.map(toTransaction)),
    statements: { source: 'FORM_TRANSACTIONS', count: 0 },
  };
}

/**
 * TRANSACTION_SCORING: every bank transaction of the person's forms, from connected accounts
 * and verified statements, once each (the same payment on a statement and on the connected
 * account counts once).
 */
export async function scoringTransactions(deps: Pick<Deps, 'prisma'>, personId: number): Promise<ScreeningTransaction[]> {
  const forms = await formsOf(deps, personId);
  const sources = forms.flatMap((f) => [...f.bankConnections.map((c) => c.transactions), ...f.documents.map((d) => d.transactions)]);
  // Identical payments within one source are real (two equal card payments a day); across
  // sources they are the same payment seen twice: keep the most any one source has.
  const kept = new Map<string, { transaction: ScreeningTransaction; count: number }>();
  for (const rows of sources) {
    const counts = new Map<string, { transaction: ScreeningTransaction; count: number }>();
    for (const row of rows) {
      const t = toTransaction(row);
      const key = `${t.date}|${t.amount}|${(t.counterparty ?? t.description ?? '').toLowerCase()}`;
      const entry = counts.get(key) ?? { transaction: t, count: 0 };
      entry.count += 1;
      counts.set(key, entry);
    }
    for (const [key, entry] of counts) if ((kept.get(key)?.count ?? 0) < entry.count) kept.set(key, entry);
  }
  const out = [...kept.values()].flatMap((e) => Array.from({ length: e.count }, () => e.transaction));
  if (!out.length) throw new ScreeningFailed(messages.noTransactions, false);
  return out.sort((a, b) => a.date.localeCompare(b.date));
}
