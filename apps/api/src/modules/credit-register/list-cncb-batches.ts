import type { CncbBatchView, PageQuery } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import { cncbBatchView, staffNamesOf } from './cncb-batch-view.ts';

/** GET /reporting/cncb/batch/: every batch, newest first. */
export async function listCncbBatches(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: PageQuery): Promise<ResultPage<CncbBatchView>> {
  return paginate(
    input,
    () => deps.prisma.cncbBatch.count(),
    async ({ skip, take }) => {
      const rows = await deps.prisma.cncbBatch.findMany({ skip, take, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
      const names = await staffNamesOf(deps, rows);
      return rows.map((row) => cncbBatchView(row, names));
    },
  );
}
