import type { ApplicationClosedReasonView } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';

/** GET /leads/application-closed-reasons/: the active reasons in their order. */
export async function listClosedReasons(deps: Pick<Deps, 'prisma'>, _actor: Actor): Promise<ApplicationClosedReasonView[]> {
  const reasons = await deps.prisma.applicationClosedReason.findMany({ where: { isActive: true }, orderBy: [{ order: 'asc' }, { id: 'asc' }] });
  return reasons.map((r) => ({ id: r.id, code: r.code, name: r.name, order: r.order, is_active: r.isActive }));
}
