// Contracts of realties, purchased properties and title deeds (issue 25; backoffice.md §7
// "Realties" and "Title deeds"; SERVICING.md §10; docs/decisions/0051).
import { z } from './zod-config.ts';
import { PurchasedPropertyState, RealtyType } from './enums.ts';
import { isoDayInput } from './dates.ts';
import { money, moneyInput } from './money.ts';
import { recordId } from './ids.ts';
import { booleanQuery, DEFAULT_PAGE_SIZE, idQuery, MAX_PAGE_SIZE, orderingQuery, pageQuery } from './query.ts';
import { realtyEstimation } from './deals/realty-groups.ts';

export const realtyMessages = {
  cadastralCode: 'Kód katastrálního území má 6 číslic.',
  lvNumber: 'Číslo listu vlastnictví je celé číslo 1 až 99999.',
  ltv: 'Zadejte LTV v procentech, např. 80 nebo 72.5.',
  ltvRange: 'LTV od nesmí být vyšší než LTV do.',
  realtyType: 'Zvolte druh nemovitosti.',
  stateOrder: 'Stav koupené nemovitosti se mění jen vpřed: nabytí → vlastnictví → prodáno.',
  ownershipNeeds: 'Pro stav „Ve vlastnictví“ zadejte kupní cenu a datum nabytí.',
  soldNeeds: 'Pro stav „Prodáno“ zadejte prodejní cenu a datum prodeje.',
  soldBeforePurchase: 'Datum prodeje nesmí být před datem nabytí.',
  deleteOnlyAcquisition: 'Smazat lze jen nemovitost ve stavu „Probíhá nabytí“; nabytou nebo prodanou nemovitost ponechte v evidenci.',
  dealUnknown: 'Obchod neexistuje.',
  priceRequired: 'Potvrďte cenu výpisu (nejdřív si ji zjistěte).',
  priceChanged: (price: string) => `Cena výpisu se mezitím změnila na ${price} Kč. Potvrďte prosím novou cenu.`,
  lvOrExternal: 'Zadejte kód katastrálního území a číslo LV, nebo identifikátor LV v katastru.',
  unknownTerritory: 'Katastrální území s tímto kódem neznáme.',
  lvNotFound: 'Katastr takový list vlastnictví nevede.',
  cadastreUnavailable: 'Katastr nemovitostí teď neodpovídá. Zkuste to prosím za chvíli.',
  orderInFlight: 'Výpis tohoto listu vlastnictví se právě objednává. Počkejte prosím chvíli.',
  pageSize: `Velikost stránky je 1 až ${MAX_PAGE_SIZE}.`,
  alertResolved: 'Upozornění už je vyřízené.',
} as const;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number) => z.preprocess(blankToNull, z.string().trim().max(max).nullable().optional());

/** A cadastral territory's code (katastrální území): 6 digits. */
export const cadastralCode = z.string().trim().regex(/^\d{6}$/, realtyMessages.cadastralCode);
/** A title deed's number (list vlastnictví) within its territory. */
export const lvNumber = z.string().trim().regex(/^[1-9]\d{0,4}$/, realtyMessages.lvNumber);
const areaInput = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, 'Zadejte plochu v m², nejvýše dvě desetinná místa.')
    .nullable()
    .optional(),
);

// ---------------------------------------------------------------------------------------------
// Realties
// ---------------------------------------------------------------------------------------------

/** The realty's own fields, as a purchased property's body carries them. */
export const realtyInput = z.object({
  type: RealtyType.schema,
  whole_address: optionalText(500),
  street: optionalText(200),
  house_number: optionalText(20),
  city: optionalText(200),
  zip: z.preprocess(blankToNull, z.string().trim().regex(/^\d{3} ?\d{2}$/, 'PSČ má 5 číslic.').nullable().optional()),
  cadastral_area_code: z.preprocess(blankToNull, cadastralCode.nullable().optional()),
  lv_number: z.preprocess(blankToNull, lvNumber.nullable().optional()),
  parcel_number: optionalText(30),
  unit_number: optionalText(30),
  floor_area: areaInput,
  land_area: areaInput,
  note: optionalText(2000),
});
export type RealtyInput = z.infer<typeof realtyInput>;

