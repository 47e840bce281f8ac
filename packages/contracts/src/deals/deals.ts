import { z } from '../zod-config.ts';
import { isoDateTimeInput, isoDayInput } from '../dates.ts';
import { recordId } from '../ids.ts';
import { money, moneyInput } from '../money.ts';
import { booleanQuery, commaList, enumListQuery, exportFormatQuery, idListQuery, idQuery, orderingQuery, pageQuery } from '../query.ts';
import {
  AllocationProfile,
  BreachType,
  ClaimsGroupKind,
  ClaimType,
  DealClosedReason,
  DealModelState,
  DealState,
  DealType,
  DebtType,
  EnforceableTitleType,
  InstallmentType,
  NoticeDisablingSetting,
  ObligationType,
  PaymentPurposeType,
  PersonRole,
  ProcessingState,
  RealtyType,
} from '../enums.ts';
import { idmResult, IdmDecision } from '../leads.ts';
import { DpdBucket } from './close-of-business.ts';

// Deals and their own sub-resources (backoffice.md §3, §7 "Deals"; docs/decisions/0022-deals-api.md):
// GET/POST /deals/, GET/PUT/PATCH /deals/{id}/ (expand), /deals/{id}/application_form/, and under
// /deals/{dealId}/: participants, label, notes, realties, idm-evaluations, debts, obligations,
// enforceable-claims, claims-settings. Money is a decimal string with two places in answers and a
// string or number in requests (docs/decisions/0023-money-as-decimal-strings.md); rates are
// decimal strings of per cent; dates YYYY-MM-DD, instants ISO 8601.

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

export const dealMessages = {
  dealNotFound: 'Obchod nebyl nalezen.',
  itemNotFound: 'Položka obchodu nebyla nalezena.',
  externalIdList: 'Zadejte externí ID oddělená čárkou (každé nejvýše 100 znaků).',
  daysPastDue: 'Zadejte počet dní po splatnosti: číslo (např. 30), rozsah (1-30), spodní mez (91+) nebo několik z nich oddělených čárkou.',
  valueRange: 'Spodní mez částky nesmí být vyšší než horní.',
  variableSymbol: 'Variabilní symbol tvoří 1 až 10 číslic (a nesmí být samé nuly).',
  variableSymbolTaken: 'Tento variabilní symbol už má jiný obchod.',
  contractNumberTaken: 'Toto číslo smlouvy už má jiný obchod.',
  externalIdTaken: 'Toto externí ID už má jiný obchod.',
  variableSymbolsExhausted: 'Volné variabilní symboly došly; zadejte variabilní symbol ručně.',
  personNotFound: 'Osoba neexistuje.',
  duplicateParticipant: 'Tato osoba už v obchodu má tuto roli.',
  duplicateParticipantInRequest: 'Stejná osoba se stejnou rolí je v seznamu dvakrát.',
  duplicateLabel: 'Obchod už má štítek s tímto názvem.',
  duplicateClaimsSetting: 'Obchod už má nastavení pro tento typ pohledávky.',
  duplicateSetting: 'Každé nastavení uveďte jen jednou.',
  labelColor: 'Zadejte barvu ve tvaru #RRGGBB.',
  dealModelNotOnDeal: 'Model obchodu nepatří k tomuto obchodu.',
  notClosedReason: 'Důvod uzavření lze zadat jen uzavřenému obchodu; obchod se uzavírá změnou stavu.',
  closedReasonRequired: 'Uzavřený obchod musí mít důvod uzavření.',
  termsAfterActivation:
    'Typ a výši obchodu lze měnit jen před aktivací. U aktivního obchodu se podmínky mění novou verzí modelu obchodu.',
  lastDebtor: 'Obchod v tomto stavu musí mít dlužníka (BORROWER nebo DEBTOR); nejprve přidejte jiného.',
  creditorOfClaims: 'Osoba je věřitelem pohledávek obchodu; z obchodu ji nelze odebrat.',
  obligationWithBreach: 'K povinnosti je evidováno porušení smlouvy; nelze ji smazat. Označte ji jako splněnou.',
  claimsSettingInUse: 'Podle tohoto nastavení už vznikly pohledávky; nelze ho smazat. Můžete ho vypnout.',
  fulfilledBeforeCreated: 'Povinnost nelze splnit v budoucnosti.',
  rate: 'Zadejte sazbu v procentech od 0 do 100, nejvýše se čtyřmi desetinnými místy (např. 8.5).',
  noApplicationForm: 'Obchod nevznikl z žádosti; nemá formulář žádosti.',
} as const;

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

