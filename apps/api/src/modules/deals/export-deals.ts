import { DealState, DealType } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { todayDbDate } from '../../domain/dates.ts';
import { inBatches, tableRowsOf, type ExportCell, type ExportColumn, type TableRows } from '../../domain/export-table.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { dealListSql, dealRowsByIds, type DealFilters } from './list-deals.ts';

/** The columns of the deals list. Amounts stay decimal strings until the file: exact to the haléř. */
export const DEAL_EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: 'Číslo', kind: 'integer', width: 10 },
  { header: 'Dlužník', kind: 'text', width: 28 },
  { header: 'Typ', kind: 'text', width: 24 },
  { header: 'Stav', kind: 'text', width: 20 },
  { header: 'Výše', kind: 'money', width: 16 },
  { header: 'Číslo smlouvy', kind: 'text', width: 18 },
  { header: 'Variabilní symbol', kind: 'text', width: 14 },
  { header: 'Dní po splatnosti', kind: 'integer', width: 10 },
  { header: 'Neuhrazeno', kind: 'money', width: 16 },
  { header: 'Po splatnosti', kind: 'money', width: 16 },
  { header: 'Vytvořeno', kind: 'datetime' },
];

/** GET /deals/export/: every deal of the list's filters and ordering, read in batches. */
export async function exportDeals(deps: Pick<Deps, 'prisma' | 'now'>, actor: StaffActor, input: DealFilters): Promise<{ count: number; rows: TableRows }> {
  const ids = (await deps.prisma.$queryRaw<{ id: number }[]>(dealListSql(input, todayDbDate(deps)).ids)).map((d) => d.id);
  await recordAudit(deps.prisma, actor, { action: 'deal.export', entity: 'Deal', entityId: 'list', changes: { rows: ids.length } });
  async function* rows(): AsyncGenerator<ExportCell[]> {
    for await (const deal of inBatches(ids, (batch) => dealRowsByIds(deps, batch))) {
      yield [
        deal.id,
        deal.borrower?.name ?? null,
        DealType.labels[deal.type],
        DealState.labels[deal.state],
        deal.value,
        deal.contract_number,
        deal.variable_symbol,
        deal.days_past_due,
        deal.outstanding,
        deal.overdue,
        new Date(deal.created_at),
      ];
    }
  }
  return { count: ids.length, rows: tableRowsOf(rows()) };
}