export const realtyGroupOfRealty = z.object({
  id: z.number().int(),
  deal_id: z.number().int(),
  name: z.string().nullable(),
  mortgage: z.boolean(),
  /** The group's latest estimation (value), null before one. */
  latest_value: money.nullable(),
  /** The loan-to-value of its latest evaluation, per cent ("81.25"); null before one. */
  ltv: z.string().nullable(),
});

export const realtyView = z.object({
  id: z.number().int(),
  type: RealtyType.schema,
  whole_address: z.string().nullable(),
  street: z.string().nullable(),
  house_number: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  cadastral_area_code: z.string().nullable(),
  cadastral_area_name: z.string().nullable(),
  lv_number: z.string().nullable(),
  parcel_number: z.string().nullable(),
  unit_number: z.string().nullable(),
  floor_area: z.string().nullable(),
  land_area: z.string().nullable(),
  note: z.string().nullable(),
  groups: z.array(realtyGroupOfRealty),
  /** The latest extract of its title deed, when one was ordered. */
  title_deed: z.object({ id: z.number().int(), downloaded_at: z.string().nullable() }).nullable(),
  /** The purchased property it is, when the lender bought it. */
  purchased_property_id: z.number().int().nullable(),
  /** Collateral alerts not resolved yet. */
  open_alerts: z.number().int(),
});
export type RealtyView = z.infer<typeof realtyView>;

const ltvQuery = z
  .string()
  .trim()
  .regex(/^\d{1,4}(\.\d{1,2})?$/, realtyMessages.ltv);

export const REALTY_ORDERING_FIELDS = ['id', 'type', 'city', 'cadastral_area_name'] as const;

/**
 * Query of GET /realties/: the spec's `deal`; ours: `type`, `cadastral_area_code`, `ltv_min`,
 * `ltv_max` (the LTV of a group holding the realty), `search` (address, LV, territory), pages.
 */
export const realtyListQuery = pageQuery
  .extend({
    deal: idQuery.optional(),
    type: RealtyType.schema.optional(),
    cadastral_area_code: cadastralCode.optional(),
    ltv_min: ltvQuery.optional(),
    ltv_max: ltvQuery.optional(),
    search: z.string().trim().max(200).optional(),
    ordering: orderingQuery(REALTY_ORDERING_FIELDS, 'id'),
  })
  .refine((q) => q.ltv_min === undefined || q.ltv_max === undefined || Number(q.ltv_min) <= Number(q.ltv_max), { message: realtyMessages.ltvRange, path: ['ltv_max'] });
export type RealtyListQuery = z.output<typeof realtyListQuery>;

/** Deals being serviced: a purchased property's `active_deal`, the realties the collateral watch follows. */
export const SERVICED_DEAL_STATES = ['ACTIVE', 'FILED_FOR_INSOLVENCY'] as const;

// ---------------------------------------------------------------------------------------------
// Purchased properties
// ---------------------------------------------------------------------------------------------

/** POST /realties/purchased/ and PUT …/{id}/ (fields left out are cleared). */
export const purchasedPropertyRequest = z.object({
  realty: realtyInput,
  deal_id: recordId.nullable().optional(),
  state: PurchasedPropertyState.schema.default('ACQUISITION'),
  purchase_price: moneyInput({ min: 'positive' }).nullable().optional(),
  purchased_on: isoDayInput.nullable().optional(),
  sale_price: moneyInput({ min: 'positive' }).nullable().optional(),
  sold_on: isoDayInput.nullable().optional(),
  note: optionalText(2000),
});
export type PurchasedPropertyRequest = z.infer<typeof purchasedPropertyRequest>;

