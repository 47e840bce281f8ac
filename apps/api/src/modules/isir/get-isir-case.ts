import { screeningMessages, type IsirCaseView } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { toIsirCaseView } from './isir-view.ts';

/** GET /isir/{id}/: an insolvency proceeding found by a screening. */
export async function getIsirCase(deps: Pick<Deps, 'prisma'>, id: number): Promise<IsirCaseView> {
  const found = await deps.prisma.isirCase.findUnique({ where: { id } });
  if (!found) throw notFound(screeningMessages.isirCaseNotFound);
  return toIsirCaseView(found);
}
