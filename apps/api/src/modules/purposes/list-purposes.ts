import type { PaymentPurposeType, Purpose, PurposeOrderingField } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { paginate, type Page, type PageQuery } from '../../http/pagination.ts';
import { purposeInclude, requireDeal, toPurpose } from './purpose-view.ts';

const columns = { id: 'id', type: 'type', amount: 'amount', created_at: 'createdAt' } as const satisfies Record<PurposeOrderingField, string>;

export interface PurposeListQuery extends PageQuery {
  type?: PaymentPurposeType;
  ordering: { field: PurposeOrderingField; direction: 'asc' | 'desc' }[];
}

/** GET /deals/{dealId}/purposes/: the deal's purposes with their drawings, paged. */
export async function listPurposes(deps: Pick<Deps, 'prisma'>, dealId: number, query: PurposeListQuery, listUrl: string): Promise<Page<Purpose>> {
  await requireDeal(deps.prisma, dealId);
  const where = { dealId, ...(query.type ? { type: query.type } : {}) };
  return paginate(
    listUrl,
    query,
    () => deps.prisma.purpose.count({ where }),
    async ({ skip, take }) => {
      const rows = await deps.prisma.purpose.findMany({
        where,
        include: purposeInclude,
        orderBy: [...query.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'asc' as const }],
        skip,
        take,
      });
      return rows.map(toPurpose);
    },
  );
}
