import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ColumnKind, ExportCell, ExportColumn, TableRows } from '../domain/export-table.ts';

// Tables as CSV or XLSX bytes on any writable stream: an HTTP response (http/table-export.ts) or
// a file being stored (generated reports, modules/reporting). The rows are read as the stream
// takes the bytes, so a file of millions of rows costs a few buffers (docs/decisions/0035).

const PRAGUE = 'Europe/Prague';
const pragueParts = new Intl.DateTimeFormat('cs-CZ', {
  timeZone: PRAGUE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function localParts(date: Date) {
  const parts = Object.fromEntries(pragueParts.formatToParts(date).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute) };
}

/** The day in Prague, YYYY-MM-DD: the date in an export's file name. */
export function pragueDay(date: Date): string {
  const p = localParts(date);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** 2026-03-05T13:04Z → "05.03.2026 14:04" (Prague time, as the screen shows it). */
export function csvDateTime(date: Date): string {
  const p = localParts(date);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(p.day)}.${two(p.month)}.${p.year} ${two(p.hour)}:${two(p.minute)}`;
}

/** A spreadsheet has no time zones: the cell holds the Prague wall-clock time. */
function xlsxDateTime(date: Date): Date {
  const p = localParts(date);
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute));
}

/** A text cell starting with one of `= + - @ TAB CR` could run as a formula in a spreadsheet. */
const FORMULA_START = new Set([61, 43, 45, 64, 9, 13]);
const NEEDS_QUOTES = /[;"\r\n]/;

function csvCell(value: ExportCell, kind: ColumnKind): string {
  if (value === null || value === '') return '';
  // Most cells of a large export: ids and counts. A number's text has nothing to guard or quote.
  if (typeof value === 'number' && kind !== 'money') return String(value);
  let text: string;
  if (value instanceof Date) text = csvDateTime(value);
  // Money comes as the API's decimal string ("1234.50"): only its separator changes.
  else if (kind === 'money' && typeof value === 'string') text = value.replace('.', ',');
  else if (kind === 'money' && typeof value === 'number') text = value.toFixed(2).replace('.', ',');
  else if (kind === 'date' && typeof value === 'string') text = `${value.slice(8, 10)}.${value.slice(5, 7)}.${value.slice(0, 4)}`;
  else text = String(value);
  if (typeof value === 'string' && kind !== 'money' && kind !== 'date' && FORMULA_START.has(text.charCodeAt(0))) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Bytes of one buffer of the CSV: one write per row would cost a syscall and a chunk header each. */
const CSV_CHUNK = 64 * 1024;

/** Resolves when the stream can take more, rejects when its reader has gone. */
function drained(res: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('the client closed the download'));
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}

/**
 * Sends the CSV through a few buffers of CSV_CHUNK bytes, filled with UTF-8 as the rows are read
 * (a lone surrogate becomes U+FFFD, as in any write of a string to a socket) and used again once
 * the socket has written them. Whatever the length of the export, its memory is these buffers
 * (about a page of text ahead of the client), outside the JS heap, and no row, line or chunk
 * lives long enough for the garbage collector to copy it (docs/decisions/0035, "Rows as they
 * arrive"). A line is never split between two buffers; one longer than a buffer goes alone.
 */
export async function writeCsv(res: Writable, columns: readonly ExportColumn[], rows: TableRows): Promise<void> {
  const kinds = columns.map((c) => c.kind);
  const spare: Buffer[] = [];
  // Filled and not yet handed to the response: the bytes, and the pooled buffer they are in (null: a one-off).
  const ready: [Buffer, Buffer | null][] = [];
  let chunk: Buffer = Buffer.allocUnsafe(CSV_CHUNK);
  let used = 0;
  const closeChunk = () => {
    if (used === 0) return;
    ready.push([chunk.subarray(0, used), chunk]);
    chunk = spare.pop() ?? Buffer.allocUnsafe(CSV_CHUNK);
    used = 0;
  };
  const write = (text: string) => {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    if (used + text.length * 3 > CSV_CHUNK) {
      closeChunk();
      if (text.length * 3 > CSV_CHUNK) {
        ready.push([Buffer.from(text, 'utf8'), null]);
        return;
      }
    }
    used += chunk.write(text, used, 'utf8');
  };
  const send = async () => {
    for (const [bytes, pooled] of ready.splice(0)) {
      if (res.destroyed) throw new Error('the client closed the download');
      const more = res.write(bytes, () => pooled && spare.push(pooled));
      if (!more) await drained(res);
    }
  };
  write(`\uFEFF${columns.map((c) => csvCell(c.header, 'text')).join(';')}\r\n`);
  const onRow = (row: ExportCell[]) => {
    let line = '';
    for (let i = 0; i < row.length; i++) line += i === 0 ? csvCell(row[i]!, kinds[i]!) : `;${csvCell(row[i]!, kinds[i]!)}`;
    write(`${line}\r\n`);
  };
  for await (const _ of rows(onRow)) await send();
  closeChunk();
  await send();
  res.end();
  await finished(res);
}

const numberFormats: Record<ColumnKind, string | undefined> = {
  text: undefined,
  integer: '0',
  money: '#,##0.00 "Kč"',
  date: 'd.m.yyyy',
  datetime: 'd.m.yyyy h:mm',
};

/**
 * A spreadsheet cell. A money string becomes a number cell: a Decimal(14, 2) amount has at most
 * 14 significant digits, which a double holds and gives back as the same decimal (exact).
 */
function xlsxCell(cell: ExportCell, kind: ColumnKind): ExportCell {
  if (cell instanceof Date) return xlsxDateTime(cell);
  if (typeof cell !== 'string') return cell;
  if (kind === 'money') return Number(cell);
  if (kind === 'date') return new Date(`${cell}T00:00:00Z`);
  return cell;
}

export async function writeXlsx(out: Writable, sheetName: string, columns: readonly ExportColumn[], rows: TableRows): Promise<void> {
  // Loaded on first use: exceljs is ~40 MB of the server's memory, needed only by XLSX exports.
  const { default: ExcelJS } = await import('exceljs');
  // The streaming writer commits each row to the zip stream as it goes (exceljs' WorkbookWriter).
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 18, style: numberFormats[c.kind] ? { numFmt: numberFormats[c.kind] } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const onRow = (row: ExportCell[]) => sheet.addRow(row.map((cell, i) => xlsxCell(cell, columns[i]!.kind))).commit();
  for await (const _ of rows(onRow));
  sheet.commit();
  await workbook.commit();
}

