import type { Purpose } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { purposeInclude, toPurpose } from './purpose-view.ts';

/** GET /deals/{dealId}/purposes/{id}/ */
export async function getPurpose(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { dealId: number; id: number }): Promise<Purpose> {
  const purpose = await deps.prisma.purpose.findFirst({ where: { id: input.id, dealId: input.dealId }, include: purposeInclude });
  if (!purpose) throw notFound();
  return toPurpose(purpose);
}
