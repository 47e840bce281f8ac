import type { TitleDeedDetail } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { compareExtracts } from './compare-extracts.ts';
import { extractOf, titleDeedInclude, toTitleDeedItems } from './title-deed-view.ts';

/**
 * GET /title-deeds/{id}/: the extract with its parsed parts, the PDF's link, the other extracts
 * of the same LV (newest first) and what changed since the one before it.
 */
export async function getTitleDeed(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { id: number }): Promise<TitleDeedDetail> {
  const row = await deps.prisma.titleDeed.findFirst({ where: { id: input.id, downloadedAt: { not: null } }, include: titleDeedInclude });
  if (!row) throw notFound();
  const [item] = await toTitleDeedItems(deps, [row]);
  const history = await deps.prisma.titleDeed.findMany({
    where: { cadastralLocationCode: row.cadastralLocationCode, lvNumber: row.lvNumber, downloadedAt: { not: null }, id: { not: row.id } },
    orderBy: [{ downloadedAt: 'desc' }, { id: 'desc' }],
    select: { id: true, downloadedAt: true, asOf: true },
    take: 100,
  });
  const previous = await deps.prisma.titleDeed.findFirst({
    where: { cadastralLocationCode: row.cadastralLocationCode, lvNumber: row.lvNumber, downloadedAt: { not: null, lte: row.downloadedAt! }, id: { lt: row.id } },
    orderBy: [{ downloadedAt: 'desc' }, { id: 'desc' }],
  });
  const extract = extractOf(row);
  const before = previous ? extractOf(previous) : null;
  return {
    ...item!,
    extract,
    pdf_url: row.fileKey ? `/api/v1/title-deeds/${row.id}/pdf/` : null,
    history: history.map((h) => ({ id: h.id, downloaded_at: h.downloadedAt?.toISOString() ?? null, as_of: h.asOf?.toISOString() ?? null })),
    previous_id: previous?.id ?? null,
    changes: extract && before ? compareExtracts(before, extract) : [],
  };
}
