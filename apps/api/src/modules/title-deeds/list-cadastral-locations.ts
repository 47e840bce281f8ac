import type { CadastralLocationListQuery, CadastralLocationView } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import { paginate, type ResultPage } from '../../domain/page.ts';
import type { Deps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { foldForSearch } from '../../integrations/address/normalize.ts';

/**
 * GET /title-deeds/cadastral-locations/: the codebook of cadastral territories; `search` finds a
 * name or municipality without diacritics ("zabovresky" → Žabovřesky) or a code's beginning.
 * Names starting with the text come first.
 */
export async function listCadastralLocations(deps: Pick<Deps, 'prisma'>, _actor: Actor, query: CadastralLocationListQuery): Promise<ResultPage<CadastralLocationView>> {
  const search = query.search ? foldForSearch(query.search) : '';
  const where: Prisma.CadastralLocationWhereInput = search ? (/^\d+$/.test(search) ? { code: { startsWith: search } } : { searchKey: { contains: search } }) : {};
  return paginate(
    query,
    () => deps.prisma.cadastralLocation.count({ where }),
    async ({ skip, take }) => {
      const rows = search && !/^\d+$/.test(search)
        ? await deps.prisma.$queryRaw<{ id: number; code: string; name: string; municipality: string | null; district: string | null; sandbox: boolean }[]>`
            SELECT id, code, name, municipality, district, sandbox FROM cadastral_locations
             WHERE search_key LIKE ${`%${search}%`}
             ORDER BY (search_key LIKE ${`${search}%`}) DESC, name, code
             LIMIT ${take} OFFSET ${skip}`
        : await deps.prisma.cadastralLocation.findMany({ where, orderBy: [{ name: 'asc' }, { code: 'asc' }], skip, take });
      return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, municipality: r.municipality, district: r.district, sandbox: r.sandbox }));
    },
  );
}
