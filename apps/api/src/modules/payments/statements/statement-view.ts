import { paymentMessages, type PaymentStatement } from '@lending/contracts';
import type { Prisma } from '../../../generated/prisma/client.ts';

// What staff see of a statement import (docs/decisions/0034): its progress and figures, never
// its file. Shared by the upload, the read and the import.

export const statementMessages = {
  currency: (ref: string, currency: string) => `Pohyb ${ref}: měna ${currency} není podporována, pohyb nebyl zaúčtován.`,
  interrupted: 'Import se nepodařilo dokončit (opakovaná chyba serveru); nahrajte výpis znovu nebo kontaktujte správce.',
  fileMissing: 'Soubor výpisu se v úložišti nenašel; nahrajte výpis znovu.',
};

/** Read a statement row without its file (rows from before docs/decisions/0042 hold it): `findUnique({ where, ...withoutFile })`. */
export const withoutFile = { omit: { content: true } } as const;

export type StatementRow = Prisma.PaymentStatementGetPayload<typeof withoutFile>;

export function statementView(row: StatementRow, alreadyImported = false): PaymentStatement {
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
