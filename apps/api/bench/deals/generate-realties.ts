// Realties and title deeds in bulk for bench:deals (issue 25 §5), after generate-deals.ts made the
// deals: the sandbox codebook of ~13,000 cadastral territories (syncCadastralLocations, as the
// nightly job loads it), then, in a few set-based statements (deterministic: setseed on one
// connection), the collateral of every deal that is not a consumer loan (60 % of the deals):
//   - a realty on an LV of its own in a territory: 50 % FLAT, 35 % FAMILY_HOUSE, 15 % LAND, 60 %
//     of the houses with their garden (a LAND realty on the same LV): ~1.2 realties a deal, half
//     in a town's own territory (the big towns most: Prague's parts first), half in the
//     villages; Czech addresses from the common streets and the towns' zips;
//   - a realty group a deal holding them, with its LTV (20–120 %, most near 70 %; a tenth not
//     evaluated yet: null) and one estimation;
//   - the extract of the LV's title deed for 3 deals in 4 (a tenth of them with an older one too:
//     ~100,000 extracts at 200,000 deals), the deal's borrower its owner, with the parsed data
//     and search_text as obtainExtract writes them; the realties point at the newest.
import type pg from 'pg';
import type { Deps } from '../../src/deps.ts';
import { COMMON_STREETS, TOWNS } from '../../src/integrations/address/data/czech-towns.ts';
import { foldSql } from '../../src/integrations/address/normalize.ts';
import { syncCadastralLocations } from '../../src/modules/title-deeds/sync-cadastral-locations.ts';

/** Tables the generator fills: loaded without their secondary indexes, rebuilt after. */
export const REALTY_TABLES = ['realties', 'realty_groups', 'realty_group_realties', 'realty_estimations', 'title_deeds'];

export interface GeneratedRealties {
  territories: number;
  realties: number;
  groups: number;
  titleDeeds: number;
  /** Every 100th deal with collateral (a realty group), for ?deal=. */
  securedDeals: number[];
  /** The territory with the most realties, for ?cadastral_area_code=. */
  commonTerritory: string;
  /** Every 50th extract's territory and LV number, for ?cadastral_number=, ?lv_number= and the realties' ?search=. */
  extracts: { code: string; lv: string }[];
  /** Beginnings of street names as staff type them, for the realties' ?search=. */
  streetFragments: string[];
}

// Street names whose beginning is plain ASCII (the realties' search lower-cases, it does not fold).
const STREET_FRAGMENTS = ['masaryk', 'palack', 'komensk', 'zahradn', 'husov', 'sokolsk', 'lipov', 'nerudov'];

