import { BreachType, NoticeState, PromiseState, type OrderingKey } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { today } from '../../domain/dates.ts';
import { tableRowsOf, type ExportColumn, type ExportTable } from '../../domain/export-table.ts';
import type { Deps } from '../../deps.ts';
import { orderSql, queueSql, toQueueItem, type QueueField, type QueueFilter, type QueueRow } from './list-collection-queue.ts';

const COLUMNS: ExportColumn[] = [
  { header: 'Obchod', kind: 'integer', width: 10 },
  { header: 'Smlouva', kind: 'text' },
  { header: 'Dlužník', kind: 'text', width: 28 },
  { header: 'Dní po splatnosti', kind: 'integer' },
  { header: 'Dlužná částka', kind: 'money' },
  { header: 'Porušení', kind: 'text', width: 30 },
  { header: 'Poslední kontakt', kind: 'datetime' },
  { header: 'Další krok', kind: 'text', width: 28 },
  { header: 'Slib platby', kind: 'text', width: 28 },
  { header: 'Vymáhá', kind: 'text' },
  { header: 'Další akce', kind: 'date' },
];

/** GET /collections/queue/export/: the queue as filtered and sorted, as CSV or XLSX, read in pages of 500. */
export function exportCollectionQueue(
  deps: Pick<Deps, 'prisma' | 'now'>,
  actor: StaffActor,
  input: QueueFilter & { ordering: OrderingKey<QueueField>[] },
): ExportTable {
  const sql = queueSql(actor, input, today(deps));
  async function* rows() {
    for (let offset = 0; ; offset += 500) {
      const page = await deps.prisma.$queryRaw<QueueRow[]>`SELECT * FROM (${sql}) q ORDER BY ${orderSql(input.ordering)} LIMIT 500 OFFSET ${offset}`;
      for (const row of page.map(toQueueItem)) {
        yield [
          row.deal,
          row.contract_number,
          row.debtor?.name ?? null,
          row.days_past_due,
          row.overdue_amount,
          row.breaches.map((b) => BreachType.labels[b]).join(', '),
          row.last_contact ? new Date(row.last_contact) : null,
          row.next_step ? `${row.next_step.title} (${NoticeState.labels[row.next_step.state]}, ${row.next_step.date})` : null,
          row.promise ? `${PromiseState.labels[row.promise.state]}: ${row.promise.amount} Kč do ${row.promise.promised_on}` : null,
          row.collector?.name ?? null,
          row.next_action_on,
        ];
      }
      if (page.length < 500) return;
    }
  }
  return { baseName: `vymahani-${today(deps)}`, sheetName: 'Vymáhání', columns: COLUMNS, rows: tableRowsOf(rows()) };
}
