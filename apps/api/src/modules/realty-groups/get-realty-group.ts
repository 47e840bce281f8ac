import type { RealtyGroup } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { groupInclude, toRealtyGroup } from './realty-group-view.ts';

/** GET /deals/{dealId}/realty-groups/{id}/ */
export async function getRealtyGroup(deps: Pick<Deps, 'prisma'>, dealId: number, id: number): Promise<RealtyGroup> {
  const group = await deps.prisma.realtyGroup.findFirst({ where: { id, dealId }, include: groupInclude });
  if (!group) throw notFound();
  return toRealtyGroup(group);
}