const idSchema = z.number().int();
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const instant = z.iso.datetime();

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
/** Optional text: '' and null clear the field. */
const optionalText = (max: number) => z.preprocess(blankToNull, z.string().trim().max(max).nullable().optional());
const requiredText = (max: number) => z.string({ error: 'Pole je povinné' }).trim().min(1, 'Pole je povinné').max(max);

/**
 * A variable symbol as Czech payments carry it: up to 10 digits, not all zeros. Leading zeros
 * are dropped, as banks drop them (0012345 and 12345 are one symbol when paired).
 */
export const variableSymbolInput = z
  .string({ error: dealMessages.variableSymbol })
  .trim()
  .regex(/^\d{1,10}$/, dealMessages.variableSymbol)
  .transform((v) => v.replace(/^0+/, ''))
  .refine((v) => v.length > 0, dealMessages.variableSymbol);

/** A rate in per cent per annum (0–100, at most four decimals), as a string or number; parsed to "8.5000". */
export const rateInput = z.union([z.string(), z.number()], { error: dealMessages.rate }).transform((value, ctx) => {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text);
  const whole = match ? Number(match[1]) : NaN;
  const places = (match?.[2] ?? '').padEnd(4, '0');
  if (!match || whole > 100 || (whole === 100 && places !== '0000')) {
    ctx.addIssue({ code: 'custom', message: dealMessages.rate });
    return z.NEVER;
  }
  return `${whole}.${places}`;
});

/** A per-cent rate in an answer: the column's decimal string ("8.5000"). */
export const rate = z.string().regex(/^\d{1,3}\.\d{2,4}$/).describe('Per cent, decimal string, e.g. "8.5000"');

export const dealPersonRef = z.object({
  id: idSchema,
  /** "Jana Nováková", or the company name of a legal person. */
  name: z.string(),
});
export type DealPersonRef = z.infer<typeof dealPersonRef>;

// ---------------------------------------------------------------------------------------------
// Deals list
// ---------------------------------------------------------------------------------------------

// Days-past-due buckets (SERVICING.md §4): DpdBucket and dpdBucket() of close-of-business.ts. The
// list's `days_past_due` filter takes a bucket or any number, range or lower bound: `0`, `1-30`,
// `31-60`, `61-90`, `91+`, also `45` or `10-20`, several joined by commas (any of them).

/** Ordering fields of GET /deals/ (`ordering=-value`; default `-created_at`). */
/** `outstanding` and `overdue` (our addition) sort by what the deal's claims leave unpaid, in total and due before today. */
export const DEAL_ORDERING_FIELDS = ['id', 'created_at', 'updated_at', 'value', 'days_past_due', 'state', 'type', 'outstanding', 'overdue'] as const;
export type DealOrderingField = (typeof DEAL_ORDERING_FIELDS)[number];
export const DEAL_DEFAULT_ORDERING = '-created_at';

/** The query of GET /deals/ as the back-office sends it (every value a string, lists comma-joined). */
export interface DealListParams {
  page?: number;
  page_size?: number;
  ordering?: string;
  abp?: 'true' | 'false';
  breach_type?: string;
  closed_reason?: string;
  days_past_due?: string;
  external_id?: string;
  id?: string;
  insolvency?: 'true' | 'false';
  liquidated?: 'true' | 'false';
  person?: number;
  search?: string;
  settings_off?: string;
  settings_on?: string;
  state?: string;
  type?: string;
  value_from?: string;
  value_to?: string;
}

/** A days-past-due range of the list's filter: min..max inclusive, max null for "min or more". */
export interface DpdRange {
  min: number;
  max: number | null;
}

const MAX_DAYS_PAST_DUE = 100_000;

/** One range of `days_past_due`: `45`, `1-30` or `91+`. */
const dpdRange = z.string().transform((part, ctx): DpdRange => {
  const match = /^(\d{1,6})(?:(\+)|-(\d{1,6}))?$/.exec(part);
  const min = Number(match?.[1]);
  const max = match?.[2] ? null : match?.[3] !== undefined ? Number(match[3]) : min;
  if (!match || min > MAX_DAYS_PAST_DUE || (max !== null && (max < min || max > MAX_DAYS_PAST_DUE))) {
    ctx.addIssue({ code: 'custom', message: dealMessages.daysPastDue });
    return z.NEVER;
  }
  return { min, max };
});

