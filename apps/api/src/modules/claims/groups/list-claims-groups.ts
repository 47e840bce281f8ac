import type { ClaimsGroupKind, ClaimsGroupListQuery, ClaimsGroupView } from '@lending/contracts';
import type { Actor } from '../../../domain/actor.ts';
import { paginate, type ResultPage } from '../../../domain/page.ts';
import type { Deps } from '../../../deps.ts';
import { findDeal } from '../deal-records.ts';
import { groupViewOf } from './group-record.ts';

const columns = { id: 'id', number: 'number', due_date: 'dueDate', created_at: 'createdAt' } as const;

/** GET /deals/{dealId}/claims-group[-lease|-leaseback]/: the deal's groups of one kind (paginated). */
export async function listClaimsGroups(
  deps: Pick<Deps, 'prisma'>,
  _actor: Actor,
  input: ClaimsGroupListQuery & { dealId: number; kind: ClaimsGroupKind },
): Promise<ResultPage<ClaimsGroupView>> {
  const { dealId, kind } = input;
  await findDeal(deps.prisma, dealId);
  const where = { dealId, kind, ...(input.cancelled ? {} : { cancelledAt: null }), ...(input.deal_model ? { dealModelId: input.deal_model } : {}) };
  return paginate(
    input,
    () => deps.prisma.claimsGroup.count({ where }),
    async ({ skip, take }) =>
      (
        await deps.prisma.claimsGroup.findMany({
          where,
          include: { claims: true },
          orderBy: [...input.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'asc' as const }],
          skip,
          take,
        })
      ).map(groupViewOf),
  );
}
