import { moneyOf, realtyMessages, type PurchasedPropertyState, type PurchasedPropertyView, type RealtyInput } from '@lending/contracts';
import { fromDbDate } from '../../domain/dates.ts';
import type { Deps } from '../../deps.ts';
import { invalid, notFound, type FieldErrors } from '../../domain/errors.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { personName } from '../deals/deal-views.ts';
import { realtySelect, toRealtyFields, type RealtyRow } from './realty-view.ts';

type Db = Pick<Prisma.TransactionClient, '$queryRaw' | 'cadastralLocation' | 'deal'>;

const ORDER: Record<PurchasedPropertyState, number> = { ACQUISITION: 0, OWNERSHIP: 1, SOLD: 2 };

/** What a purchased property is after a change, checked as a whole. */
export interface PurchaseFacts {
  state: PurchasedPropertyState;
  dealId: number | null;
  purchasePrice: string | null;
  purchasedOn: string | null;
  salePrice: string | null;
  soldOn: string | null;
}

/**
 * The rules of a purchased property (SERVICING.md §10): the state moves only forward
 * (ACQUISITION → OWNERSHIP → SOLD); owning needs the purchase price and day, a sale its price
 * and day, not before the purchase; the deal must exist. Field messages in Czech.
 */
export async function checkPurchase(db: Db, before: PurchasedPropertyState | null, after: PurchaseFacts): Promise<void> {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (before !== null && ORDER[after.state] < ORDER[before]) add('state', realtyMessages.stateOrder);
  if (ORDER[after.state] >= ORDER.OWNERSHIP) {
    if (after.purchasePrice === null) add('purchase_price', realtyMessages.ownershipNeeds);
    if (after.purchasedOn === null) add('purchased_on', realtyMessages.ownershipNeeds);
  }
  if (after.state === 'SOLD') {
    if (after.salePrice === null) add('sale_price', realtyMessages.soldNeeds);
    if (after.soldOn === null) add('sold_on', realtyMessages.soldNeeds);
  }
  if (after.soldOn !== null && after.purchasedOn !== null && after.soldOn < after.purchasedOn) add('sold_on', realtyMessages.soldBeforePurchase);
  if (after.dealId !== null && !(await db.deal.findUnique({ where: { id: after.dealId }, select: { id: true } }))) add('deal_id', realtyMessages.dealUnknown);
  if (Object.keys(errors).length) throw invalid(errors);
}

/** The realty's columns from the body's fields; the territory's name from the codebook (an unknown code is refused). */
export async function realtyData(db: Db, input: Partial<RealtyInput>): Promise<Prisma.RealtyUncheckedUpdateInput> {
  let cadastralAreaName: string | null | undefined;
  if (input.cadastral_area_code) {
    const location = await db.cadastralLocation.findUnique({ where: { code: input.cadastral_area_code }, select: { name: true } });
    if (!location) throw invalid({ 'realty.cadastral_area_code': [realtyMessages.unknownTerritory] });
    cadastralAreaName = location.name;
  } else if (input.cadastral_area_code === null) cadastralAreaName = null;
  const composed = [[input.street, input.house_number].filter(Boolean).join(' '), [input.zip, input.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    type: input.type,
    wholeAddress: input.whole_address === undefined ? (composed || undefined) : (input.whole_address ?? (composed || null)),
    street: input.street,
    houseNumber: input.house_number,
    city: input.city,
    zip: input.zip,
    cadastralAreaCode: input.cadastral_area_code,
    cadastralAreaName,
    lvNumber: input.lv_number,
    parcelNumber: input.parcel_number,
    unitNumber: input.unit_number,
    floorArea: input.floor_area,
    landArea: input.land_area,
    note: input.note,
  };
}

interface PurchaseRow {
  id: number;
  state: PurchasedPropertyState;
  realty_id: number;
  deal_id: number | null;
  deal_type: string | null;
  deal_state: string | null;
  purchase_price: Prisma.Decimal | null;
  purchased_on: Date | null;
  sale_price: Prisma.Decimal | null;
  sold_on: Date | null;
  note: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The purchased properties' columns with their deal's, from `purchased_properties pp LEFT JOIN deals d`. */
export const purchaseSelect = Prisma.sql`
  pp.id, pp.state::text AS state, pp.realty_id, pp.deal_id, d.type::text AS deal_type, d.state::text AS deal_state, pp.purchase_price, pp.purchased_on,
  pp.sale_price, pp.sold_on, pp.note, pp.created_at, pp.updated_at`;

/** Purchased-property rows as the API answers them: with the realty and the deal's debtor. */
export async function toPurchaseViews(deps: Pick<Deps, 'prisma'>, rows: PurchaseRow[]): Promise<PurchasedPropertyView[]> {
  if (!rows.length) return [];
  const realties = await deps.prisma.$queryRaw<RealtyRow[]>`SELECT ${realtySelect} FROM realties r WHERE r.id = ANY(${rows.map((r) => r.realty_id)}::int[])`;
  const byId = new Map(realties.map((r) => [r.id, r]));
  const dealIds = rows.flatMap((r) => (r.deal_id === null ? [] : [r.deal_id]));
  const debtors = dealIds.length
    ? await deps.prisma.dealParticipant.findMany({ where: { dealId: { in: dealIds }, role: 'DEBTOR' }, include: { person: true }, orderBy: { id: 'asc' } })
    : [];
  const debtorOf = new Map<number, string>();
  for (const p of debtors) if (!debtorOf.has(p.dealId)) debtorOf.set(p.dealId, personName(p.person));
  // A property deleted (with its realty) between the two reads is left out, as if read a moment later.
  return rows.flatMap((r) => {
    const row = byId.get(r.realty_id);
    if (!row) return [];
    const { purchased_property_id: _self, ...realty } = toRealtyFields(row);
    return {
      id: r.id,
      state: r.state,
      realty,
      deal: r.deal_id === null ? null : { id: r.deal_id, type: r.deal_type!, state: r.deal_state!, person_name: debtorOf.get(r.deal_id) ?? null },
      purchase_price: moneyOf(r.purchase_price),
      purchased_on: r.purchased_on && fromDbDate(r.purchased_on),
      sale_price: moneyOf(r.sale_price),
      sold_on: r.sold_on && fromDbDate(r.sold_on),
      note: r.note,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    };
  });
}

/** One purchased property as the API answers it; 404 when there is none. */
export async function purchaseView(deps: Pick<Deps, 'prisma'>, id: number): Promise<PurchasedPropertyView> {
  const rows = await deps.prisma.$queryRaw<PurchaseRow[]>`SELECT ${purchaseSelect} FROM purchased_properties pp LEFT JOIN deals d ON d.id = pp.deal_id WHERE pp.id = ${id}`;
  if (!rows.length) throw notFound();
  const [view] = await toPurchaseViews(deps, rows);
  if (!view) throw notFound();
  return view;
}