/** A filter left empty (`?state=`) is not applied, as django-filter does. */
const filter = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** The filters and ordering of GET /deals/ and of its export (backoffice.md §3): lists match any of their values. */
const dealFilters = {
  ordering: orderingQuery(DEAL_ORDERING_FIELDS, DEAL_DEFAULT_ORDERING),
  abp: filter(booleanQuery),
  breach_type: filter(enumListQuery(BreachType.values)),
  closed_reason: filter(enumListQuery(DealClosedReason.values)),
  days_past_due: filter(commaList(dpdRange, { message: dealMessages.daysPastDue })),
  external_id: filter(commaList(z.string().max(100), { message: dealMessages.externalIdList })),
  id: filter(idListQuery),
  insolvency: filter(booleanQuery),
  liquidated: filter(booleanQuery),
  /** A participant of the deal. */
  person: filter(idQuery),
  search: z.string().trim().max(200).optional(),
  /** None of the settings named is on. */
  settings_off: filter(enumListQuery(NoticeDisablingSetting.values)),
  /** Every setting named is on. */
  settings_on: filter(enumListQuery(NoticeDisablingSetting.values)),
  state: filter(enumListQuery(DealState.values)),
  type: filter(enumListQuery(DealType.values)),
  /** Canonical money strings, inclusive. */
  value_from: filter(moneyInput()),
  value_to: filter(moneyInput()),
};

/** The value range's message goes on its upper end. */
const valueRange = (q: { value_from?: string; value_to?: string }, ctx: z.RefinementCtx) => {
  if (q.value_from !== undefined && q.value_to !== undefined && Number(q.value_from) > Number(q.value_to)) {
    ctx.addIssue({ code: 'custom', path: ['value_to'], message: dealMessages.valueRange });
  }
};

/** Query of GET /deals/. */
export const dealListQuery = pageQuery.extend(dealFilters).superRefine(valueRange);
export type DealListQuery = z.output<typeof dealListQuery>;
/** Query of GET /deals/export/: the list's filters and ordering, and the file's format. */
export const dealExportQuery = z.object({ ...dealFilters, format: exportFormatQuery }).superRefine(valueRange);
export type DealExportQuery = z.output<typeof dealExportQuery>;

export const dealListItem = z.object({
  id: idSchema,
  type: DealType.schema,
  state: DealState.schema,
  closed_reason: DealClosedReason.schema.nullable(),
  /** Principal of a loan, price of a sale or lease. */
  value: money,
  contract_number: z.string().nullable(),
  variable_symbol: z.string().nullable(),
  external_id: z.string().nullable(),
  /** The main person: the first BORROWER, else the first DEBTOR; null while the deal has neither. */
  borrower: dealPersonRef.nullable(),
  days_past_due: z.number().int(),
  dpd_bucket: DpdBucket.schema,
  /** Open breaches. */
  breach_types: z.array(BreachType.schema),
  abp: z.boolean(),
  insolvency: z.boolean(),
  liquidated: z.boolean(),
  /** Notices switched off for the deal. */
  settings: z.array(NoticeDisablingSetting.schema),
  /** Unpaid amount of every claim not cancelled, due or not yet due. */
  outstanding: money,
  /** Unpaid amount of the claims due before today (Europe/Prague). */
  overdue: money,
  created_at: instant,
  updated_at: instant,
});
export type DealListItem = z.infer<typeof dealListItem>;

// ---------------------------------------------------------------------------------------------
// Deal: create, update
// ---------------------------------------------------------------------------------------------

const settingsInput = z.array(NoticeDisablingSetting.schema).superRefine((list, ctx) => {
  if (new Set(list).size !== list.length) ctx.addIssue({ code: 'custom', message: dealMessages.duplicateSetting });
});

export const participantInput = z.object({
  person: recordId,
  role: PersonRole.schema,
});
export type ParticipantInput = z.infer<typeof participantInput>;

