import type { IsirCaseView } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { paginate, type Page, type PageQuery } from '../../http/pagination.ts';
import { toIsirCaseView } from './isir-view.ts';

export type IsirOrderingField = 'file_mark' | 'started_at' | 'created_at' | 'state' | 'id';

export interface IsirListQuery extends PageQuery {
  file_mark: string;
  ordering: { field: IsirOrderingField; direction: 'asc' | 'desc' }[];
}

const prismaColumns = { file_mark: 'fileMark', started_at: 'startedAt', created_at: 'createdAt', state: 'state', id: 'id' } as const;

/** A file mark without its spaces, upper case: "ksph 38 ins 12345/2024" and "KSPH 38 INS 12345 / 2024" are the same proceeding. */
const compact = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/**
 * GET /isir/?file_mark=: the proceedings with that file mark, whatever its case and spacing
 * (the same proceeding may be stored once per person it concerns).
 */
export async function listIsirCases(deps: Pick<Deps, 'prisma'>, query: IsirListQuery, listUrl: string): Promise<Page<IsirCaseView>> {
  const rows = await deps.prisma.$queryRaw<{ id: number }[]>`
    SELECT id FROM isir_cases WHERE upper(regexp_replace(file_mark, '[[:space:]]+', '', 'g')) = ${compact(query.file_mark)}`;
  const ids = rows.map((r) => r.id);
  const orderBy = [...query.ordering.map((o) => ({ [prismaColumns[o.field]]: o.direction })), { id: 'desc' as const }];
  return paginate(
    listUrl,
    query,
    async () => ids.length,
    async ({ skip, take }) => (await deps.prisma.isirCase.findMany({ where: { id: { in: ids } }, orderBy, skip, take })).map(toIsirCaseView),
  );
}
