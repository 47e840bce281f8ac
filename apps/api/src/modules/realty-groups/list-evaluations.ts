import type { PageQuery, RealtyGroupEvaluation } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { toEvaluation } from './realty-group-view.ts';

/** GET /deals/{dealId}/realty-groups/{id}/evaluations/: the recorded evaluations, newest first. */
export async function listEvaluations(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: PageQuery & { dealId: number; groupId: number }): Promise<ResultPage<RealtyGroupEvaluation>> {
  if (!(await deps.prisma.realtyGroup.findFirst({ where: { id: input.groupId, dealId: input.dealId }, select: { id: true } }))) throw notFound();
  const where = { realtyGroupId: input.groupId };
  return paginate(
    input,
    () => deps.prisma.realtyGroupEvaluation.count({ where }),
    async ({ skip, take }) => (await deps.prisma.realtyGroupEvaluation.findMany({ where, orderBy: [{ evaluatedAt: 'desc' }, { id: 'desc' }], skip, take })).map(toEvaluation),
  );
}
