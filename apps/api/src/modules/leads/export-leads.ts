import { DealType, LeadSource, LeadState, type LeadFilters } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { inBatches, tableRowsOf, type ExportCell, type ExportColumn, type TableRows } from '../../domain/export-table.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { leadListSql, leadRowsByIds } from './list-leads.ts';

/** The columns of the back-office leads list, in its order (docs/decisions/0016). */
export const LEAD_EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: 'Žadatel', kind: 'text', width: 28 },
  { header: 'Číslo', kind: 'integer', width: 10 },
  { header: 'Stav', kind: 'text', width: 18 },
  { header: 'Zdroj', kind: 'text', width: 16 },
  { header: 'Typ obchodu', kind: 'text', width: 24 },
  { header: 'Částka', kind: 'money', width: 16 },
  { header: 'Splátka', kind: 'money', width: 14 },
  { header: 'Vytvořeno', kind: 'datetime' },
  { header: 'Změněno', kind: 'datetime' },
];

/**
 * GET /leads/export/: every lead of the list's filter and ordering as table rows. The ids are
 * read (and the export audit-logged) before the first row is sent; the rows follow in batches.
 */
export async function exportLeads(deps: Pick<Deps, 'prisma'>, actor: StaffActor, filters: LeadFilters): Promise<{ count: number; rows: TableRows }> {
  const ids = (await deps.prisma.$queryRaw<{ id: number }[]>(leadListSql(filters).ids)).map((l) => l.id);
  await recordAudit(deps.prisma, actor, { action: 'lead.export', entity: 'Lead', entityId: 'list', changes: { rows: ids.length } });
  async function* rows(): AsyncGenerator<ExportCell[]> {
    for await (const lead of inBatches(ids, (batch) => leadRowsByIds(deps, batch))) {
      yield [
        lead.person?.name || `Žádost #${lead.id}`,
        lead.id,
        LeadState.labels[lead.state],
        LeadSource.labels[lead.source],
        lead.deal_type ? DealType.labels[lead.deal_type] : null,
        lead.value,
        lead.installment_value,
        lead.createdAt,
        lead.updatedAt,
      ];
    }
  }
  return { count: ids.length, rows: tableRowsOf(rows()) };
}
