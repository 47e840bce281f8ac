import { ClaimType, DealType } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { ExportColumn, ExportTable } from '../../domain/export-table.ts';
import { today } from '../../domain/dates.ts';
import { keysetRows, sqlParams } from '../payments/keyset-rows.ts';

/** The claims report's filters: claims due in the range (docs/decisions/0049). */
export interface ClaimsReportFilters {
  date_from?: string;
  date_to?: string;
}

export const CLAIMS_REPORT_COLUMNS: readonly ExportColumn[] = [
  { header: 'ID pohledávky', kind: 'integer', width: 12 },
  { header: 'Splatnost', kind: 'date', width: 12 },
  { header: 'Obchod', kind: 'integer', width: 10 },
  { header: 'Číslo smlouvy', kind: 'text', width: 18 },
  { header: 'Typ obchodu', kind: 'text', width: 18 },
  { header: 'Typ pohledávky', kind: 'text', width: 22 },
  { header: 'Částka', kind: 'money', width: 16 },
  { header: 'Uhrazeno', kind: 'money', width: 16 },
  { header: 'Zbývá uhradit', kind: 'money', width: 16 },
  { header: 'Popis', kind: 'text', width: 32 },
];

type Key = [string, number];

/**
 * One page of live claims (a cancelled claim is owed no more, servicing/balances.ts) due in the
 * range, after the key (due date, id): the claims_due_date_id index reads each page.
 */
function pageSql(filters: ClaimsReportFilters, after: Key | null, limit: number) {
  const { values, add } = sqlParams();
  const and = ['c.cancelled_at IS NULL'];
  if (filters.date_from) and.push(`c.due_date >= ${add(filters.date_from)}::date`);
  if (filters.date_to) and.push(`c.due_date <= ${add(filters.date_to)}::date`);
  if (after) and.push(`(c.due_date, c.id) > (${add(after[0])}::date, ${add(after[1])}::int)`);
  const text = `
    SELECT c.due_date::text, c.id, c.deal_id, d.contract_number, d.type::text, c.type::text, c.amount::text, c.paid_amount::text,
           (c.amount - c.paid_amount)::text, c.description
      FROM (SELECT * FROM claims c WHERE ${and.join(' AND ')} ORDER BY c.due_date, c.id LIMIT ${add(limit)}::int) c
      JOIN deals d ON d.id = c.deal_id
     ORDER BY c.due_date, c.id`;
  return { text, values };
}

const claimLabels = ClaimType.labels as Record<string, string>;
const dealTypeLabels = DealType.labels as Record<string, string>;

/** Every live claim due in the range, by due date, read through `deps.pool` in keyset pages. */
export function claimsReportTable(deps: Pick<Deps, 'pool' | 'now'>, filters: ClaimsReportFilters, pageSize = 5000): ExportTable {
  const read = keysetRows(deps.pool, (after: Key | null, limit) => pageSql(filters, after, limit), (row) => [row[0], row[1]] as Key, pageSize);
  return {
    baseName: `pohledavky-${today(deps)}`,
    sheetName: 'Pohledávky',
    columns: CLAIMS_REPORT_COLUMNS,
    rows: (onRow) =>
      read((row) => {
        const [due, id, dealId, contract, dealType, type, amount, paid, left, description] = row as [string, number, number, string | null, string, string, string, string, string, string | null];
        onRow([id, due, dealId, contract, dealTypeLabels[dealType] ?? dealType, claimLabels[type] ?? type, amount, paid, left, description]);
      }),
  };
}