/** PATCH: only the fields sent change (`realty`: only its fields sent). */
export const purchasedPropertyPatchRequest = z.object({
  realty: realtyInput.partial().optional(),
  deal_id: recordId.nullable().optional(),
  state: PurchasedPropertyState.schema.optional(),
  purchase_price: moneyInput({ min: 'positive' }).nullable().optional(),
  purchased_on: isoDayInput.nullable().optional(),
  sale_price: moneyInput({ min: 'positive' }).nullable().optional(),
  sold_on: isoDayInput.nullable().optional(),
  note: optionalText(2000),
});
export type PurchasedPropertyPatchRequest = z.infer<typeof purchasedPropertyPatchRequest>;

export const purchasedPropertyView = z.object({
  id: z.number().int(),
  state: PurchasedPropertyState.schema,
  realty: realtyView.omit({ groups: true, purchased_property_id: true }),
  deal: z.object({ id: z.number().int(), type: z.string(), state: z.string(), person_name: z.string().nullable() }).nullable(),
  purchase_price: money.nullable(),
  purchased_on: z.string().nullable(),
  sale_price: money.nullable(),
  sold_on: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PurchasedPropertyView = z.infer<typeof purchasedPropertyView>;

/** Query of GET /realties/purchased/: the spec's active_deal, search, state and pages. */
export const purchasedPropertyListQuery = pageQuery.extend({
  /** true: the linked deal is being serviced (SERVICED_DEAL_STATES); false: no deal, or one that is not. */
  active_deal: booleanQuery.optional(),
  search: z.string().trim().max(200).optional(),
  state: PurchasedPropertyState.schema.optional(),
});
export type PurchasedPropertyListQuery = z.output<typeof purchasedPropertyListQuery>;

// ---------------------------------------------------------------------------------------------
// Realty groups at the top level (/realty-group/): the deal's groups, the same use cases
// ---------------------------------------------------------------------------------------------

/** Query of GET /realty-group/: `search` (name, deal number, a realty's address or LV), pages. */
export const topRealtyGroupListQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional(),
  deal: idQuery.optional(),
});
export type TopRealtyGroupListQuery = z.output<typeof topRealtyGroupListQuery>;

/** PUT/PATCH /realty-group/{realtyGroupId}/estimations/{id}/. */
export const realtyEstimationPatchRequest = z.object({
  value: moneyInput({ min: 'positive' }).optional(),
  estimated_at: isoDayInput.optional(),
  estimator: optionalText(200),
  note: optionalText(2000),
});
export type RealtyEstimationPatchRequest = z.infer<typeof realtyEstimationPatchRequest>;

/** GET /realty-group/{id}/: the group with its estimation history. */
export const realtyEstimationHistory = z.array(realtyEstimation);

// ---------------------------------------------------------------------------------------------
// Title deeds
// ---------------------------------------------------------------------------------------------

/** The spec's title-deed lists page with `page` and `page-size` (a hyphen, not page_size). */
const hyphenPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  'page-size': z.coerce.number({ error: realtyMessages.pageSize }).int(realtyMessages.pageSize).min(1, realtyMessages.pageSize).max(MAX_PAGE_SIZE, realtyMessages.pageSize).default(DEFAULT_PAGE_SIZE),
});

/** Query of GET /title-deeds/cadastral-locations/: page, page-size, search (name, municipality or code). */
export const cadastralLocationListQuery = hyphenPageQuery
  .extend({ search: z.string().trim().max(100).optional() })
  .transform(({ 'page-size': pageSize, ...rest }) => ({ ...rest, page_size: pageSize }));
export type CadastralLocationListQuery = z.output<typeof cadastralLocationListQuery>;

export const cadastralLocationView = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  municipality: z.string().nullable(),
  district: z.string().nullable(),
  /** True for the sandbox's generated codebook, not the cadastre's. */
  sandbox: z.boolean(),
});
export type CadastralLocationView = z.infer<typeof cadastralLocationView>;

/** Query of GET /title-deeds/: cadastral_number (the territory's code), lv_number, search, page, page-size. */
export const titleDeedListQuery = hyphenPageQuery
  .extend({
    cadastral_number: cadastralCode.optional(),
    lv_number: lvNumber.optional(),
    search: z.string().trim().max(200).optional(),
  })
  .transform(({ 'page-size': pageSize, ...rest }) => ({ ...rest, page_size: pageSize }));