export async function generateRealties(client: pg.ClientBase, deps: Pick<Deps, 'prisma' | 'config'>, businessDate: string): Promise<GeneratedRealties> {
  const q = (sql: string, params: unknown[] = []) => client.query(sql, params);
  await syncCadastralLocations(deps);

  // The territories with their zip (a village has its municipality's), numbered apart: the
  // towns' own territories (named after the town or its part; the codebook lists them from
  // Prague's parts on) and the villages.
  const zips = new Map<string, string>();
  for (const town of TOWNS) {
    zips.set(`${town.city}|${town.district}|${town.part ?? town.city}`, town.zip);
    if (!zips.has(`${town.city}|${town.district}`)) zips.set(`${town.city}|${town.district}`, town.zip);
  }
  const codebook = (await q(`SELECT code, name, municipality, district FROM cadastral_locations ORDER BY code`)).rows as { code: string; name: string; municipality: string | null; district: string | null }[];
  await q(
    `CREATE UNLOGGED TABLE bench_territories AS
     SELECT c.code, c.name, c.municipality, c.district, t.zip, t.own, row_number() OVER (PARTITION BY t.own ORDER BY c.code)::int AS idx
       FROM unnest($1::text[], $2::text[], $3::boolean[]) t(code, zip, own) JOIN cadastral_locations c ON c.code = t.code`,
    [
      codebook.map((t) => t.code),
      codebook.map((t) => zips.get(`${t.municipality}|${t.district}|${t.name}`) ?? zips.get(`${t.municipality}|${t.district}`) ?? null),
      codebook.map((t) => t.municipality !== null && (t.name === t.municipality || t.name.startsWith(`${t.municipality} `))),
    ],
  );
  const [counts] = (await q(`SELECT count(*) FILTER (WHERE own)::int AS towns, count(*) FILTER (WHERE NOT own)::int AS villages FROM bench_territories`)).rows as [{ towns: number; villages: number }];

  await q('SELECT setseed(0.25)');
  // As generate-deals: rows consistent by construction (checked by realtyInconsistencies after),
  // without the per-row foreign-key triggers.
  await q('SET session_replication_role = replica');

  // One row a secured deal: its territory (a town's own: 1 + T·r², the first ones most; or a
  // village), LV (unique in the territory), parcel, what it is, its group's LTV, its owner (the
  // deal's borrower) and whether its LV was extracted. k numbers the deals: the realty group's id.
  await q(
    `CREATE UNLOGGED TABLE bench_collateral AS
     SELECT s.*, t.code, t.name AS territory, t.municipality, t.district, t.zip,
            (row_number() OVER (PARTITION BY t.code ORDER BY s.deal_id) * 3 + s.deal_id % 3)::text AS lv,
            (1 + floor(s.r_area * 3000))::int || '/' || (1 + s.deal_id % 12) AS parcel, o.person_id AS owner_id
       FROM (SELECT d.id AS deal_id, row_number() OVER (ORDER BY d.id)::int AS k, d.value, d.created_at,
                    r1 < 0.5 AS own,
                    CASE WHEN r1 < 0.5 THEN 1 + floor($1::int * r2 * r2)::int ELSE 1 + floor($2::int * r2)::int END AS tidx,
                    (CASE WHEN r3 < 0.5 THEN 'FLAT' WHEN r3 < 0.85 THEN 'FAMILY_HOUSE' ELSE 'LAND' END)::"RealtyType" AS type,
                    r3 >= 0.5 AND r3 < 0.71 AS with_garden,
                    CASE WHEN r4 >= 0.1 THEN round((20 + 50 * (r5 + r6))::numeric, 2) END AS ltv,
                    r7 < 0.75 AS extracted, r7 < 0.075 AS extracted_twice, r8 AS r_street, r9 AS r_house, r10 AS r_area, r11 AS r_day
               FROM (SELECT id, value, created_at, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7,
                            random() r8, random() r9, random() r10, random() r11
                       FROM deals WHERE type <> 'CONSUMER_LOAN' ORDER BY id) d) s
       JOIN bench_territories t ON t.own = s.own AND t.idx = s.tidx
       LEFT JOIN (SELECT DISTINCT ON (deal_id) deal_id, person_id FROM deal_participants ORDER BY deal_id, role = 'DEBTOR', person_id) o ON o.deal_id = s.deal_id`,
    [counts.towns, counts.villages],
  );

  // The extracts: the LV's newest (downloaded in the two years before the business date) and,
  // for some, one a few months older; ids in the order they were downloaded.
  await q(
    `CREATE UNLOGGED TABLE bench_extracts AS
     SELECT row_number() OVER (ORDER BY downloaded_at, deal_id)::int AS id, *
       FROM (SELECT b.deal_id, true AS newest,
                    ($1::date + time '09:00') - make_interval(days => floor(b.r_day * 720)::int, mins => b.deal_id % 480) AS downloaded_at
               FROM bench_collateral b WHERE b.extracted
             UNION ALL
             SELECT b.deal_id, false,
                    ($1::date + time '09:00') - make_interval(days => floor(b.r_day * 720)::int + 60 + b.deal_id % 300, mins => b.deal_id % 480)
               FROM bench_collateral b WHERE b.extracted_twice) e`,
    [businessDate],
  );
  const owner = `coalesce(p.last_name || ' ' || p.first_name, p.company_name, 'Neznámý vlastník')`;
  await q(`
    INSERT INTO title_deeds (id, cadastral_number, lv_number, code, external_id, cadastral_location_code, cadastral_location_id, price, data, provider,
                             as_of, search_text, downloaded_at, created_at, updated_at)
    SELECT e.id, b.code, b.lv, b.lv, b.code || lpad(b.lv, 5, '0'), b.code, c.id, CASE WHEN b.with_garden THEN 150 ELSE 100 END,
           jsonb_build_object(
             'cadastral_location_code', b.code, 'cadastral_location_name', b.territory, 'lv_number', b.lv,
             'as_of', to_char(e.downloaded_at - interval '5 minutes', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'owners', jsonb_build_array(jsonb_build_object(
               'name', ${owner},
               'birth_number', CASE WHEN p.birth_number IS NOT NULL THEN substr(p.birth_number, 1, 6) || '/' || substr(p.birth_number, 7) END,
               'company_id', CASE WHEN p.birth_number IS NULL THEN p.company_id END, 'address', NULL,
               'kind', 'OWNERSHIP', 'share_numerator', 1, 'share_denominator', 1)),
             'parcels', jsonb_build_array(jsonb_build_object('number', b.parcel, 'area', 150 + b.deal_id % 1500,
               'land_type', CASE WHEN b.type = 'LAND' THEN 'orná půda' ELSE 'zastavěná plocha a nádvoří' END, 'usage', NULL)),
             'buildings', CASE WHEN b.type = 'LAND' THEN '[]'::jsonb ELSE jsonb_build_array(jsonb_build_object('house_number', NULL, 'part_of_municipality', b.territory,
               'usage', CASE WHEN b.type = 'FLAT' THEN 'bytový dům' ELSE 'rodinný dům' END, 'on_parcel', b.parcel)) END,
             'units', CASE WHEN b.type = 'FLAT' THEN jsonb_build_array(jsonb_build_object('number', (1 + b.deal_id % 900) || '/' || (1 + b.deal_id % 40), 'usage', 'byt', 'share', NULL))
                           ELSE '[]'::jsonb END,
             'encumbrances', CASE WHEN b.deal_id % 3 = 0 THEN jsonb_build_array(jsonb_build_object('type', 'PLEDGE', 'description', 'Zástavní právo smluvní',
               'beneficiary', 'Česká spořitelna, a.s.', 'burdened', NULL, 'amount', NULL, 'document', 'V-' || b.deal_id || '/2024-701', 'since', to_char(b.created_at, 'YYYY-MM-DD')))
                                  ELSE '[]'::jsonb END),
           'sandbox', e.downloaded_at - interval '5 minutes',
           ${foldSql(`concat_ws(' ', b.territory, 'lv ' || b.lv, ${owner}, b.parcel)`)},
           e.downloaded_at, e.downloaded_at, e.downloaded_at
      FROM bench_extracts e JOIN bench_collateral b ON b.deal_id = e.deal_id JOIN cadastral_locations c ON c.code = b.code
      LEFT JOIN persons p ON p.id = b.owner_id
     ORDER BY e.id`);
  await q(`SELECT setval('title_deeds_id_seq', greatest(1, (SELECT max(id) FROM title_deeds)))`);

  // The realties: the deal's, a house's garden after it; both point at the LV's newest extract.
  await q(
    `INSERT INTO realties (id, type, whole_address, street, house_number, city, zip, district, cadastral_area_code, cadastral_area_name, lv_number,
                           parcel_number, unit_number, floor_area, land_area, title_deed_id, created_at, updated_at)
     SELECT row_number() OVER (ORDER BY r.deal_id, r.garden), CASE WHEN r.garden THEN 'LAND' ELSE r.type END,
            CASE WHEN r.garden OR r.type = 'LAND' THEN 'parc. č. ' || r.parcel || ', k. ú. ' || r.territory
                 WHEN r.own THEN r.street || ' ' || r.house || CASE WHEN r.type = 'FLAT' THEN '/' || (1 + r.deal_id % 40) ELSE '' END || ', ' || r.zip || ' ' || r.municipality
                 ELSE r.territory || ' ' || r.house || ', ' || r.zip || ' ' || r.municipality END,
            CASE WHEN r.own AND NOT r.garden AND r.type <> 'LAND' THEN r.street END,
            CASE WHEN NOT r.garden AND r.type <> 'LAND' THEN r.house END,
            r.municipality, r.zip, r.district, r.code, r.territory, r.lv, r.parcel,
            CASE WHEN r.type = 'FLAT' THEN (1 + r.deal_id % 900) || '/' || (1 + r.deal_id % 40) END,
            CASE WHEN r.garden OR r.type = 'LAND' THEN NULL WHEN r.type = 'FLAT' THEN round((28 + r.r_area * 100)::numeric, 2) ELSE round((80 + r.r_area * 170)::numeric, 2) END,
            CASE WHEN r.garden OR r.type = 'LAND' THEN round((300 + r.r_area * 2700)::numeric, 2) WHEN r.type = 'FAMILY_HOUSE' THEN round((150 + r.r_area * 900)::numeric, 2) END,
            e.id, r.created_at, r.created_at
       FROM (SELECT b.*, g.garden, ($1::text[])[1 + floor(b.r_street * array_length($1::text[], 1))::int] AS street,
                    (1 + floor(b.r_house * CASE WHEN b.own THEN 2500 ELSE 300 END))::text AS house
               FROM bench_collateral b CROSS JOIN LATERAL (VALUES (false), (true)) g(garden) WHERE NOT g.garden OR b.with_garden) r
       LEFT JOIN bench_extracts e ON e.deal_id = r.deal_id AND e.newest
      ORDER BY 1`,
    [COMMON_STREETS],
  );
  await q(`SELECT setval('realties_id_seq', greatest(1, (SELECT max(id) FROM realties)))`);

  await q(`
    INSERT INTO realty_groups (id, deal_id, name, mortgage, ltv, created_at, updated_at)
    SELECT k, deal_id,
           CASE WHEN type = 'FLAT' THEN 'Byt' WHEN type = 'LAND' THEN 'Pozemek' WHEN with_garden THEN 'Rodinný dům se zahradou' ELSE 'Rodinný dům' END || ', ' || municipality,
           deal_id % 5 = 0, ltv, created_at, created_at
      FROM bench_collateral ORDER BY k`);
  await q(`SELECT setval('realty_groups_id_seq', greatest(1, (SELECT max(id) FROM realty_groups)))`);
  await q(`
    INSERT INTO realty_group_realties (realty_group_id, realty_id, ltv, created_at)
    SELECT b.k, r.id, b.ltv, b.created_at FROM bench_collateral b JOIN realties r ON r.cadastral_area_code = b.code AND r.lv_number = b.lv ORDER BY 1, 2`);
  // The value the LTV was computed from (the deal's principal over it; 160 % of it when not evaluated yet).
  await q(`
    INSERT INTO realty_estimations (realty_group_id, value, estimated_at, estimator, updated_at)
    SELECT k, round(value * CASE WHEN ltv IS NULL THEN 1.6 ELSE 100 / ltv END, -3), created_at::date - 7,
           (ARRAY['Ing. Petr Dvořák, soudní znalec', 'Znalecký ústav Morava s.r.o.', 'Odhad makléře'])[1 + deal_id % 3], created_at
      FROM bench_collateral ORDER BY k`);

  await q('SET session_replication_role = DEFAULT');
  await q('DROP TABLE bench_extracts');
  await q('DROP TABLE bench_collateral');
  await q('DROP TABLE bench_territories');

  const [figures] = (
    await q(`SELECT (SELECT count(*) FROM cadastral_locations)::int AS territories, (SELECT count(*) FROM realties)::int AS realties,
                    (SELECT count(*) FROM realty_groups)::int AS groups, (SELECT count(*) FROM title_deeds)::int AS "titleDeeds",
                    (SELECT cadastral_area_code FROM realties GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1) AS "commonTerritory"`)
  ).rows as [Pick<GeneratedRealties, 'territories' | 'realties' | 'groups' | 'titleDeeds' | 'commonTerritory'>];
  const secured = (await q(`SELECT deal_id FROM realty_groups WHERE id % 100 = 1 ORDER BY id`)).rows as { deal_id: number }[];
  const extracts = (await q(`SELECT cadastral_location_code AS code, lv_number AS lv FROM title_deeds WHERE id % 50 = 1 ORDER BY id`)).rows as { code: string; lv: string }[];
  return { ...figures, securedDeals: secured.map((s) => s.deal_id), extracts, streetFragments: STREET_FRAGMENTS };
}

