import { allocationRuleLabel, ClaimType, PaymentCategory, PaymentDirection, PaymentType } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../domain/errors.ts';
import type { ExportColumn, TableRows, ExportTable } from '../../domain/export-table.ts';
import type { StaffActor } from '../../domain/actor.ts';
import { today } from '../../domain/dates.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { paymentWhere, type PaymentExportFilters } from './export-payments.ts';
import { keysetRows, sqlParams } from './keyset-rows.ts';

export type DealPaymentsFilters = Pick<PaymentExportFilters, 'date_from' | 'date_to' | 'payment_type' | 'category' | 'direction'>;

/**
 * The deal's payments with their allocations ("why each crown went where"): one row per
 * allocation, the payment's columns repeated; a payment with no allocation has one row with
 * the allocation's columns empty.
 */
export const DEAL_PAYMENTS_COLUMNS: readonly ExportColumn[] = [
  { header: 'ID platby', kind: 'integer', width: 10 },
  { header: 'Datum', kind: 'date', width: 12 },
  { header: 'Směr', kind: 'text', width: 16 },
  { header: 'Částka', kind: 'money', width: 16 },
  { header: 'VS', kind: 'text', width: 12 },
  { header: 'SS', kind: 'text', width: 12 },
  { header: 'Protiúčet', kind: 'text', width: 24 },
  { header: 'Název protiúčtu', kind: 'text', width: 28 },
  { header: 'Zpráva', kind: 'text', width: 32 },
  { header: 'Kategorie', kind: 'text', width: 20 },
  { header: 'Typ platby', kind: 'text', width: 18 },
  { header: 'Bankovní reference', kind: 'text', width: 28 },
  { header: 'Typ pohledávky', kind: 'text', width: 20 },
  { header: 'Splatnost pohledávky', kind: 'date', width: 12 },
  { header: 'Přiděleno', kind: 'money', width: 16 },
  { header: 'Pravidlo', kind: 'text', width: 40 },
];

type Key = [string, number, number];

function pageSql(dealId: number, filters: DealPaymentsFilters, after: Key | null, limit: number) {
  const { values, add } = sqlParams();
  const and = [`p.deal_id = ${add(dealId)}::int`, ...paymentWhere(filters, add)];
  // A payment without allocations sorts as allocation 0, before any of its real ones.
  if (after) and.push(`(p.date, p.id, coalesce(pa.id, 0)) > (${add(after[0])}::date, ${add(after[1])}::int, ${add(after[2])}::int)`);
  const text = `
    SELECT p.date::text, p.id, coalesce(pa.id, 0), p.direction::text, p.amount::text, p.variable_symbol, p.specific_symbol, p.counter_account,
           p.counter_account_name, p.message, p.category::text, p.payment_type::text, p.bank_reference,
           c.type::text, c.due_date::text, pa.amount::text, pa.rule
      FROM payments p
      LEFT JOIN payments r ON r.reversal_of_id = p.id
      LEFT JOIN payment_allocations pa ON pa.payment_id = p.id
      LEFT JOIN claims c ON c.id = pa.claim_id
     WHERE ${and.join(' AND ')}
     ORDER BY p.date, p.id, coalesce(pa.id, 0)
     LIMIT ${add(limit)}::int`;
  return { text, values };
}

const labels = (e: { labels: object }) => e.labels as Record<string, string>;

/** GET /deals/{id}/payments/download/: 404 for an unknown deal, before any byte of the file. */
export async function downloadDealPayments(
  deps: Pick<Deps, 'prisma' | 'pool' | 'now'>,
  actor: StaffActor,
  input: DealPaymentsFilters & { dealId: number; pageSize?: number },
): Promise<ExportTable> {
  const { dealId, pageSize = 5000, ...filters } = input;
  if (!(await deps.prisma.deal.findUnique({ where: { id: dealId }, select: { id: true } }))) throw notFound();
  await recordAudit(deps.prisma, actor, { action: 'deal.payments_download', entity: 'Deal', entityId: dealId, changes: JSON.parse(JSON.stringify(filters)) });
  const read = keysetRows(deps.pool, (after: Key | null, limit) => pageSql(dealId, filters, after, limit), (row) => [row[0], row[1], row[2]] as Key, pageSize);
  const rows: TableRows = (onRow) =>
    read((row) => {
      const [date, id, , direction, amount, vs, ss, account, accountName, message, category, type, reference, claimType, due, allocated, rule] = row as [
        string,
        number,
        number,
        string,
        string,
        ...(string | null)[],
      ];
      onRow([
        id,
        date,
        labels(PaymentDirection)[direction] ?? direction,
        amount,
        vs ?? null,
        ss ?? null,
        account ?? null,
        accountName ?? null,
        message ?? null,
        labels(PaymentCategory)[category!] ?? category ?? null,
        labels(PaymentType)[type!] ?? type ?? null,
        reference ?? null,
        claimType ? (labels(ClaimType)[claimType] ?? claimType) : null,
        due ?? null,
        allocated ?? null,
        rule ? allocationRuleLabel(rule) : null,
      ]);
    });
  return { baseName: `platby-obchodu-${dealId}-${today(deps)}`, sheetName: 'Platby', columns: DEAL_PAYMENTS_COLUMNS, rows };
}
