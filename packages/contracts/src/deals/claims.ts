// Contracts of the deals work (issue 13): claims and claims groups (docs/decisions/0025).
import { isoDayInput } from '../dates.ts';
import { ClaimsGroupKind, ClaimType } from '../enums.ts';
import { MAX_RECORD_ID, recordId } from '../ids.ts';
import { money, moneyInput } from '../money.ts';
import { commaList, dateQuery, exportFormatQuery, orderingQuery, pageQuery, queryMessages } from '../query.ts';
import { z } from '../zod-config.ts';

const id = z.number().int();
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe('Calendar date YYYY-MM-DD');
const instant = z.iso.datetime();

export const claimMessages = {
  claimNotFound: 'Pohledávka nebyla nalezena.',
  groupNotFound: 'Skupina pohledávek nebyla nalezena.',
  paid: 'Na pohledávku už bylo něco uhrazeno; uhrazené pohledávky se nemění (opravuje se platbou nebo dobropisem).',
  cancelled: 'Pohledávka je zrušená a nelze ji měnit.',
  penaltyInterest: 'Úrok z prodlení počítá denní uzávěrka; ručně ho nelze měnit ani zrušit.',
  principalOfSchedule: 'Jistinu splátky mění jen nová verze modelu (restrukturalizace).',
  dueDateOfGroup: 'Splatnost pohledávky ze skupiny se mění na celé skupině.',
  manualType: 'Ručně lze zadat jen smluvní pokutu, náklady vymáhání, poplatek, pojištění, zálohu na služby nebo ostatní pohledávku.',
  dealNotServiced: 'Pohledávky lze zadávat jen u aktivního obchodu nebo obchodu v insolvenci.',
  creditorUnknown: 'Věřitel (osoba) neexistuje.',
  groupPaid: 'Na skupinu už bylo něco uhrazeno; uhrazené skupiny se nemění.',
  groupPast: 'Měnit lze jen budoucí skupiny (splatné dnes nebo později).',
  groupCancelled: 'Skupina je zrušená a nelze ji měnit.',
  dueDateInPast: 'Nová splatnost nesmí být v minulosti.',
  groupTypeNotHere: 'Tento typ pohledávky do skupiny nepatří.',
  notLeaseDeal: 'Přepočet nájemného je jen u nájmu a leasingu s platným modelem.',
  noActiveModel: 'Obchod nemá platný model.',
};

/** Types staff may enter by hand; the schedule, rent and penalty interest come from the engine. */
export const MANUAL_CLAIM_TYPES = ['CONTRACTUAL_PENALTY', 'COST_OF_RECOVERY', 'FEE', 'INSURANCE', 'SERVICE_ADVANCE', 'OTHER'] as const;

export const claimView = z.object({
  id,
  deal_id: id,
  claims_group_id: id.nullable(),
  type: ClaimType.schema,
  creditor_id: id.nullable(),
  due_date: isoDay,
  amount: money,
  paid_amount: money,
  /** amount − paid_amount; 0 for a cancelled claim, which is owed no more. */
  outstanding: money,
  description: z.string().nullable(),
  /** PENALTY_INTEREST: the overdue claim it accrues on, its rate (% p.a.) and the last day accrued. */
  source_claim_id: id.nullable(),
  rate: z.string().nullable(),
  accrued_through: isoDay.nullable(),
  cancelled_at: instant.nullable(),
  created_at: instant,
  updated_at: instant,
});
export type ClaimView = z.infer<typeof claimView>;

export const CLAIM_ORDERING_FIELDS = ['id', 'due_date', 'amount', 'paid_amount', 'type', 'created_at'] as const;

// The claims lists' own id and boolean filters, kept as they have answered since issue 13:
// query.ts's idQuery refuses the number forms this id takes (`1e3`, `0x10`, `5.0`), and its
// booleanQuery takes `TRUE` and ` true ` that this one refuses.
const claimsIdQuery = z.coerce.number().int().positive().max(MAX_RECORD_ID);
const claimsBooleanQuery = z.enum(['true', 'false', '1', '0'], queryMessages.booleanQuery).transform((v) => v === 'true' || v === '1');

const claimFilters = {
  ordering: orderingQuery(CLAIM_ORDERING_FIELDS, 'due_date'),
  /** A person the claims are owed to. */
  creditor: claimsIdQuery.optional(),
  /** Due on or after / on or before (inclusive). */
  date_from: dateQuery.optional(),
  date_to: dateQuery.optional(),
  type: commaList(ClaimType.schema).optional(),
  claims_group: claimsIdQuery.optional(),
  /** true: cancelled claims too (hidden by default: they are owed no more). */
  cancelled: claimsBooleanQuery.optional(),
};
/** Query of GET /deals/{dealId}/claims/. */
export const claimListQuery = pageQuery.extend(claimFilters);
export type ClaimListQuery = z.output<typeof claimListQuery>;
/** Query of GET /deals/{dealId}/claims/export/: the list's filters and ordering, and the file's format. */
export const claimExportQuery = z.object({ ...claimFilters, format: exportFormatQuery });
export type ClaimExportQuery = z.output<typeof claimExportQuery>;

