import type { Deps } from '../../deps.ts';
import { foldForSearch } from '../../integrations/address/normalize.ts';
import { cadastreFor } from '../../integrations/cadastre/index.ts';

/**
 * Loads the cadastre's codebook of cadastral territories into cadastral_locations: new codes
 * added, names changed updated (codes are never reused by the cadastre, so none is deleted: old
 * extracts keep their territory). Set-based, in batches of 2,000; returns how many rows it wrote.
 */
export async function syncCadastralLocations(deps: Pick<Deps, 'prisma' | 'config'>, signal?: AbortSignal): Promise<number> {
  const cadastre = cadastreFor(deps);
  const territories = await cadastre.territories(signal);
  const sandbox = cadastre.name === 'sandbox';
  let written = 0;
  for (let i = 0; i < territories.length; i += 2000) {
    const batch = territories.slice(i, i + 2000);
    written += await deps.prisma.$executeRaw`
      INSERT INTO cadastral_locations (code, name, municipality, district, search_key, sandbox, updated_at)
      SELECT * , now() FROM unnest(${batch.map((t) => t.code)}::text[], ${batch.map((t) => t.name)}::text[], ${batch.map((t) => t.municipality)}::text[],
                                    ${batch.map((t) => t.district)}::text[], ${batch.map((t) => foldForSearch(`${t.name} ${t.municipality ?? ''} ${t.code}`))}::text[],
                                    ${batch.map(() => sandbox)}::boolean[])
      ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, municipality = EXCLUDED.municipality, district = EXCLUDED.district,
                                       search_key = EXCLUDED.search_key, sandbox = EXCLUDED.sandbox, updated_at = now()
       WHERE (cadastral_locations.name, cadastral_locations.municipality, cadastral_locations.district, cadastral_locations.sandbox)
             IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.municipality, EXCLUDED.district, EXCLUDED.sandbox)`;
  }
  return written;
}
