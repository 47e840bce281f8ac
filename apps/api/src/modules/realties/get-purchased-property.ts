import type { PurchasedPropertyView } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { purchaseView } from './purchased-property-view.ts';

/** GET /realties/purchased/{id}/ */
export function getPurchasedProperty(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { id: number }): Promise<PurchasedPropertyView> {
  return purchaseView(deps, input.id);
}
