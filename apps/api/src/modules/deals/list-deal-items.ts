import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { orderBy, type ListedResource, type SubResourceQuery } from './deal-sub-resource.ts';
import { findDeal } from './deal-views.ts';

/** GET /deals/{dealId}/<resource>/: the deal's rows, ordered and filtered, paged. */
export async function listDealItems<Row>(
  deps: Pick<Deps, 'prisma'>,
  _actor: Actor,
  input: SubResourceQuery & { resource: ListedResource<Row>; dealId: number },
): Promise<ResultPage<unknown>> {
  const { resource: def, dealId, ...query } = input;
  await findDeal(deps.prisma, dealId);
  const where = { dealId, ...def.where?.(query) };
  const delegate = def.delegate(deps.prisma);
  return paginate(
    query,
    () => delegate.count({ where }),
    async ({ skip, take }) => ((await delegate.findMany({ where, include: def.include, orderBy: orderBy(def, query.ordering), skip, take })) as Row[]).map(def.toView),
  );
}
