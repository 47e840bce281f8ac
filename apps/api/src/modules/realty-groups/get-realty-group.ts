import type { RealtyGroup } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { groupInclude, toRealtyGroup } from './realty-group-view.ts';

/** GET /deals/{dealId}/realty-groups/{id}/ and GET /realty-group/{id}/ (no dealId). */
export async function getRealtyGroup(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { dealId?: number; id: number }): Promise<RealtyGroup> {
  const group = await deps.prisma.realtyGroup.findFirst({ where: { id: input.id, ...(input.dealId === undefined ? {} : { dealId: input.dealId }) }, include: groupInclude });
  if (!group || group.dealId === null) throw notFound();
  return toRealtyGroup(group);
}