/** What the foreign keys would have refused during the load: rows pointing at nothing. Must all be 0. */
export async function realtyInconsistencies(client: pg.ClientBase): Promise<Record<string, number>> {
  const { rows } = await client.query<Record<string, number>>(`
    SELECT (SELECT count(*) FROM realties r WHERE r.title_deed_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM title_deeds t WHERE t.id = r.title_deed_id))::int AS realties_without_extract,
           (SELECT count(*) FROM realty_group_realties gr WHERE NOT EXISTS (SELECT 1 FROM realties r WHERE r.id = gr.realty_id)
                                                             OR NOT EXISTS (SELECT 1 FROM realty_groups g WHERE g.id = gr.realty_group_id))::int AS group_realties_astray,
           (SELECT count(*) FROM realty_groups g WHERE NOT EXISTS (SELECT 1 FROM deals d WHERE d.id = g.deal_id))::int AS groups_without_deal,
           (SELECT count(*) FROM realty_estimations e WHERE NOT EXISTS (SELECT 1 FROM realty_groups g WHERE g.id = e.realty_group_id))::int AS estimations_without_group,
           (SELECT count(*) FROM title_deeds t WHERE NOT EXISTS (SELECT 1 FROM cadastral_locations c WHERE c.id = t.cadastral_location_id))::int AS extracts_without_territory`);
  return Object.fromEntries(Object.entries(rows[0]!).filter(([, n]) => n > 0));
}
