/**
 * CSV for Czech spreadsheets (docs/decisions/0009-persons-api.md): UTF-8 with a byte order
 * mark (Excel otherwise reads it as cp1250), `;` between cells (the comma is the Czech decimal
 * separator), CRLF line ends, cells quoted when they hold `;`, `"` or a line break. Text that
 * a spreadsheet would run as a formula (= + - @ at the start) is prefixed with `'`.
 */
export type CsvCell = string | number | null | undefined;

const BOM = '\uFEFF';

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? String(value) : value;
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  return BOM + [header, ...rows].map((row) => row.map(cell).join(';')).join('\r\n') + '\r\n';
}

/** 12345.5 → "12345,50" (Czech decimal comma, no thousands separator: a number to Excel); exact from a Decimal. */
export const csvAmount = (value: { toFixed(places: number): string } | null) => (value === null ? null : value.toFixed(2).replace('.', ','));

/** 2024-03-05 → "05.03.2024" */
export const csvDate = (value: Date | null) => (value ? `${String(value.getUTCDate()).padStart(2, '0')}.${String(value.getUTCMonth() + 1).padStart(2, '0')}.${value.getUTCFullYear()}` : null);
