import type { IsirCaseView, IsirListQuery } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { toIsirCaseView } from './isir-view.ts';

const prismaColumns = { file_mark: 'fileMark', started_at: 'startedAt', created_at: 'createdAt', state: 'state', id: 'id' } as const;

/** A file mark without its spaces, upper case: "ksph 38 ins 12345/2024" and "KSPH 38 INS 12345 / 2024" are the same proceeding. */
const compact = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/**
 * GET /isir/?file_mark=: the proceedings with that file mark, whatever its case and spacing
 * (the same proceeding may be stored once per person it concerns).
 */
export async function listIsirCases(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: IsirListQuery): Promise<ResultPage<IsirCaseView>> {
  const rows = await deps.prisma.$queryRaw<{ id: number }[]>`
    SELECT id FROM isir_cases WHERE upper(regexp_replace(file_mark, '[[:space:]]+', '', 'g')) = ${compact(input.file_mark)}`;
  const ids = rows.map((r) => r.id);
  const orderBy = [...input.ordering.map((o) => ({ [prismaColumns[o.field]]: o.direction })), { id: 'desc' as const }];
  return paginate(
    input,
    async () => ids.length,
    async ({ skip, take }) => (await deps.prisma.isirCase.findMany({ where: { id: { in: ids } }, orderBy, skip, take })).map(toIsirCaseView),
  );
}
