import type { PageQuery, RealtyEstimation } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { latestFirst, toEstimation } from './realty-group-view.ts';

/** GET /deals/{dealId}/realty-groups/{id}/estimations/ and /realty-group/{id}/estimations/ (no dealId): newest first, paged. */
export async function listEstimations(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: PageQuery & { dealId?: number; groupId: number }): Promise<ResultPage<RealtyEstimation>> {
  const where0 = { id: input.groupId, ...(input.dealId === undefined ? { dealId: { not: null } } : { dealId: input.dealId }) };
  if (!(await deps.prisma.realtyGroup.findFirst({ where: where0, select: { id: true } }))) throw notFound();
  const where = { realtyGroupId: input.groupId };
  return paginate(
    input,
    () => deps.prisma.realtyEstimation.count({ where }),
    async ({ skip, take }) => (await deps.prisma.realtyEstimation.findMany({ where, orderBy: latestFirst, skip, take })).map(toEstimation),
  );
}
