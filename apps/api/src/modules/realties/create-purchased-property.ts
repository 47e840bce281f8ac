import type { PurchasedPropertyRequest, PurchasedPropertyView } from '@lending/contracts';
import type { StaffActor } from '../../domain/actor.ts';
import { dbDate } from '../../domain/dates.ts';
import type { Deps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { checkPurchase, purchaseView, realtyData } from './purchased-property-view.ts';

/** POST /realties/purchased/: a realty the lender bought (sale-and-leaseback), with the realty itself. */
export async function createPurchasedProperty(deps: Pick<Deps, 'prisma'>, actor: StaffActor, input: PurchasedPropertyRequest): Promise<PurchasedPropertyView> {
  const id = await deps.prisma.$transaction(async (tx) => {
    await checkPurchase(tx, null, {
      state: input.state,
      dealId: input.deal_id ?? null,
      purchasePrice: input.purchase_price ?? null,
      purchasedOn: input.purchased_on ?? null,
      salePrice: input.sale_price ?? null,
      soldOn: input.sold_on ?? null,
    });
    const realty = await tx.realty.create({ data: (await realtyData(tx, input.realty)) as Prisma.RealtyUncheckedCreateInput });
    const created = await tx.purchasedProperty.create({
      data: {
        realtyId: realty.id,
        dealId: input.deal_id ?? null,
        state: input.state,
        purchasePrice: input.purchase_price ?? null,
        purchasedOn: input.purchased_on ? dbDate(input.purchased_on) : null,
        salePrice: input.sale_price ?? null,
        soldOn: input.sold_on ? dbDate(input.sold_on) : null,
        note: input.note ?? null,
      },
    });
    await recordAudit(tx, actor, { action: 'realty.purchase.create', entity: 'PurchasedProperty', entityId: created.id, changes: { ...(input.deal_id ? { deal_id: input.deal_id } : {}), state: input.state, realty_id: realty.id } });
    return created.id;
  });
  return purchaseView(deps, id);
}
