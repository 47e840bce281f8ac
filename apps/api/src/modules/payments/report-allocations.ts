import { allocationRuleLabel, ClaimType } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { ExportColumn, TableRows, ExportTable } from '../../domain/export-table.ts';
import type { StaffActor } from '../../domain/actor.ts';
import { today } from '../../domain/dates.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { keysetRows, sqlParams } from './keyset-rows.ts';

/** Filters of GET /payments/allocation-report/ (docs/decisions/0035): the payment's date, its deal, the claim's type. */
export interface AllocationReportFilters {
  date_from?: Date;
  date_to?: Date;
  deal?: number;
  claim_type?: ClaimType;
}

export const ALLOCATION_REPORT_COLUMNS: readonly ExportColumn[] = [
  { header: 'ID platby', kind: 'integer', width: 10 },
  { header: 'Datum platby', kind: 'date', width: 12 },
  { header: 'Částka platby', kind: 'money', width: 16 },
  { header: 'Obchod', kind: 'integer', width: 10 },
  { header: 'Číslo smlouvy', kind: 'text', width: 18 },
  { header: 'ID pohledávky', kind: 'integer', width: 10 },
  { header: 'Typ pohledávky', kind: 'text', width: 20 },
  { header: 'Splatnost pohledávky', kind: 'date', width: 12 },
  { header: 'Přiděleno', kind: 'money', width: 16 },
  { header: 'Pravidlo', kind: 'text', width: 40 },
  { header: 'Kód pravidla', kind: 'text', width: 36 },
];

type Key = [string, number];

/**
 * One page: the next `limit` payments after the key (payment date, payment id) that have an
 * allocation of the filters, with all of those allocations, by payment date, payment and
 * allocation. The payments are chosen first off their (date, id) index, then only their
 * allocations are joined: ordering the join of every allocation instead sorted the whole table
 * for each page (2.4 million allocations: minutes). A page has at least one row a payment, so a
 * full page of payments gives at least `limit` rows (keyset-rows.ts goes on); the key is the last
 * payment's, whose allocations are all in the page.
 */
function pageSql(filters: AllocationReportFilters, after: Key | null, limit: number) {
  const { values, add } = sqlParams();
  const payment: string[] = [];
  if (filters.date_from) payment.push(`p.date >= ${add(filters.date_from.toISOString().slice(0, 10))}::date`);
  if (filters.date_to) payment.push(`p.date <= ${add(filters.date_to.toISOString().slice(0, 10))}::date`);
  if (after) payment.push(`(p.date, p.id) > (${add(after[0])}::date, ${add(after[1])}::int)`);
  const claim: string[] = [];
  if (filters.deal !== undefined) claim.push(`c.deal_id = ${add(filters.deal)}::int`);
  if (filters.claim_type) claim.push(`c.type::text = ${add(filters.claim_type)}`);
  // A deal's or a claim type's allocations are few: their payments are found from the claims.
  payment.push(
    claim.length
      ? `p.id IN (SELECT pa.payment_id FROM payment_allocations pa JOIN claims c ON c.id = pa.claim_id WHERE ${claim.join(' AND ')})`
      : 'EXISTS (SELECT 1 FROM payment_allocations pa WHERE pa.payment_id = p.id)',
  );
  const text = `
    SELECT p.date::text, p.id, pa.id, p.amount::text, c.deal_id, d.contract_number, c.id, c.type::text, c.due_date::text, pa.amount::text, pa.rule
      FROM (SELECT p.id, p.date, p.amount FROM payments p WHERE ${payment.join(' AND ')} ORDER BY p.date, p.id LIMIT ${add(limit)}::int) p
      JOIN payment_allocations pa ON pa.payment_id = p.id
      JOIN claims c ON c.id = pa.claim_id
      JOIN deals d ON d.id = c.deal_id
     ${claim.length ? `WHERE ${claim.join(' AND ')}` : ''}
     ORDER BY p.date, p.id, pa.id`;
  return { text, values };
}

const claimLabels = ClaimType.labels as Record<string, string>;

/** GET /payments/allocation-report/: every allocation row of the filters, by payment date. */
export async function reportAllocations(
  deps: Pick<Deps, 'prisma' | 'pool' | 'now'>,
  actor: StaffActor,
  input: AllocationReportFilters & { pageSize?: number },
): Promise<ExportTable> {
  const { pageSize, ...filters } = input;
  await recordAudit(deps.prisma, actor, { action: 'payment.allocation_report', entity: 'PaymentAllocation', entityId: 'list', changes: JSON.parse(JSON.stringify(filters)) });
  return allocationTable(deps, filters, pageSize);
}

/** The allocation rows of the filters as a table, read through `deps.pool` (the report job passes the read replica's). */
export function allocationTable(deps: Pick<Deps, 'pool' | 'now'>, filters: AllocationReportFilters, pageSize = 5000): ExportTable {
  const read = keysetRows(deps.pool, (after: Key | null, limit) => pageSql(filters, after, limit), (row) => [row[0], row[1]] as Key, pageSize);
  const rows: TableRows = (onRow) =>
    read((row) => {
      const [date, paymentId, , amount, dealId, contract, claimId, type, due, allocated, rule] = row as [string, number, number, string, number, string | null, number, string, string, string, string | null];
      onRow([paymentId, date, amount, dealId, contract, claimId, claimLabels[type] ?? type, due, allocated, rule === null ? null : allocationRuleLabel(rule), rule]);
    });
  return { baseName: `alokace-${today(deps)}`, sheetName: 'Alokace', columns: ALLOCATION_REPORT_COLUMNS, rows };
}
