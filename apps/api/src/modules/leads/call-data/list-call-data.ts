import type { CallDataListQuery, CallDataView } from '@lending/contracts';
import type { Actor } from '../../../domain/actor.ts';
import { paginate, type ResultPage } from '../../../domain/page.ts';
import type { Deps } from '../../../deps.ts';
import { findLead } from '../find-lead.ts';
import { callDataViewOf, columns } from './call-data-record.ts';

/** GET /leads/{leadId}/call-data/ (paginated, newest call first by default). */
export async function listCallData(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: CallDataListQuery & { leadId: number }): Promise<ResultPage<CallDataView>> {
  const { leadId } = input;
  await findLead(deps.prisma, leadId);
  return paginate(
    input,
    () => deps.prisma.callData.count({ where: { leadId } }),
    async ({ skip, take }) =>
      (
        await deps.prisma.callData.findMany({
          where: { leadId },
          orderBy: [...input.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'desc' as const }],
          skip,
          take,
        })
      ).map(callDataViewOf),
  );
}
