import type { RealtyView } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { foldAccents } from '../../integrations/address/normalize.ts';

/**
 * The address or the territory's name containing the text, case and diacritics aside ("skolni"
 * finds "Školní": `realties.search_key`, which PostgreSQL generates from both with the same
 * folding, trigram-indexed), or the LV number. A number of one or two digits is an LV number
 * only: as a fragment of an address it would match a large part of the book (house numbers,
 * postcodes) and no trigram index can narrow it.
 */
export function realtySearch(search: string): Prisma.Sql {
  const folded = foldAccents(search.trim());
  if (/^\d{1,2}$/.test(folded) || !folded) return Prisma.sql`r.lv_number = ${search.trim()}`;
  const like = `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return Prisma.sql`(r.search_key LIKE ${like} OR r.lv_number = ${search.trim()})`;
}

/** A realty row as the realties' list and detail select it (see realtySelect). */
export interface RealtyRow {
  id: number;
  type: RealtyView['type'];
  whole_address: string | null;
  street: string | null;
  house_number: string | null;
  city: string | null;
  zip: string | null;
  cadastral_area_code: string | null;
  cadastral_area_name: string | null;
  lv_number: string | null;
  parcel_number: string | null;
  unit_number: string | null;
  floor_area: Prisma.Decimal | null;
  land_area: Prisma.Decimal | null;
  note: string | null;
  title_deed_id: number | null;
  title_deed_downloaded_at: Date | null;
  purchased_property_id: number | null;
  open_alerts: number;
}

/** The columns of RealtyRow, from `realties r`. */
export const realtySelect = Prisma.sql`
  r.id, r.type::text AS type, r.whole_address, r.street, r.house_number, r.city, r.zip, r.cadastral_area_code, r.cadastral_area_name,
  r.lv_number, r.parcel_number, r.unit_number, r.floor_area, r.land_area, r.note, r.title_deed_id,
  (SELECT td.downloaded_at FROM title_deeds td WHERE td.id = r.title_deed_id) AS title_deed_downloaded_at,
  (SELECT pp.id FROM purchased_properties pp WHERE pp.realty_id = r.id) AS purchased_property_id,
  (SELECT count(*)::int FROM collateral_alerts a WHERE a.realty_id = r.id AND a.resolved_at IS NULL) AS open_alerts`;

type GroupOf = RealtyView['groups'][number] & { realty_id: number };

/** The realty groups holding each of the realties, with their latest value and LTV: one query. */
async function groupsOf(deps: Pick<Deps, 'prisma'>, realtyIds: number[]): Promise<Map<number, RealtyView['groups']>> {
  const out = new Map<number, RealtyView['groups']>();
  if (!realtyIds.length) return out;
  const rows = await deps.prisma.$queryRaw<(Omit<GroupOf, 'latest_value' | 'ltv'> & { latest_value: Prisma.Decimal | null; ltv: Prisma.Decimal | null })[]>`
    SELECT gr.realty_id, g.id, g.deal_id, g.name, g.mortgage, g.ltv,
           (SELECT e.value FROM realty_estimations e WHERE e.realty_group_id = g.id ORDER BY e.estimated_at DESC, e.id DESC LIMIT 1) AS latest_value
      FROM realty_group_realties gr JOIN realty_groups g ON g.id = gr.realty_group_id
     WHERE gr.realty_id = ANY(${realtyIds}::int[]) AND g.deal_id IS NOT NULL
     ORDER BY g.id`;
  for (const { realty_id, latest_value, ltv, ...group } of rows) {
    const list = out.get(realty_id) ?? [];
    list.push({ ...group, latest_value: latest_value === null ? null : latest_value.toFixed(2), ltv: ltv === null ? null : ltv.toFixed(2) });
    out.set(realty_id, list);
  }
  return out;
}

export function toRealtyFields(r: RealtyRow): Omit<RealtyView, 'groups'> {
  return {
    id: r.id,
    type: r.type,
    whole_address: r.whole_address,
    street: r.street,
    house_number: r.house_number,
    city: r.city,
    zip: r.zip,
    cadastral_area_code: r.cadastral_area_code,
    cadastral_area_name: r.cadastral_area_name,
    lv_number: r.lv_number,
    parcel_number: r.parcel_number,
    unit_number: r.unit_number,
    floor_area: r.floor_area === null ? null : r.floor_area.toFixed(2),
    land_area: r.land_area === null ? null : r.land_area.toFixed(2),
    note: r.note,
    title_deed: r.title_deed_id === null ? null : { id: r.title_deed_id, downloaded_at: r.title_deed_downloaded_at?.toISOString() ?? null },
    purchased_property_id: r.purchased_property_id,
    open_alerts: r.open_alerts,
  };
}

/** Realty rows as the API answers them, with their groups. */
export async function toRealtyViews(deps: Pick<Deps, 'prisma'>, rows: RealtyRow[]): Promise<RealtyView[]> {
  const groups = await groupsOf(deps, rows.map((r) => r.id));
  return rows.map((r) => ({ ...toRealtyFields(r), groups: groups.get(r.id) ?? [] }));
}
