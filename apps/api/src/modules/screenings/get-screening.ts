import type { ScreeningDetail } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { findPersonScreening } from './find-screening.ts';
import { requesterEmails, screeningPersonOf, toDetail } from './screening-view.ts';

/** GET /persons/{personId}/screenings/{id}/: one screening with its state and, once FINISHED, its result. */
export async function getScreening(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { personId: number; id: number }): Promise<ScreeningDetail> {
  const { person, screening } = await findPersonScreening(deps, input.personId, input.id);
  return toDetail(screening, screeningPersonOf(person), await requesterEmails(deps, [screening]));
}
