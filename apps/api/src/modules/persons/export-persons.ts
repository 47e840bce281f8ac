import { formatPhone, type PersonFilters } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { inBatches, tableRowsOf, type ExportCell, type ExportColumn, type TableRows } from '../../domain/export-table.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { personListSql, personRowsByIds } from './list-persons.ts';

/** The columns of the back-office persons list, in its order (docs/decisions/0016). */
export const PERSON_EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: 'Jméno / název', kind: 'text', width: 28 },
  { header: 'ID', kind: 'integer', width: 10 },
  { header: 'Rodné číslo / IČO', kind: 'text', width: 18 },
  { header: 'E-mail', kind: 'text', width: 30 },
  { header: 'Telefon', kind: 'text', width: 18 },
  { header: 'Příznaky', kind: 'text', width: 30 },
  { header: 'Založeno', kind: 'datetime' },
];

/** The flags of the list's "Příznaky" column, in its order. */
function flagsOf(p: { is_blacklisted: boolean; has_insolvency: boolean; has_execution: boolean; is_internal: boolean }): string {
  return [p.is_blacklisted && 'Černá listina', p.has_insolvency && 'Insolvence', p.has_execution && 'Exekuce', p.is_internal && 'Interní'].filter(Boolean).join(', ');
}

/**
 * GET /persons/export/: every person of the list's filter and ordering as table rows (birth
 * numbers masked as on the screen). The ids are read and the export audit-logged before the
 * first row is sent; the rows follow in batches.
 */
export async function exportPersons(deps: Pick<Deps, 'prisma'>, actor: StaffActor, filters: PersonFilters): Promise<{ count: number; rows: TableRows }> {
  const ids = (await deps.prisma.$queryRaw<{ id: number }[]>(personListSql(filters).ids)).map((r) => r.id);
  await recordAudit(deps.prisma, actor, { action: 'person.export', entity: 'Person', entityId: 'list', changes: { rows: ids.length } });
  async function* rows(): AsyncGenerator<ExportCell[]> {
    for await (const p of inBatches(ids, (batch) => personRowsByIds(deps, batch))) {
      yield [p.name || `Osoba #${p.id}`, p.id, p.birth_number_masked ?? p.company_id, p.email, formatPhone(p.phone_e164, p.phone) || null, flagsOf(p), new Date(p.created_at)];
    }
  }
  return { count: ids.length, rows: tableRowsOf(rows()) };
}
