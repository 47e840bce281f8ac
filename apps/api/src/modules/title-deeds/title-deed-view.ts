import { moneyOf, titleDeedExtract, type TitleDeedExtract, type TitleDeedListItem } from '@lending/contracts';
import type { Deps } from '../../deps.ts';
import type { TitleDeed } from '../../generated/prisma/client.ts';
import { staffNames } from '../users/staff-names.ts';

/** The stored parsed data of an extract (null for one still pending or unreadable). */
export function extractOf(row: Pick<TitleDeed, 'data'>): TitleDeedExtract | null {
  const parsed = titleDeedExtract.safeParse(row.data);
  return parsed.success ? parsed.data : null;
}

type Row = TitleDeed & { cadastralLocation: { name: string } | null; realties: { id: number }[] };

export const titleDeedInclude = { cadastralLocation: { select: { name: true } }, realties: { select: { id: true }, orderBy: { id: 'asc' } } } as const;

/** Title-deed rows as the list answers them (the orderers named in one query). */
export async function toTitleDeedItems(deps: Pick<Deps, 'prisma'>, rows: Row[]): Promise<TitleDeedListItem[]> {
  const names = await staffNames(deps.prisma, rows.map((r) => r.orderedById));
  return rows.map((r) => {
    const extract = extractOf(r);
    return {
      id: r.id,
      cadastral_location_code: r.cadastralLocationCode,
      cadastral_location_name: r.cadastralLocation?.name ?? extract?.cadastral_location_name ?? null,
      lv_number: r.lvNumber,
      external_id: r.externalId,
      price: moneyOf(r.price),
      provider: r.provider,
      as_of: r.asOf?.toISOString() ?? null,
      downloaded_at: r.downloadedAt?.toISOString() ?? null,
      ordered_by: r.orderedById === null ? null : { id: r.orderedById, name: names.get(r.orderedById) ?? `Uživatel č. ${r.orderedById}` },
      owners: extract?.owners.map((o) => o.name) ?? [],
      encumbrances: extract?.encumbrances.length ?? 0,
      realty_ids: r.realties.map((x) => x.id),
    };
  });
}
