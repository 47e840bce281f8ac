import type { DealRealtyListQuery, DealRealtyView } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { findDeal } from './deal-views.ts';

const columns = { id: 'r.id', type: 'r.type', city: 'r.city' } as const;

/**
 * Whether the realty `r` is the deal's collateral: in one of the deal's realty groups, or the
 * realty the applicant offered in the deal's lead. GET /realties/?deal= asks the same. One IN of
 * a UNION ALL, not an OR of the two: PostgreSQL makes an OR with a subquery a filter on every
 * realty (a scan of the whole table), the IN a semi-join from the deal's few rows.
 */
export function dealCollateral(dealId: number): Prisma.Sql {
  return Prisma.sql`r.id IN (SELECT gr.realty_id FROM realty_group_realties gr JOIN realty_groups g ON g.id = gr.realty_group_id WHERE g.deal_id = ${dealId}
                  UNION ALL
                  SELECT l.realty_id FROM deals d JOIN leads l ON l.id = d.lead_id WHERE d.id = ${dealId})`;
}

/**
 * GET /deals/{dealId}/realties/: the deal's collateral, each realty once: those in the deal's
 * realty groups and the realty the applicant offered in the deal's lead.
 */
export async function listDealRealties(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: DealRealtyListQuery & { dealId: number }): Promise<ResultPage<DealRealtyView>> {
  const { dealId, ...query } = input;
  const deal = await findDeal(deps.prisma, dealId);
  const leadRealty = deal.leadId === null ? null : ((await deps.prisma.lead.findUnique({ where: { id: deal.leadId }, select: { realtyId: true } }))?.realtyId ?? null);
  const from = Prisma.sql`
    FROM realties r
    WHERE ${dealCollateral(dealId)}`;
  const last = query.ordering.at(-1)?.direction ?? 'asc';
  const order = Prisma.raw([...query.ordering.map((o) => `${columns[o.field]} ${o.direction === 'asc' ? 'ASC' : 'DESC'} NULLS LAST`), `r.id ${last === 'asc' ? 'ASC' : 'DESC'}`].join(', '));
  return paginate(
    query,
    async () => (await deps.prisma.$queryRaw<{ count: number }[]>(Prisma.sql`SELECT count(*)::int AS count ${from}`))[0]!.count,
    async ({ skip, take }) => {
      const rows = await deps.prisma.$queryRaw<
        {
          id: number;
          type: DealRealtyView['type'];
          whole_address: string | null;
          city: string | null;
          cadastral_area_code: string | null;
          cadastral_area_name: string | null;
          lv_number: string | null;
          parcel_number: string | null;
          unit_number: string | null;
          group_ids: number[];
        }[]
      >(Prisma.sql`
        SELECT r.id, r.type::text AS type, r.whole_address, r.city, r.cadastral_area_code, r.cadastral_area_name, r.lv_number, r.parcel_number, r.unit_number,
               ARRAY(SELECT g.id FROM realty_group_realties gr JOIN realty_groups g ON g.id = gr.realty_group_id
                     WHERE gr.realty_id = r.id AND g.deal_id = ${dealId} ORDER BY g.id) AS group_ids
        ${from}
        ORDER BY ${order}
        LIMIT ${take} OFFSET ${skip}`);
      return rows.map((r) => ({
        id: r.id,
        type: r.type,
        whole_address: r.whole_address,
        city: r.city,
        cadastral_area_code: r.cadastral_area_code,
        cadastral_area_name: r.cadastral_area_name,
        lv_number: r.lv_number,
        parcel_number: r.parcel_number,
        unit_number: r.unit_number,
        realty_group_ids: r.group_ids,
        from_lead: r.id === leadRealty,
      }));
    },
  );
}
