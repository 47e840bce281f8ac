import type { TitleDeedListItem, TitleDeedListQuery } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { foldForSearch } from '../../integrations/address/normalize.ts';
import { titleDeedInclude, toTitleDeedItems } from './title-deed-view.ts';

/**
 * GET /title-deeds/: the extracts ordered, newest first; `cadastral_number` is the territory's
 * code, `lv_number` the LV's, `search` the territory's name, an owner, a parcel; `page-size`.
 */
export async function listTitleDeeds(deps: Pick<Deps, 'prisma'>, _actor: Actor, query: TitleDeedListQuery): Promise<ResultPage<TitleDeedListItem>> {
  const search = query.search ? foldForSearch(query.search) : '';
  const where: Prisma.TitleDeedWhereInput = {
    downloadedAt: { not: null },
    ...(query.cadastral_number ? { cadastralLocationCode: query.cadastral_number } : {}),
    ...(query.lv_number ? { lvNumber: query.lv_number } : {}),
    ...(search ? { searchText: { contains: search } } : {}),
  };
  return paginate(
    query,
    () => deps.prisma.titleDeed.count({ where }),
    async ({ skip, take }) =>
      toTitleDeedItems(deps, await deps.prisma.titleDeed.findMany({ where, include: titleDeedInclude, orderBy: [{ downloadedAt: 'desc' }, { id: 'desc' }], skip, take })),
  );
}
