import { screeningMessages } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../domain/errors.ts';

/** The person a screening call is about; 404 when there is none. */
export async function findScreenedPerson(deps: Pick<Deps, 'prisma'>, personId: number) {
  const person = await deps.prisma.person.findUnique({ where: { id: personId } });
  if (!person) throw notFound(screeningMessages.personNotFound);
  return person;
}

/** A screening of that person; 404 when the person or the screening (of that person) is missing. */
export async function findPersonScreening(deps: Pick<Deps, 'prisma'>, personId: number, id: number) {
  const person = await findScreenedPerson(deps, personId);
  const screening = await deps.prisma.screening.findFirst({ where: { id, personId } });
  if (!screening) throw notFound(screeningMessages.screeningNotFound);
  return { person, screening };
}
