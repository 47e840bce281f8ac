import { DistraintState } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { csvAmount, csvDate, toCsv } from './csv.ts';
import { distraintOrderBy } from './list-distraints.ts';
import { displayName, requirePerson } from './person-view.ts';

export interface CsvFile {
  fileName: string;
  content: Buffer;
}

export const DISTRAINT_CSV_HEADER = ['ID', 'Povinný', 'Spisová značka', 'Exekutor', 'Oprávněný', 'Výše (Kč)', 'Stav', 'Zahájena', 'Ukončena', 'Poznámka'];

/** POST /persons/{personId}/distraint/download/: the person's distraints as CSV (see csv.ts). The export is audit-logged. */
export async function exportDistraints(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { personId: number }): Promise<CsvFile> {
  const { personId } = input;
  const person = await requirePerson(deps.prisma, personId);
  const rows = await deps.prisma.distraint.findMany({ where: { personId }, orderBy: distraintOrderBy([{ field: 'started_at', direction: 'desc' }]) });
  const name = displayName(person);
  const csv = toCsv(
    DISTRAINT_CSV_HEADER,
    rows.map((d) => [
      d.id,
      name,
      d.fileMark,
      d.executor,
      d.creditor,
      csvAmount(d.amount),
      DistraintState.labels[d.state],
      csvDate(d.startedAt),
      csvDate(d.endedAt),
      d.note,
    ]),
  );
  await recordAudit(deps.prisma, actor, { action: 'person.distraint.export', entity: 'Person', entityId: personId, changes: { rows: rows.length } });
  return { fileName: `exekuce-osoba-${personId}.csv`, content: Buffer.from(csv, 'utf8') };
}