const dealFields = {
  type: DealType.schema,
  value: moneyInput({ min: 'positive' }),
  external_id: optionalText(100),
  contract_number: optionalText(50),
  /** Generated when left out on create (docs/decisions/0022: 10 digits, Luhn check digit). */
  variable_symbol: variableSymbolInput.optional(),
  abp: z.boolean().optional(),
  insolvency: z.boolean().optional(),
  liquidated: z.boolean().optional(),
  settings: settingsInput.optional(),
  allocation_profile: AllocationProfile.schema.nullable().optional(),
  /** NON_PAYING begins when days past due pass this many days (default 30). */
  non_paying_after_days: z.number().int().min(0).max(3650).optional(),
  note: optionalText(5000),
};

/** POST /deals/: a new deal in NEW_APPLICATION, with its participants. */
export const dealCreateRequest = z.object({
  ...dealFields,
  participants: z
    .array(participantInput)
    .max(50)
    .superRefine((list, ctx) => {
      const keys = list.map((p) => `${p.person}:${p.role}`);
      if (new Set(keys).size !== keys.length) ctx.addIssue({ code: 'custom', message: dealMessages.duplicateParticipantInRequest });
    })
    .optional(),
});
export type DealCreateRequest = z.infer<typeof dealCreateRequest>;
export type DealCreateRequestInput = z.input<typeof dealCreateRequest>;

/**
 * PUT /deals/{id}/: type and value required, the other fields changed when sent (as DRF's
 * update does). The state is changed by POST /deals/{id}/state/, never here; closed_reason only
 * corrects the reason of a CLOSED deal.
 */
export const dealUpdateRequest = z.object({ ...dealFields, closed_reason: DealClosedReason.schema.optional() });
export type DealUpdateRequest = z.infer<typeof dealUpdateRequest>;
/** PATCH /deals/{id}/: any subset. */
export const dealPatchRequest = dealUpdateRequest.partial();
export type DealPatchRequest = z.infer<typeof dealPatchRequest>;
export type DealPatchRequestInput = z.input<typeof dealPatchRequest>;

// ---------------------------------------------------------------------------------------------
// Sub-resources: views and requests
// ---------------------------------------------------------------------------------------------

export const dealParticipantView = z.object({
  id: idSchema,
  deal_id: idSchema,
  person: dealPersonRef,
  role: PersonRole.schema,
  created_at: instant,
  updated_at: instant,
});
export type DealParticipantView = z.infer<typeof dealParticipantView>;
export const DEAL_PARTICIPANT_ORDERING_FIELDS = ['id', 'role', 'created_at'] as const;
export const dealParticipantListQuery = pageQuery.extend({ ordering: orderingQuery(DEAL_PARTICIPANT_ORDERING_FIELDS, 'id'), role: PersonRole.schema.optional() });
export type DealParticipantListQuery = z.output<typeof dealParticipantListQuery>;
/** POST and PUT …/participants/; PATCH any subset. PUT and PATCH answer 204 without a body. */
export const dealParticipantRequest = participantInput;
export const dealParticipantPatch = participantInput.partial();

