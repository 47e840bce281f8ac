import type { RealtyEstimation } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { paginate, type Page, type PageQuery } from '../../http/pagination.ts';
import { latestFirst, toEstimation } from './realty-group-view.ts';

/** GET /deals/{dealId}/realty-groups/{id}/estimations/: newest first, paged. */
export async function listEstimations(deps: Pick<Deps, 'prisma'>, dealId: number, groupId: number, query: PageQuery, listUrl: string): Promise<Page<RealtyEstimation>> {
  if (!(await deps.prisma.realtyGroup.findFirst({ where: { id: groupId, dealId }, select: { id: true } }))) throw notFound();
  const where = { realtyGroupId: groupId };
  return paginate(
    listUrl,
    query,
    () => deps.prisma.realtyEstimation.count({ where }),
    async ({ skip, take }) => (await deps.prisma.realtyEstimation.findMany({ where, orderBy: latestFirst, skip, take })).map(toEstimation),
  );
}
