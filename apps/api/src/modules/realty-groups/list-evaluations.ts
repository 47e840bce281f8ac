import type { RealtyGroupEvaluation } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { paginate, type Page, type PageQuery } from '../../http/pagination.ts';
import { toEvaluation } from './realty-group-view.ts';

/** GET /deals/{dealId}/realty-groups/{id}/evaluations/: the recorded evaluations, newest first. */
export async function listEvaluations(deps: Pick<Deps, 'prisma'>, dealId: number, groupId: number, query: PageQuery, listUrl: string): Promise<Page<RealtyGroupEvaluation>> {
  if (!(await deps.prisma.realtyGroup.findFirst({ where: { id: groupId, dealId }, select: { id: true } }))) throw notFound();
  const where = { realtyGroupId: groupId };
  return paginate(
    listUrl,
    query,
    () => deps.prisma.realtyGroupEvaluation.count({ where }),
    async ({ skip, take }) => (await deps.prisma.realtyGroupEvaluation.findMany({ where, orderBy: [{ evaluatedAt: 'desc' }, { id: 'desc' }], skip, take })).map(toEvaluation),
  );
}
