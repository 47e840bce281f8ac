import { PaymentCategory, PaymentDirection, PaymentType } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { ExportCell, ExportColumn, ExportTable } from '../../domain/export-table.ts';
import type { StaffActor } from '../../domain/actor.ts';
import { today } from '../../domain/dates.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { keysetRows, sqlParams } from './keyset-rows.ts';

/** The filters of GET /payments/export/: those of the inbox (list-payments.ts), without paging. */
export interface PaymentExportFilters {
  date_from?: Date;
  date_to?: Date;
  deal?: number;
  payment_type?: PaymentType;
  unpaired?: boolean;
  category?: PaymentCategory;
  direction?: PaymentDirection;
  search?: string;
}

export const PAYMENT_EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: 'ID platby', kind: 'integer', width: 10 },
  { header: 'Datum', kind: 'date', width: 12 },
  { header: 'Směr', kind: 'text', width: 16 },
  { header: 'Částka', kind: 'money', width: 16 },
  { header: 'VS', kind: 'text', width: 12 },
  { header: 'SS', kind: 'text', width: 12 },
  { header: 'KS', kind: 'text', width: 6 },
  { header: 'Protiúčet', kind: 'text', width: 24 },
  { header: 'Název protiúčtu', kind: 'text', width: 28 },
  { header: 'Zpráva', kind: 'text', width: 32 },
  { header: 'Kategorie', kind: 'text', width: 20 },
  { header: 'Typ platby', kind: 'text', width: 18 },
  { header: 'Obchod', kind: 'integer', width: 10 },
  { header: 'Číslo smlouvy', kind: 'text', width: 18 },
  { header: 'Spárováno', kind: 'text', width: 10 },
  { header: 'Přiděleno', kind: 'money', width: 16 },
  { header: 'Nepřiděleno / přeplatek', kind: 'money', width: 16 },
  { header: 'Bankovní reference', kind: 'text', width: 28 },
  { header: 'Storno platby', kind: 'integer', width: 10 },
  { header: 'Stornováno platbou', kind: 'integer', width: 10 },
  { header: 'Poznámka', kind: 'text', width: 28 },
];

/** Incoming, unpaired and neither a storno nor taken back by one: the queue of list-payments.ts. */
const UNPAIRED = `p.deal_id IS NULL AND p.direction = 'INCOMING_PAYMENT' AND p.reversal_of_id IS NULL AND r.id IS NULL`;

/**
 * The WHERE of the filters, as list-payments.ts reads them. `r` is the payment's reversal
 * (joined by the caller). Values go as parameters, never into the text.
 */
