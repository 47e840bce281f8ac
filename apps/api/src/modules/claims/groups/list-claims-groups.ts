import type { ClaimsGroupKind, ClaimsGroupView } from '@lending/contracts';
import type { Deps } from '../../../deps.ts';
import { paginate, type Page, type PageQuery } from '../../../http/pagination.ts';
import { findDeal } from '../deal-records.ts';
import { groupViewOf } from './group-record.ts';

const columns = { id: 'id', number: 'number', due_date: 'dueDate', created_at: 'createdAt' } as const;

export type ClaimsGroupListQuery = PageQuery & {
  ordering: { field: keyof typeof columns; direction: 'asc' | 'desc' }[];
  deal_model?: number;
  /** true: cancelled groups too. */
  cancelled?: boolean;
};

/** GET /deals/{dealId}/claims-group[-lease|-leaseback]/: the deal's groups of one kind (paginated). */
export async function listClaimsGroups(deps: Pick<Deps, 'prisma'>, dealId: number, kind: ClaimsGroupKind, query: ClaimsGroupListQuery, listUrl: string): Promise<Page<ClaimsGroupView>> {
  await findDeal(deps.prisma, dealId);
  const where = { dealId, kind, ...(query.cancelled ? {} : { cancelledAt: null }), ...(query.deal_model ? { dealModelId: query.deal_model } : {}) };
  return paginate(
    listUrl,
    query,
    () => deps.prisma.claimsGroup.count({ where }),
    async ({ skip, take }) =>
      (
        await deps.prisma.claimsGroup.findMany({
          where,
          include: { claims: true },
          orderBy: [...query.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'asc' as const }],
          skip,
          take,
        })
      ).map(groupViewOf),
  );
}
