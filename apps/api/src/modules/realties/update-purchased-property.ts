import { moneyOf, type PurchasedPropertyPatchRequest, type PurchasedPropertyRequest, type PurchasedPropertyState, type PurchasedPropertyView } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { dbDate, fromDbDate } from '../../domain/dates.ts';
import { notFound } from '../../domain/errors.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { checkPurchase, purchaseView, realtyData } from './purchased-property-view.ts';

export type UpdatePurchasedPropertyInput =
  | { id: number; partial: false; changes: PurchasedPropertyRequest }
  | { id: number; partial: true; changes: PurchasedPropertyPatchRequest };

/** A field after the change: sent (a value or null), else cleared by PUT or kept by PATCH. */
const after = <T>(sent: T | null | undefined, partial: boolean, current: T | null): T | null => (sent !== undefined ? sent : partial ? current : null);

/**
 * PUT (fields left out are cleared) and PATCH of /realties/purchased/{id}/, the state changes
 * included: the row is locked, so two changes at once take turns and the second sees the first.
 */
export async function updatePurchasedProperty(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: UpdatePurchasedPropertyInput): Promise<PurchasedPropertyView> {
  const { id, changes, partial } = input;
  await deps.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM purchased_properties WHERE id = ${id} FOR UPDATE`;
    const current = await tx.purchasedProperty.findUnique({ where: { id } });
    if (!current) throw notFound();
    const next = {
      // PUT always names the state (the body's default is ACQUISITION); PATCH keeps it when not sent.
      state: (changes.state ?? current.state) as PurchasedPropertyState,
      dealId: after(changes.deal_id, partial, current.dealId),
      purchasePrice: after(changes.purchase_price, partial, moneyOf(current.purchasePrice)),
      purchasedOn: after(changes.purchased_on, partial, current.purchasedOn && fromDbDate(current.purchasedOn)),
      salePrice: after(changes.sale_price, partial, moneyOf(current.salePrice)),
      soldOn: after(changes.sold_on, partial, current.soldOn && fromDbDate(current.soldOn)),
    };
    await checkPurchase(tx, current.state, next);
    if (changes.realty) await tx.realty.update({ where: { id: current.realtyId }, data: await realtyData(tx, partial ? changes.realty : { ...clearedRealty, ...changes.realty }) });
    await tx.purchasedProperty.update({
      where: { id },
      data: {
        state: next.state,
        dealId: next.dealId,
        purchasePrice: next.purchasePrice,
        purchasedOn: next.purchasedOn === null ? null : dbDate(next.purchasedOn),
        salePrice: next.salePrice,
        soldOn: next.soldOn === null ? null : dbDate(next.soldOn),
        note: after(changes.note, partial, current.note),
      },
    });
    const stateChange = current.state === next.state ? {} : { state: { from: current.state, to: next.state } };
    await recordAudit(tx, actor, {
      action: current.state === next.state ? 'realty.purchase.update' : 'realty.purchase.state',
      entity: 'PurchasedProperty',
      entityId: id,
      changes: { ...(next.dealId === null ? {} : { deal_id: next.dealId }), ...stateChange, fields: Object.keys(changes) },
    });
  });
  return purchaseView(deps, id);
}

/** What a PUT's realty clears when left out (its type is required by the body). */
const clearedRealty = {
  whole_address: null,
  street: null,
  house_number: null,
  city: null,
  zip: null,
  cadastral_area_code: null,
  lv_number: null,
  parcel_number: null,
  unit_number: null,
  floor_area: null,
  land_area: null,
  note: null,
};
