import type { TitleDeedPrice, TitleDeedPriceQuery } from '@lending/contracts';
import type { Actor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { cadastreFor } from '../../integrations/cadastre/index.ts';
import { askCadastre } from './cadastre-errors.ts';

/** GET /title-deeds/price/: what the extract of the LV costs, asked of the cadastre; nothing is ordered. */
export async function quoteTitleDeed(deps: Pick<Deps, 'config'>, _actor: Actor, query: TitleDeedPriceQuery): Promise<TitleDeedPrice> {
  const cadastre = cadastreFor(deps);
  const lv =
    query.cadastral_location_code !== undefined && query.code !== undefined
      ? { territoryCode: query.cadastral_location_code, lvNumber: query.code, externalId: query.external_id }
      : { externalId: query.external_id! };
  const quote = await askCadastre(() => cadastre.price(lv));
  return { cadastral_location_code: quote.territoryCode, code: quote.lvNumber, external_id: quote.externalId, price: quote.price, provider: cadastre.name };
}
