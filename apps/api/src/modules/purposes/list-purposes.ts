import type { Purpose, PurposeListQuery, PurposeOrderingField } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { purposeInclude, requireDeal, toPurpose } from './purpose-view.ts';

const columns = { id: 'id', type: 'type', amount: 'amount', created_at: 'createdAt' } as const satisfies Record<PurposeOrderingField, string>;

/** GET /deals/{dealId}/purposes/: the deal's purposes with their drawings, paged. */
export async function listPurposes(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: PurposeListQuery & { dealId: number }): Promise<ResultPage<Purpose>> {
  await requireDeal(deps.prisma, input.dealId);
  const where = { dealId: input.dealId, ...(input.type ? { type: input.type } : {}) };
  return paginate(
    input,
    () => deps.prisma.purpose.count({ where }),
    async ({ skip, take }) => {
      const rows = await deps.prisma.purpose.findMany({
        where,
        include: purposeInclude,
        orderBy: [...input.ordering.map((o) => ({ [columns[o.field]]: o.direction })), { id: 'asc' as const }],
        skip,
        take,
      });
      return rows.map(toPurpose);
    },
  );
}
