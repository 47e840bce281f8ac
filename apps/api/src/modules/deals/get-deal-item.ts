import type { Actor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { findItem, type AnySubResource } from './deal-sub-resource.ts';
import { findDeal } from './deal-views.ts';

/** GET /deals/{dealId}/<resource>/{id}/ */
export async function getDealItem(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { resource: AnySubResource; dealId: number; id: number }): Promise<unknown> {
  const { resource: def, dealId, id } = input;
  await findDeal(deps.prisma, dealId);
  return def.toView(await findItem(deps.prisma, def, dealId, id));
}
