import type { RealtyListQuery, RealtyView } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { dealCollateral } from '../deals/list-deal-realties.ts';
import { realtySearch, realtySelect, toRealtyViews, type RealtyRow } from './realty-view.ts';

const columns = { id: 'r.id', type: 'r.type', city: 'r.city', cadastral_area_name: 'r.cadastral_area_name' } as const;

/**
 * GET /realties/: every realty the lender knows (collateral of applications and deals, purchased
 * properties), filtered by the spec's `deal` (its collateral, as GET /deals/{id}/realties/ lists
 * it), type, cadastral territory, the LTV of a group holding it, and a search.
 */
export async function listRealties(deps: Pick<Deps, 'prisma'>, _actor: Actor, query: RealtyListQuery): Promise<ResultPage<RealtyView>> {
  const conditions: Prisma.Sql[] = [];
  if (query.deal !== undefined) conditions.push(dealCollateral(query.deal));
  if (query.type) conditions.push(Prisma.sql`r.type = ${query.type}::"RealtyType"`);
  if (query.cadastral_area_code) conditions.push(Prisma.sql`r.cadastral_area_code = ${query.cadastral_area_code}`);
  if (query.ltv_min !== undefined || query.ltv_max !== undefined) {
    // The group's LTV beside each of its realties (realty_group_realties.ltv): one index range.
    const min = query.ltv_min === undefined ? Prisma.empty : Prisma.sql` AND gr.ltv >= ${query.ltv_min}::numeric`;
    const max = query.ltv_max === undefined ? Prisma.empty : Prisma.sql` AND gr.ltv <= ${query.ltv_max}::numeric`;
    conditions.push(Prisma.sql`r.id IN (SELECT gr.realty_id FROM realty_group_realties gr WHERE gr.ltv IS NOT NULL${min}${max})`);
  }
  if (query.search) conditions.push(realtySearch(query.search));
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
  const last = query.ordering.at(-1)?.direction ?? 'asc';
  const order = Prisma.raw([...query.ordering.map((o) => `${columns[o.field]} ${o.direction === 'asc' ? 'ASC' : 'DESC'} NULLS LAST`), `r.id ${last === 'asc' ? 'ASC' : 'DESC'}`].join(', '));
  return paginate(
    query,
    async () => (await deps.prisma.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM realties r ${where}`)[0]!.count,
    async ({ skip, take }) => toRealtyViews(deps, await deps.prisma.$queryRaw<RealtyRow[]>`SELECT ${realtySelect} FROM realties r ${where} ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`),
  );
}
