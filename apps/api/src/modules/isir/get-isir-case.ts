import { screeningMessages, type IsirCaseView } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { toIsirCaseView } from './isir-view.ts';

/** GET /isir/{id}/: an insolvency proceeding found by a screening. */
export async function getIsirCase(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { id: number }): Promise<IsirCaseView> {
  const found = await deps.prisma.isirCase.findUnique({ where: { id: input.id } });
  if (!found) throw notFound(screeningMessages.isirCaseNotFound);
  return toIsirCaseView(found);
}
