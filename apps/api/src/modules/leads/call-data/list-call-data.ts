import type { CallDataView } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import { paginate, type Page } from '../../../http/pagination.ts';
import { findLead } from '../find-lead.ts';
import { type CallDataListQuery, columns, callDataViewOf } from './call-data-record.ts';

/** GET /leads/{leadId}/call-data/ (paginated, newest call first by default). */
export async function listCallData(deps: Pick<Deps, 'prisma'>, leadId: number, query: CallDataListQuery, listUrl: string): Promise<Page<CallDataView>> {
  await findLead(deps.prisma, leadId);
  return paginate(
    listUrl,
    query,
    () => deps.prisma.callData.count({ where: { leadId } }),
    async ({ skip, take }) =>
      (
        await deps.prisma.callData.findMany({
          where: { leadId },
          orderBy: [...query.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'desc' as const }],
          skip,
          take,
        })
      ).map(callDataViewOf),
  );
}
