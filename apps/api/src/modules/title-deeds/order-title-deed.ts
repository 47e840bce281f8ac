import { Prisma } from '../../generated/prisma/client.ts';
import { realtyMessages, type TitleDeedDetail, type TitleDeedDownloadRequest } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { conflict, invalid } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { getTitleDeed } from './get-title-deed.ts';
import { obtainExtract } from './obtain-extract.ts';
import { quoteTitleDeed } from './quote-title-deed.ts';

/**
 * POST /title-deeds/download/: orders the extract at the price staff saw and confirm. The price
 * is asked again; a different one is refused (409 with the new price) so nobody pays what they
 * did not see. The order is audited with its price. A retry or a second click within ten
 * minutes answers the extract already ordered (`created: false`).
 */
export async function orderTitleDeed(
  deps: Pick<Deps, 'prisma' | 'config' | 'now' | 'logger'>,
  actor: StaffActor,
  input: TitleDeedDownloadRequest,
): Promise<{ created: boolean; titleDeed: TitleDeedDetail }> {
  const quote = await quoteTitleDeed(deps, actor, { cadastral_location_code: input.cadastral_location_code, code: input.code, external_id: input.external_id });
  // WSDP does not say which LV an external id is until the extract is downloaded: the order
  // claims the LV by its territory and number, so it needs them (the sandbox knows them).
  if (!quote.cadastral_location_code || !quote.code) throw invalid({ code: [realtyMessages.lvOrExternal] });
  if (!new Prisma.Decimal(quote.price).eq(input.price!)) throw conflict(realtyMessages.priceChanged(quote.price.replace('.', ',')), { price: quote.price });
  const obtained = await obtainExtract(deps, { territoryCode: quote.cadastral_location_code, lvNumber: quote.code, externalId: quote.external_id ?? undefined, orderedById: actor.staffId, reuseRecent: true });
  if (obtained.ordered) {
    await recordAudit(deps.prisma, actor, {
      action: 'title_deed.order',
      entity: 'TitleDeed',
      entityId: obtained.titleDeedId,
      changes: { cadastral_location_code: quote.cadastral_location_code, lv_number: quote.code, price: quote.price, provider: quote.provider },
    });
  }
  return { created: obtained.ordered, titleDeed: await getTitleDeed(deps, actor, { id: obtained.titleDeedId }) };
}
