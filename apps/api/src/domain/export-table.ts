// Lists exported as files (docs/decisions/0016): what an export use case answers — the table's
// columns and its rows, read from the database in batches as the writer asks for them. How the
// table becomes CSV or XLSX on a response is http/table-export.ts's business, so use cases build
// tables without knowing the transport (docs/decisions/0040).

/** `money` takes a number or a decimal string ("1234.50"); `date` a calendar day `YYYY-MM-DD`. */
export type ColumnKind = 'text' | 'integer' | 'money' | 'date' | 'datetime';
export interface ExportColumn {
  header: string;
  kind: ColumnKind;
  /** Width in characters (XLSX). */
  width?: number;
}
export type ExportCell = string | number | Date | null;

/**
 * A table's rows as the writer reads them: the reader calls `onRow` with each row's cells as it
 * reads them, and yields where the writer may send what it wrote and wait for the client. The
 * writer turns a row into its output at once and keeps no reference to it, so rows die young
 * (modules/payments/keyset-rows.ts: why that matters to a million-row export's memory).
 */
export type TableRows = (onRow: (cells: ExportCell[]) => void) => AsyncIterable<unknown>;

/** TableRows of rows read by an async iterable (the exports read in Prisma batches of 500): the writer sends after each 500 rows. */
export function tableRowsOf(rows: AsyncIterable<ExportCell[]>): TableRows {
  return async function* read(onRow) {
    let count = 0;
    for await (const row of rows) {
      onRow(row);
      if (++count % 500 === 0) yield;
    }
  };
}

/** Reads rows by id in batches, in the order of `ids`, so an export holds one batch at a time. */
export async function* inBatches<T extends { id: number }>(ids: readonly number[], load: (batch: number[]) => Promise<T[]>, size = 500): AsyncGenerator<T> {
  for (let start = 0; start < ids.length; start += size) {
    const batch = ids.slice(start, start + size);
    const byId = new Map((await load(batch)).map((row) => [row.id, row]));
    for (const id of batch) {
      const row = byId.get(id);
      // Deleted since the ids were read: left out.
      if (row) yield row;
    }
  }
}

/** A file an export use case answers: its name (no extension), sheet, columns and rows. */
export interface ExportTable {
  baseName: string;
  sheetName: string;
  columns: readonly ExportColumn[];
  rows: TableRows;
}
