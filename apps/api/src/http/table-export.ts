import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import type { ExportFormat } from '@lending/contracts';
import type { ExportColumn, TableRows } from '../domain/export-table.ts';
import { writeCsv, writeXlsx } from '../files/table-file.ts';
import { contentDisposition } from './file-response.ts';

/**
 * Lists exported as files (docs/decisions/0016): the rows of the screen's filter, streamed as
 * CSV or XLSX while they are read from the database in batches, so a list of 100 000 persons
 * never sits in memory. CSV follows the conventions of the persons' CSV exports
 * (modules/persons/csv.ts): UTF-8 with BOM, `;`, CRLF, Czech decimal comma, formula guard.
 *
 * Transition (docs/decisions/0040): the format query is in packages/contracts, the table a use
 * case answers in domain/export-table.ts.
 */
export { EXPORT_FORMATS, exportFormatQuery, type ExportFormat } from '@lending/contracts';
export { csvDateTime, pragueDay } from '../files/table-file.ts';
export { inBatches, tableRowsOf, type ColumnKind, type ExportCell, type ExportColumn, type TableRows } from '../domain/export-table.ts';

/**
 * Streams the table as an attachment `${baseName}.csv|xlsx`. Headers go first; a failure after
 * them can only cut the download short (the client sees an incomplete file, never a 200 with a
 * wrong body), so the query runs before: `rows` should fail early for bad input.
 */
export async function sendTable(
  res: Response,
  table: { format: ExportFormat; baseName: string; sheetName: string; columns: readonly ExportColumn[]; rows: TableRows },
): Promise<undefined> {
  const csv = table.format === 'csv';
  res.status(200).set({
    'Content-Type': csv ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'Content-Disposition': contentDisposition(`${table.baseName}.${table.format}`),
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  try {
    if (csv) {
      await writeCsv(res, table.columns, table.rows);
    } else {
      const out = new PassThrough();
      await Promise.all([pipeline(out, res), writeXlsx(out, table.sheetName, table.columns, table.rows).then(() => out.end())]);
    }
  } catch (error) {
    if (!res.headersSent) throw error;
    res.destroy(error as Error);
  }
  return undefined;
}
