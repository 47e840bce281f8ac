import type { CloseOfBusinessListQuery, CloseOfBusinessRun } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { closeOfBusinessRunView } from './close-of-business-view.ts';

/**
 * GET /close-of-business/: every run of the close of business with what it did, newest first by
 * default; a date closed twice is listed twice, each run with its own figures.
 */
export async function listCloseOfBusinessRuns(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: CloseOfBusinessListQuery): Promise<ResultPage<CloseOfBusinessRun>> {
  const where = { businessDate: { gte: input.date_from, lte: input.date_to } };
  return paginate(
    input,
    () => deps.prisma.closeOfBusinessRun.count({ where }),
    async ({ skip, take }) => {
      const direction = input.ordering[0]?.direction ?? ('desc' as const);
      const rows = await deps.prisma.closeOfBusinessRun.findMany({ where, skip, take, orderBy: [{ businessDate: direction }, { id: direction }] });
      return rows.map(closeOfBusinessRunView);
    },
  );
}
