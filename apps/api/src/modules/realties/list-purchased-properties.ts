import { SERVICED_DEAL_STATES, type PurchasedPropertyListQuery, type PurchasedPropertyView } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { purchaseSelect, toPurchaseViews } from './purchased-property-view.ts';
import { realtySearch } from './realty-view.ts';

/**
 * GET /realties/purchased/: the lender's own realties, newest first. `active_deal`: whether the
 * linked deal is being serviced; `search`: the address, LV number, territory or deal number.
 */
export async function listPurchasedProperties(deps: Pick<Deps, 'prisma'>, _actor: Actor, query: PurchasedPropertyListQuery): Promise<ResultPage<PurchasedPropertyView>> {
  const conditions: Prisma.Sql[] = [];
  if (query.state) conditions.push(Prisma.sql`pp.state = ${query.state}::"PurchasedPropertyState"`);
  const serviced = Prisma.sql`d.state::text = ANY(${[...SERVICED_DEAL_STATES]}::text[])`;
  if (query.active_deal === true) conditions.push(serviced);
  if (query.active_deal === false) conditions.push(Prisma.sql`(d.id IS NULL OR NOT ${serviced})`);
  if (query.search) {
    // The realty as GET /realties/?search= finds it, or the deal's number.
    const number = /^\d{1,9}$/.test(query.search) ? Number(query.search) : null;
    conditions.push(Prisma.sql`pp.realty_id IN (SELECT r.id FROM realties r WHERE ${realtySearch(query.search)}) OR pp.deal_id = ${number}`);
  }
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions.map((c) => Prisma.sql`(${c})`), ' AND ')}` : Prisma.empty;
  const from = Prisma.sql`FROM purchased_properties pp LEFT JOIN deals d ON d.id = pp.deal_id ${where}`;
  return paginate(
    query,
    async () => (await deps.prisma.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count ${from}`)[0]!.count,
    async ({ skip, take }) => toPurchaseViews(deps, await deps.prisma.$queryRaw`SELECT ${purchaseSelect} ${from} ORDER BY pp.id DESC LIMIT ${take} OFFSET ${skip}`),
  );
}
