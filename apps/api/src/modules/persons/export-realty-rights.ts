import { RealtyRightType } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { toCsv } from './csv.ts';
import type { CsvFile } from './export-distraints.ts';
import { realtyRightOrderBy } from './list-realty-rights.ts';
import { displayName, requirePerson } from './person-view.ts';

export const REALTY_RIGHT_CSV_HEADER = ['ID', 'Osoba', 'Druh práva', 'Podíl', 'List vlastnictví', 'Katastrální území', 'Kód katastrálního území', 'Nemovitost', 'Popis'];

/** POST /persons/{personId}/realty-rights/download/: the person's realty rights as CSV (see csv.ts). The export is audit-logged. */
export async function exportRealtyRights(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: { personId: number }): Promise<CsvFile> {
  const { personId } = input;
  const person = await requirePerson(deps.prisma, personId);
  const rows = await deps.prisma.realtyRight.findMany({
    where: { personId },
    orderBy: realtyRightOrderBy([{ field: 'cadastral_area_name', direction: 'asc' }]),
    include: { realty: true },
  });
  const name = displayName(person);
  const csv = toCsv(
    REALTY_RIGHT_CSV_HEADER,
    rows.map((r) => [
      r.id,
      name,
      RealtyRightType.labels[r.type],
      r.shareNumerator !== null && r.shareDenominator !== null ? `${r.shareNumerator}/${r.shareDenominator}` : 'celek',
      r.lvNumber,
      r.cadastralAreaName,
      r.cadastralAreaCode,
      r.realty?.wholeAddress ?? null,
      r.description,
    ]),
  );
  await recordAudit(deps.prisma, actor, { action: 'person.realty_right.export', entity: 'Person', entityId: personId, changes: { rows: rows.length } });
  return { fileName: `prava-k-nemovitostem-osoba-${personId}.csv`, content: Buffer.from(csv, 'utf8') };
}