const claimFields = {
  due_date: isoDayInput,
  amount: moneyInput({ min: 'positive' }),
  description: z.string().trim().max(500).nullable().optional(),
  /** A person (participant of the deal or not) the claim is owed to; null: the lender. */
  creditor: recordId.nullable().optional(),
};

/** POST /deals/{dealId}/claims/: a claim entered by hand. */
export const claimCreateRequest = z.object({ type: z.enum(MANUAL_CLAIM_TYPES, claimMessages.manualType), ...claimFields });
export type ClaimCreateRequest = z.infer<typeof claimCreateRequest>;
/** PUT (description and creditor left out are reset). */
export const claimUpdateRequest = z.object(claimFields);
export type ClaimUpdateRequest = z.infer<typeof claimUpdateRequest>;
export const claimPatch = z.object(claimFields).partial();
export type ClaimPatch = z.infer<typeof claimPatch>;

export const claimsGroupView = z.object({
  id,
  deal_id: id,
  deal_model_id: id,
  kind: ClaimsGroupKind.schema,
  number: z.number().int(),
  due_date: isoDay,
  period_from: isoDay.nullable(),
  period_to: isoDay.nullable(),
  /** Loans: principal owed after this installment. */
  balance: money.nullable(),
  note: z.string().nullable(),
  /** Sums over the group's live claims. */
  amount: money,
  paid_amount: money,
  outstanding: money,
  cancelled_at: instant.nullable(),
  /** Every claim of the group, cancelled ones included (their cancelled_at says so). */
  claims: z.array(claimView),
  created_at: instant,
  updated_at: instant,
});
export type ClaimsGroupView = z.infer<typeof claimsGroupView>;

/** The claim types a group of each kind may hold (and staff may set amounts of). PRINCIPAL is the model's. */
export const CLAIMS_GROUP_TYPES: Readonly<Record<ClaimsGroupKind, readonly ClaimType[]>> = {
  REGULAR: ['PRINCIPAL', 'INTEREST', 'FEE'],
  LEASE: ['RENT', 'SERVICE_ADVANCE', 'FEE', 'DEPOSIT'],
  LEASEBACK: ['RENT', 'SERVICE_ADVANCE', 'FEE', 'DEPOSIT', 'PURCHASE_PRICE'],
};

export const CLAIMS_GROUP_ORDERING_FIELDS = ['id', 'number', 'due_date', 'created_at'] as const;

/** Query of GET /deals/{dealId}/claims-group[-lease|-leaseback]/: `cancelled=true` shows cancelled groups too. */
export const claimsGroupListQuery = pageQuery.extend({
  ordering: orderingQuery(CLAIMS_GROUP_ORDERING_FIELDS, 'due_date'),
  deal_model: claimsIdQuery.optional(),
  cancelled: claimsBooleanQuery.optional(),
});
export type ClaimsGroupListQuery = z.output<typeof claimsGroupListQuery>;

/** Amounts of a group's claims by type; "0.00" cancels that claim, a new type adds one. */
const groupAmounts = z.partialRecord(ClaimType.schema, moneyInput({ min: 'zero' }));

/** PUT /deals/{dealId}/claims-group…/{id}/: due date required; note left out is reset; amounts only as given. */
export const claimsGroupUpdateRequest = z.object({
  due_date: isoDayInput,
  note: z.string().trim().max(2000).nullable().optional(),
  amounts: groupAmounts.optional(),
});
export type ClaimsGroupUpdateRequest = z.infer<typeof claimsGroupUpdateRequest>;
export const claimsGroupPatch = claimsGroupUpdateRequest.partial();
export type ClaimsGroupPatch = z.infer<typeof claimsGroupPatch>;

/** POST /deals/{dealId}/claims-group-lease/recompute/ */
export const leaseRecomputeResponse = z.object({
  deal_model_id: id,
  /** Future unpaid groups that differed from the model: cancelled and generated anew. */
  cancelled_groups: z.number().int(),
  created_groups: z.number().int(),
  /** Future groups already as the model says, or with something paid: left alone. */
  kept_groups: z.number().int(),
  groups: z.array(claimsGroupView),
});
export type LeaseRecomputeResponse = z.infer<typeof leaseRecomputeResponse>;