export type TitleDeedListQuery = z.output<typeof titleDeedListQuery>;

/** Query of GET /title-deeds/price/: a territory and LV number (`code`), or the cadastre's LV id. */
export const titleDeedPriceQuery = z
  .object({
    cadastral_location_code: cadastralCode.optional(),
    code: lvNumber.optional(),
    external_id: z.string().trim().regex(/^\d{1,20}$/, 'Identifikátor LV v katastru je číslo.').optional(),
  })
  .refine((q) => q.external_id !== undefined || (q.cadastral_location_code !== undefined && q.code !== undefined), { message: realtyMessages.lvOrExternal, path: ['code'] });
export type TitleDeedPriceQuery = z.output<typeof titleDeedPriceQuery>;

export const titleDeedPrice = z.object({
  cadastral_location_code: z.string(),
  code: z.string(),
  external_id: z.string().nullable(),
  /** What ordering the extract costs (Kč, VAT included as the cadastre charges it). */
  price: money,
  provider: z.enum(['sandbox', 'wsdp']),
});
export type TitleDeedPrice = z.infer<typeof titleDeedPrice>;

/** POST /title-deeds/download/: the LV, and the price staff saw and confirm. */
export const titleDeedDownloadRequest = z
  .object({
    cadastral_location_code: cadastralCode.optional(),
    code: lvNumber.optional(),
    external_id: z.string().trim().regex(/^\d{1,20}$/, 'Identifikátor LV v katastru je číslo.').optional(),
    price: moneyInput({ min: 'zero' }).optional(),
  })
  .refine((q) => q.external_id !== undefined || (q.cadastral_location_code !== undefined && q.code !== undefined), { message: realtyMessages.lvOrExternal, path: ['code'] })
  .refine((q) => q.price !== undefined, { message: realtyMessages.priceRequired, path: ['price'] });
export type TitleDeedDownloadRequest = z.infer<typeof titleDeedDownloadRequest>;

export const ENCUMBRANCE_TYPES = ['PLEDGE', 'EASEMENT', 'DISTRAINT', 'INSOLVENCY', 'PRE_EMPTION', 'ALIENATION_BAN', 'OTHER'] as const;
export type EncumbranceType = (typeof ENCUMBRANCE_TYPES)[number];
export const ENCUMBRANCE_LABELS: Record<EncumbranceType, string> = {
  PLEDGE: 'Zástavní právo',
  EASEMENT: 'Věcné břemeno',
  DISTRAINT: 'Exekuce',
  INSOLVENCY: 'Insolvence',
  PRE_EMPTION: 'Předkupní právo',
  ALIENATION_BAN: 'Zákaz zcizení nebo zatížení',
  OTHER: 'Jiné omezení',
};

/** A title-deed extract parsed into its parts (the LV's sections A, B, C). */
export const titleDeedExtract = z.object({
  cadastral_location_code: z.string(),
  cadastral_location_name: z.string(),
  lv_number: z.string(),
  /** The moment the extract describes (ISO instant). */
  as_of: z.string(),
  owners: z.array(
    z.object({
      name: z.string(),
      birth_number: z.string().nullable(),
      company_id: z.string().nullable(),
      address: z.string().nullable(),
      kind: z.enum(['OWNERSHIP', 'JOINT_MARITAL_OWNERSHIP']),
      share_numerator: z.number().int(),
      share_denominator: z.number().int(),
    }),
  ),
  parcels: z.array(z.object({ number: z.string(), area: z.number().int(), land_type: z.string(), usage: z.string().nullable() })),
  buildings: z.array(z.object({ house_number: z.string().nullable(), part_of_municipality: z.string().nullable(), usage: z.string(), on_parcel: z.string().nullable() })),
  units: z.array(z.object({ number: z.string(), usage: z.string(), share: z.string().nullable() })),
  encumbrances: z.array(
    z.object({
      type: z.enum(ENCUMBRANCE_TYPES),
      description: z.string(),
      /** In whose favour (the creditor, the court executor, the insolvency court). */
      beneficiary: z.string().nullable(),
      /** Whom it burdens (an owner's name), null: the whole LV. */
      burdened: z.string().nullable(),
      amount: money.nullable(),
      /** The document it stems from, e.g. "V-12345/2025-101" or "120 EX 4567/25". */
      document: z.string().nullable(),
      /** The day it became effective (YYYY-MM-DD). */
      since: z.string().nullable(),
    }),
  ),
});
export type TitleDeedExtract = z.infer<typeof titleDeedExtract>;

