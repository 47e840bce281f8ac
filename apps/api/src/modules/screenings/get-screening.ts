import type { ScreeningDetail } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { findPersonScreening } from './find-screening.ts';
import { requesterEmails, screeningPersonOf, toDetail } from './screening-view.ts';

/** One screening with its state and, once FINISHED, its result. */
export async function getScreening(deps: Pick<Deps, 'prisma'>, personId: number, id: number): Promise<ScreeningDetail> {
  const { person, screening } = await findPersonScreening(deps, personId, id);
  return toDetail(screening, screeningPersonOf(person), await requesterEmails(deps, [screening]));
}
