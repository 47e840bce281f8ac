import { screeningMessages, screeningResult, type ZobiAnswer } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { findPersonScreening } from './find-screening.ts';

/**
 * GET /persons/{personId}/screenings/{id}/zobi/: what a ZOBI (cadastre) screening found — the
 * cadastral persons matching ours and their rights to realties, each with the id of the realty
 * right stored for the person. Not found for screenings of another type, a conflict while it
 * has not finished.
 */
export async function getZobi(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { personId: number; id: number }): Promise<ZobiAnswer> {
  const { personId, id } = input;
  const { screening } = await findPersonScreening(deps, personId, id);
  if (screening.type !== 'ZOBI_OSOBACUZK') throw notFound(screeningMessages.notZobi);
  if (screening.state === 'FAILED') throw conflict(screeningMessages.failed);
  if (screening.state !== 'FINISHED') throw conflict(screeningMessages.zobiNotFinished);
  const parsed = screeningResult.safeParse(screening.result);
  const data = parsed.success && parsed.data.data.kind === 'CADASTRE' ? parsed.data.data : { subjects: [], rights: [] };
  const rightIds = data.rights.map((r) => r.realty_right_id).filter((v): v is number => v !== null);
  const tracked = rightIds.length
    ? await deps.prisma.realtyRight.findMany({ where: { id: { in: rightIds }, personId, realtyId: { not: null } }, select: { realtyId: true }, distinct: ['realtyId'], orderBy: { realtyId: 'asc' } })
    : [];
  return {
    screening_id: screening.id,
    person_id: screening.personId,
    state: screening.state,
    checked_at: screening.finishedAt?.toISOString() ?? null,
    subjects: data.subjects,
    realty_rights: data.rights,
    tracked_realty_ids: tracked.map((t) => t.realtyId!),
  };
}