export const titleDeedListItem = z.object({
  id: z.number().int(),
  cadastral_location_code: z.string().nullable(),
  cadastral_location_name: z.string().nullable(),
  lv_number: z.string().nullable(),
  external_id: z.string().nullable(),
  price: money.nullable(),
  provider: z.string(),
  as_of: z.string().nullable(),
  downloaded_at: z.string().nullable(),
  ordered_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  owners: z.array(z.string()),
  encumbrances: z.number().int(),
  realty_ids: z.array(z.number().int()),
});
export type TitleDeedListItem = z.infer<typeof titleDeedListItem>;

export const titleDeedChange = z.object({
  kind: z.enum(['ADDED', 'REMOVED']),
  part: z.enum(['OWNER', 'ENCUMBRANCE', 'PARCEL', 'BUILDING', 'UNIT']),
  text: z.string(),
});
export type TitleDeedChange = z.infer<typeof titleDeedChange>;

export const titleDeedDetail = titleDeedListItem.extend({
  extract: titleDeedExtract.nullable(),
  /** GET /title-deeds/{id}/pdf/: the PDF as the cadastre sent it. */
  pdf_url: z.string().nullable(),
  /** The earlier extracts of the same LV, newest first. */
  history: z.array(z.object({ id: z.number().int(), downloaded_at: z.string().nullable(), as_of: z.string().nullable() })),
  /** What changed since the previous extract of the LV (empty for the first). */
  previous_id: z.number().int().nullable(),
  changes: z.array(titleDeedChange),
});
export type TitleDeedDetail = z.infer<typeof titleDeedDetail>;

/** Query of GET /title-deeds/{id}/changes/?since={otherId}: two extracts of one LV compared. */
export const titleDeedCompareQuery = z.object({ since: idQuery });

// ---------------------------------------------------------------------------------------------
// Collateral alerts (the watch)
// ---------------------------------------------------------------------------------------------

export const COLLATERAL_ALERT_KINDS = ['DISTRAINT', 'PLEDGE', 'INSOLVENCY', 'OWNER_CHANGE', 'OTHER_ENCUMBRANCE'] as const;
export type CollateralAlertKind = (typeof COLLATERAL_ALERT_KINDS)[number];
export const COLLATERAL_ALERT_LABELS: Record<CollateralAlertKind, string> = {
  DISTRAINT: 'Nová exekuce',
  PLEDGE: 'Další zástavní právo',
  INSOLVENCY: 'Insolvence',
  OWNER_CHANGE: 'Změna vlastníka',
  OTHER_ENCUMBRANCE: 'Nové omezení',
};

export const collateralAlertView = z.object({
  id: z.number().int(),
  deal_id: z.number().int(),
  realty_id: z.number().int(),
  realty_address: z.string().nullable(),
  title_deed_id: z.number().int(),
  previous_title_deed_id: z.number().int().nullable(),
  kind: z.enum(COLLATERAL_ALERT_KINDS),
  description: z.string(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type CollateralAlertView = z.infer<typeof collateralAlertView>;

/** Query of GET /collateral-alerts/: open ones by default; by deal. */
export const collateralAlertListQuery = pageQuery.extend({
  deal: idQuery.optional(),
  resolved: booleanQuery.default(false),
});
export type CollateralAlertListQuery = z.output<typeof collateralAlertListQuery>;