export function paymentWhere(filters: PaymentExportFilters, add: (value: unknown) => string): string[] {
  const and: string[] = [];
  if (filters.date_from) and.push(`p.date >= ${add(filters.date_from.toISOString().slice(0, 10))}::date`);
  if (filters.date_to) and.push(`p.date <= ${add(filters.date_to.toISOString().slice(0, 10))}::date`);
  if (filters.deal !== undefined) and.push(`p.deal_id = ${add(filters.deal)}::int`);
  if (filters.payment_type) and.push(`p.payment_type::text = ${add(filters.payment_type)}`);
  if (filters.category) and.push(`p.category::text = ${add(filters.category)}`);
  if (filters.direction) and.push(`p.direction::text = ${add(filters.direction)}`);
  if (filters.unpaired === true) and.push(UNPAIRED);
  if (filters.unpaired === false) and.push('p.deal_id IS NOT NULL');
  const text = filters.search?.trim();
  if (text) {
    // ILIKE with the user's text taken literally: % _ and \ escaped.
    const pattern = add(`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const fields = ['variable_symbol', 'specific_symbol', 'counter_account', 'counter_account_name', 'message', 'note', 'bank_reference'];
    and.push(`(${fields.map((f) => `p.${f} ILIKE ${pattern}`).join(' OR ')})`);
  }
  return and;
}

/** Unallocated follows payment-view.ts: only an incoming, paired payment that counts (neither a storno nor reversed) can leave credit; for the others it is 0. */
const ALLOCATED = `coalesce(a.allocated, 0)::numeric(16, 2)`;
const UNALLOCATED = `(CASE WHEN p.direction = 'INCOMING_PAYMENT' AND p.deal_id IS NOT NULL AND p.reversal_of_id IS NULL AND p.reversed_by IS NULL
                           THEN p.amount - coalesce(a.allocated, 0) ELSE 0 END)::numeric(16, 2)`;

/** The page's columns after the key: `p` is the payment with `reversed_by` (its reversal entry's id), `d` its deal, `a.allocated` its allocated sum. */
const CELLS_SELECT = `p.direction::text, p.amount::text, p.variable_symbol, p.specific_symbol, p.constant_symbol,
           p.counter_account, p.counter_account_name, p.message, p.category::text, p.payment_type::text, p.deal_id, d.contract_number,
           ${ALLOCATED}::text, ${UNALLOCATED}::text, p.bank_reference, p.reversal_of_id, p.reversed_by, p.note`;

/**
 * One page of payments after the key (date, id), oldest first, with their allocated sums. The
 * page's payments are chosen first (the date index, the filters, the limit), then only they are
 * joined to their deals and allocations: joined before the limit, the planner chose a parallel
 * plan joining far more rows than the page, at twice the time.
 */
function pageSql(filters: PaymentExportFilters, after: [string, number] | null, limit: number) {
  const { values, add } = sqlParams();
  const and = paymentWhere(filters, add);
  if (after) and.push(`(p.date, p.id) > (${add(after[0])}::date, ${add(after[1])}::int)`);
  const text = `
    SELECT p.date::text, p.id, ${CELLS_SELECT}
      FROM (SELECT p.*, r.id AS reversed_by
              FROM payments p LEFT JOIN payments r ON r.reversal_of_id = p.id
             ${and.length ? `WHERE ${and.join(' AND ')}` : ''}
             ORDER BY p.date, p.id
             LIMIT ${add(limit)}::int) p
      LEFT JOIN deals d ON d.id = p.deal_id
      LEFT JOIN LATERAL (SELECT sum(pa.amount) AS allocated FROM payment_allocations pa WHERE pa.payment_id = p.id) a ON true
     ORDER BY p.date, p.id`;
  return { text, values };
}

const directionLabels = PaymentDirection.labels as Record<string, string>;
const categoryLabels = PaymentCategory.labels as Record<string, string>;
const typeLabels = PaymentType.labels as Record<string, string>;

/** A page row as the export's cells, in the order of PAYMENT_EXPORT_COLUMNS. */
function cells(row: unknown[]): ExportCell[] {
  const [date, id, direction, amount, vs, ss, ks, account, accountName, message, category, type, dealId, contract, allocated, unallocated, reference, reversalOf, reversedBy, note] =
    row as [string, number, string, string, ...(string | null)[]];
  return [
    id,
    date,
    directionLabels[direction] ?? direction,
    amount,
    vs ?? null,
    ss ?? null,
    ks ?? null,
    account ?? null,
    accountName ?? null,
    message ?? null,
    categoryLabels[category as string] ?? category ?? null,
    typeLabels[type as string] ?? type ?? null,
    (dealId as unknown as number | null) ?? null,
    contract ?? null,
    dealId === null ? 'Ne' : 'Ano',
    allocated ?? null,
    unallocated ?? null,
    reference ?? null,
    (reversalOf as unknown as number | null) ?? null,
    (reversedBy as unknown as number | null) ?? null,
    note ?? null,
  ];
}

/** GET /payments/export/: every payment of the filters, oldest first, read in keyset pages (keyset-rows.ts). */
export async function exportPayments(
  deps: Pick<Deps, 'prisma' | 'pool' | 'now'>,
  actor: StaffActor,
  input: PaymentExportFilters & { pageSize?: number },
): Promise<ExportTable> {
  const { pageSize, ...filters } = input;
  await recordAudit(deps.prisma, actor, { action: 'payment.export', entity: 'Payment', entityId: 'list', changes: JSON.parse(JSON.stringify(filters)) });
  return paymentTable(deps, filters, pageSize);
}

/** The payments of the filters as a table, read through `deps.pool` (the report job passes the read replica's). */
export function paymentTable(deps: Pick<Deps, 'pool' | 'now'>, filters: PaymentExportFilters, pageSize = 5000): ExportTable {
  const read = keysetRows(deps.pool, (after: [string, number] | null, limit) => pageSql(filters, after, limit), (row) => [row[0] as string, row[1] as number] as [string, number], pageSize);
  return { baseName: `platby-${today(deps)}`, sheetName: 'Platby', columns: PAYMENT_EXPORT_COLUMNS, rows: (onRow) => read((row) => onRow(cells(row))) };
}