export const dealLabelView = z.object({
  id: idSchema,
  deal_id: idSchema,
  name: z.string(),
  color: z.string().nullable(),
  created_at: instant,
  updated_at: instant,
});
export type DealLabelView = z.infer<typeof dealLabelView>;
export const DEAL_LABEL_ORDERING_FIELDS = ['id', 'name', 'created_at'] as const;
export const dealLabelListQuery = pageQuery.extend({ ordering: orderingQuery(DEAL_LABEL_ORDERING_FIELDS, 'name') });
export type DealLabelListQuery = z.output<typeof dealLabelListQuery>;
const labelFields = {
  name: requiredText(100),
  color: z.preprocess(blankToNull, z.string().regex(/^#[0-9a-fA-F]{6}$/, dealMessages.labelColor).nullable().optional()),
};
export const dealLabelRequest = z.object(labelFields);
export const dealLabelPatch = z.object(labelFields).partial();

export const dealNoteView = z.object({
  id: idSchema,
  deal_id: idSchema,
  text: z.string(),
  /** The staff user who wrote it; null when their account is gone. */
  author: z.object({ id: idSchema, name: z.string(), email: z.string() }).nullable(),
  created_at: instant,
});
export type DealNoteView = z.infer<typeof dealNoteView>;
export const DEAL_NOTE_ORDERING_FIELDS = ['id', 'created_at'] as const;
export const dealNoteListQuery = pageQuery.extend({ ordering: orderingQuery(DEAL_NOTE_ORDERING_FIELDS, '-created_at') });
export type DealNoteListQuery = z.output<typeof dealNoteListQuery>;
export const dealNoteRequest = z.object({ text: requiredText(5000) });
export type DealNoteRequest = z.infer<typeof dealNoteRequest>;

export const dealRealtyView = z.object({
  id: idSchema,
  type: RealtyType.schema,
  whole_address: z.string().nullable(),
  city: z.string().nullable(),
  cadastral_area_code: z.string().nullable(),
  cadastral_area_name: z.string().nullable(),
  lv_number: z.string().nullable(),
  parcel_number: z.string().nullable(),
  unit_number: z.string().nullable(),
  /** The deal's realty groups that hold it. */
  realty_group_ids: z.array(idSchema),
  /** The collateral the applicant offered in the deal's lead. */
  from_lead: z.boolean(),
});
export type DealRealtyView = z.infer<typeof dealRealtyView>;
export const DEAL_REALTY_ORDERING_FIELDS = ['id', 'type', 'city'] as const;
export const dealRealtyListQuery = pageQuery.extend({ ordering: orderingQuery(DEAL_REALTY_ORDERING_FIELDS, 'id') });
export type DealRealtyListQuery = z.output<typeof dealRealtyListQuery>;

export const dealIdmEvaluationView = z.object({
  id: idSchema,
  /** Set for an evaluation made on the deal's lead before the deal. */
  lead_id: idSchema.nullable(),
  deal_id: idSchema.nullable(),
  deal_model: idSchema.nullable(),
  state: ProcessingState.schema,
  decision: z.enum(IdmDecision).nullable(),
  result: idmResult.nullable(),
  error: z.string().nullable(),
  requested_by_id: idSchema.nullable(),
  checked_at: instant.nullable(),
  created_at: instant,
});
export type DealIdmEvaluationView = z.infer<typeof dealIdmEvaluationView>;
export const DEAL_IDM_EVALUATION_ORDERING_FIELDS = ['id', 'created_at', 'checked_at'] as const;
export const dealIdmEvaluationListQuery = pageQuery.extend({ ordering: orderingQuery(DEAL_IDM_EVALUATION_ORDERING_FIELDS, '-created_at'), deal_model: idQuery.optional() });
export type DealIdmEvaluationListQuery = z.output<typeof dealIdmEvaluationListQuery>;

export const dealDebtView = z.object({
  id: idSchema,
  deal_id: idSchema,
  deal_model: idSchema.nullable(),
  type: DebtType.schema,
  creditor: z.string(),
  amount: money,
  installment_value: money.nullable(),
  bank_account: z.string().nullable(),
  variable_symbol: z.string().nullable(),
  to_refinance: z.boolean(),
  note: z.string().nullable(),
  created_at: instant,
  updated_at: instant,
});
export type DealDebtView = z.infer<typeof dealDebtView>;
export const DEAL_DEBT_ORDERING_FIELDS = ['id', 'created_at', 'amount', 'type'] as const;
export const dealDebtListQuery = pageQuery.extend({ ordering: orderingQuery(DEAL_DEBT_ORDERING_FIELDS, 'id'), deal_model: idQuery.optional() });
export type DealDebtListQuery = z.output<typeof dealDebtListQuery>;
const debtFields = {
  type: DebtType.schema,
  creditor: requiredText(200),
  amount: moneyInput(),
  installment_value: moneyInput().nullable().optional(),
  bank_account: optionalText(50),
  variable_symbol: variableSymbolInput.nullable().optional(),
  to_refinance: z.boolean().optional(),
  note: optionalText(2000),
  /** A model version of this deal the debt belongs to. */
  deal_model: recordId.nullable().optional(),
};
export const dealDebtRequest = z.object(debtFields);
export type DealDebtRequest = z.infer<typeof dealDebtRequest>;
export const dealDebtPatch = z.object(debtFields).partial();

export const dealObligationView = z.object({
  id: idSchema,
  deal_id: idSchema,
  type: ObligationType.schema,
  description: z.string().nullable(),
  due_date: isoDay.nullable(),
  /** When the debtor delivered it; an undelivered one past its due date is the breach UNDELIVERED_<type>. */
  fulfilled_at: instant.nullable(),
  note: z.string().nullable(),
  created_at: instant,
  updated_at: instant,
});
export type DealObligationView = z.infer<typeof dealObligationView>;
export const DEAL_OBLIGATION_ORDERING_FIELDS = ['id', 'due_date', 'type', 'fulfilled_at', 'created_at'] as const;
export const dealObligationListQuery = pageQuery.extend({
  ordering: orderingQuery(DEAL_OBLIGATION_ORDERING_FIELDS, 'due_date'),
  type: ObligationType.schema.optional(),
  fulfilled: booleanQuery.optional(),
});
export type DealObligationListQuery = z.output<typeof dealObligationListQuery>;
const obligationFields = {
  type: ObligationType.schema,
  description: optionalText(2000),
  due_date: isoDayInput.nullable().optional(),
  fulfilled_at: isoDateTimeInput().nullable().optional(),
  note: optionalText(2000),
};
export const dealObligationRequest = z.object(obligationFields);
export type DealObligationRequest = z.infer<typeof dealObligationRequest>;
export const dealObligationPatch = z.object(obligationFields).partial();

export const enforceableClaimView = z.object({
  id: idSchema,
  deal_id: idSchema,
  title_type: EnforceableTitleType.schema,
  amount: money,
  /** Costs of the enforcement (executor, court) claimed with it. */
  costs: money,
  file_mark: z.string().nullable(),
  issued_by: z.string().nullable(),
  issued_at: isoDay.nullable(),
  enforceable_from: isoDay.nullable(),
  executor: z.string().nullable(),
  execution_file_mark: z.string().nullable(),
  note: z.string().nullable(),
  created_at: instant,
  updated_at: instant,
});
export type EnforceableClaimView = z.infer<typeof enforceableClaimView>;
export const ENFORCEABLE_CLAIM_ORDERING_FIELDS = ['id', 'created_at', 'amount', 'issued_at'] as const;
export const enforceableClaimListQuery = pageQuery.extend({ ordering: orderingQuery(ENFORCEABLE_CLAIM_ORDERING_FIELDS, '-created_at'), title_type: EnforceableTitleType.schema.optional() });
export type EnforceableClaimListQuery = z.output<typeof enforceableClaimListQuery>;
const enforceableFields = {
  title_type: EnforceableTitleType.schema,
  amount: moneyInput(),
  costs: moneyInput().optional(),
  file_mark: optionalText(100),
  issued_by: optionalText(200),
  issued_at: isoDayInput.nullable().optional(),
  enforceable_from: isoDayInput.nullable().optional(),
  executor: optionalText(200),
  execution_file_mark: optionalText(100),
  note: optionalText(2000),
};
export const enforceableClaimRequest = z.object(enforceableFields);
export type EnforceableClaimRequest = z.infer<typeof enforceableClaimRequest>;
export const enforceableClaimPatch = z.object(enforceableFields).partial();

/**
 * Per-deal settings of generated claims of one type: a fee's amount, the penalty-interest basis
 * (`rate` on PENALTY_INTEREST: null is the statutory rate, repo rate + 8 pp; a number is the
 * contractual rate p.a.), the due day and the grace days before penalty interest starts.
 */
export const claimsSettingView = z.object({
  id: idSchema,
  deal_id: idSchema,
  type: ClaimType.schema,
  amount: money.nullable(),
  rate: rate.nullable(),
  due_day: z.number().int().nullable(),
  grace_days: z.number().int(),
  is_enabled: z.boolean(),
  note: z.string().nullable(),
  created_at: instant,
  updated_at: instant,
});
export type ClaimsSettingView = z.infer<typeof claimsSettingView>;
export const CLAIMS_SETTING_ORDERING_FIELDS = ['id', 'type', 'created_at'] as const;
export const claimsSettingListQuery = pageQuery.extend({ ordering: orderingQuery(CLAIMS_SETTING_ORDERING_FIELDS, 'type'), type: ClaimType.schema.optional() });
export type ClaimsSettingListQuery = z.output<typeof claimsSettingListQuery>;
const claimsSettingFields = {
  type: ClaimType.schema,
  amount: moneyInput().nullable().optional(),
  rate: rateInput.nullable().optional(),
  due_day: z.number().int().min(1).max(31).nullable().optional(),
  grace_days: z.number().int().min(0).max(365).optional(),
  is_enabled: z.boolean().optional(),
  note: optionalText(2000),
};
export const claimsSettingRequest = z.object(claimsSettingFields);
export type ClaimsSettingRequest = z.infer<typeof claimsSettingRequest>;
export const claimsSettingPatch = z.object(claimsSettingFields).partial();

// ---------------------------------------------------------------------------------------------
// Deal detail and its expansions
// ---------------------------------------------------------------------------------------------

/** Values of `expand` on GET /deals/{id}/ (comma list). */
export const DEAL_EXPANSIONS = ['participants', 'deal_model', 'claims_groups', 'obligations', 'labels', 'notes', 'realty_groups', 'purposes', 'debts', 'breaches'] as const;
export type DealExpansion = (typeof DEAL_EXPANSIONS)[number];
/** Query of GET /deals/{id}/. */
export const dealDetailQuery = z.object({ expand: enumListQuery(DEAL_EXPANSIONS).optional() });
export type DealDetailQuery = z.output<typeof dealDetailQuery>;

/** The deal model in force (else the newest version), as the detail shows it. */
export const dealModelSummary = z.object({
  id: idSchema,
  version: z.number().int(),
  state: DealModelState.schema,
  valid_from: isoDay.nullable(),
  principal: money,
  annual_interest_rate: rate,
  term_months: z.number().int(),
  disbursement_date: isoDay,
  first_due_date: isoDay,
  due_day: z.number().int(),
  installment_type: InstallmentType.schema,
  upfront_fee: money,
  monthly_fee: money,
  allocation_profile: AllocationProfile.schema,
  installment_value: money.nullable(),
  rpsn: z.string().nullable(),
  activated_at: instant.nullable(),
  created_at: instant,
});

export const claimsGroupSummary = z.object({
  id: idSchema,
  deal_model_id: idSchema,
  kind: ClaimsGroupKind.schema,
  number: z.number().int(),
  due_date: isoDay,
  period_from: isoDay.nullable(),
  period_to: isoDay.nullable(),
  balance: money.nullable(),
  /** Sum of the group's claims not cancelled, and what was paid on them. */
  amount: money,
  paid_amount: money,
  cancelled_at: instant.nullable(),
});

export const realtyGroupSummary = z.object({
  id: idSchema,
  name: z.string().nullable(),
  mortgage: z.boolean(),
  note: z.string().nullable(),
  realties: z.array(z.object({ id: idSchema, type: RealtyType.schema, whole_address: z.string().nullable() })),
  /** The newest estimation of the group's value. */
  latest_estimation: z.object({ value: money, estimated_at: isoDay }).nullable(),
});

export const purposeSummary = z.object({
  id: idSchema,
  type: PaymentPurposeType.schema,
  amount: money,
  /** Sum of its drawings. */
  drawn_amount: money,
  bank_account: z.string().nullable(),
  variable_symbol: z.string().nullable(),
  specific_symbol: z.string().nullable(),
  recipient_name: z.string().nullable(),
  note: z.string().nullable(),
});

export const breachView = z.object({
  id: idSchema,
  type: BreachType.schema,
  obligation_id: idSchema.nullable(),
  started_on: isoDay,
  /** Null while the breach lasts. */
  ended_on: isoDay.nullable(),
});

export const dealDetail = dealListItem.extend({
  lead_id: idSchema.nullable(),
  allocation_profile: AllocationProfile.schema.nullable(),
  non_paying_after_days: z.number().int(),
  signed_at: instant.nullable(),
  activated_at: instant.nullable(),
  closed_at: instant.nullable(),
  note: z.string().nullable(),
  /** Overpayment kept on the deal: its payments less what they paid and what was refunded (docs/decisions/0033). */
  credit: money,
  // Present only when asked for in `expand`.
  participants: z.array(dealParticipantView).optional(),
  deal_model: dealModelSummary.nullable().optional(),
  claims_groups: z.array(claimsGroupSummary).optional(),
  obligations: z.array(dealObligationView).optional(),
  labels: z.array(dealLabelView).optional(),
  notes: z.array(dealNoteView).optional(),
  realty_groups: z.array(realtyGroupSummary).optional(),
  purposes: z.array(purposeSummary).optional(),
  debts: z.array(dealDebtView).optional(),
  breaches: z.array(breachView).optional(),
});
export type DealDetail = z.infer<typeof dealDetail>;
