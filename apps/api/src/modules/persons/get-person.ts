import type { PersonDetail } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { loadDetail } from './person-view.ts';

/** GET /persons/{id}/: the whole person with addresses, contacts, labels and blacklist entries. */
export function getPerson(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { id: number }): Promise<PersonDetail> {
  return loadDetail(deps.prisma, input.id);
}
