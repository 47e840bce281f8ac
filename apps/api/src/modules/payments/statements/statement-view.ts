import { czechDay, bankCodeOf, CZECH_BANKS, paymentMessages, type PaymentStatement } from '@lending/contracts';
import { businessDateOf } from '../../../domain/dates.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';

// What staff see of a statement import (docs/decisions/0034, 0047): its progress and figures,
// what the file says of itself (account, period), who uploaded it — never its file. Shared by the
// upload, the reads and the import.

export const statementMessages = {
  currency: (ref: string, currency: string) => `Pohyb ${ref}: měna ${currency} není podporována, pohyb nebyl zaúčtován.`,
  interrupted: 'Import se nepodařilo dokončit (opakovaná chyba serveru); nahrajte výpis znovu nebo kontaktujte správce.',
  fileMissing: 'Soubor výpisu se v úložišti nenašel; nahrajte výpis znovu.',
};

/**
 * Read a statement row without its file (rows from before docs/decisions/0042 hold it), with who
 * uploaded it: `findUnique({ where, ...withoutFile })`.
 */
export const withoutFile = { omit: { content: true }, include: { createdBy: { select: { id: true, firstName: true, lastName: true, email: true } } } } as const;

export type StatementRow = Prisma.PaymentStatementGetPayload<typeof withoutFile>;

const day = (d: Date | null) => d?.toISOString().slice(0, 10) ?? null;

/**
 * The import as staff see it. `alreadyImported`: the answer to an upload of the same file again —
 * the figures are the first import's, and `detail` says so with that import's day.
 */
export function statementView(row: StatementRow, alreadyImported = false): PaymentStatement {
  const bankCode = bankCodeOf(row.account);
  const by = row.createdBy;
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
    detail: alreadyImported ? paymentMessages.statementImportedBefore(czechDay(businessDateOf(row.createdAt))) : null,
    account: row.account,
    bank_code: bankCode,
    bank: bankCode ? (CZECH_BANKS[bankCode] ?? null) : null,
    period_from: day(row.periodFrom),
    period_to: day(row.periodTo),
    created_by: by ? { id: by.id, name: `${by.firstName} ${by.lastName}`.trim() || by.email } : null,
  };
}
