import { z } from './zod-config.ts';
import { isoDateTimeInput } from './dates.ts';
import { recordId } from './ids.ts';
import { money, moneyInput } from './money.ts';
import {
  CallOutcome,
  DealType,
  DebtType,
  DocumentCategory,
  FormState,
  FormType,
  IncomeExpenseCategory,
  IncomeExpenseKind,
  LeadFormDealType,
  LeadSource,
  LeadState,
  NotificationState,
  OfferKind,
  PersonRole,
  ProcessingState,
  RealtyType,
} from './enums.ts';
import { crowns, loanBounds } from './forms/amounts.ts';
import { commaList, dateQuery, exportFormatQuery, orderingQuery, pageQuery } from './query.ts';
import { formMessages } from './forms/messages.ts';

// The staff Leads API (backoffice.md §7 "Leads"; docs/decisions/0008-leads-offers-idm.md).
// Money is a decimal string with two places in answers ("8884.88") and a string or number in
// requests (docs/decisions/0023-money-as-decimal-strings.md); ratios (DSTI, DTI) are plain
// numbers (0.3512 = 35.12 %). Dates and times are ISO 8601. Every list (GET /leads/ and the
// lists under /leads/{leadId}/: idm-evaluations, call-data, debt, incomes-expenses) is a page
// {count, next, previous, results} with page, page_size (≤ 100) and ordering (`-field` descending).

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

export const leadMessages = {
  leadNotFound: 'Lead nebyl nalezen.',
  alreadyClosed: 'Lead je již uzavřen.',
  converted: 'Lead je již převeden na obchod a nelze ho uzavřít.',
  reasonUnknown: 'Neznámý nebo neaktivní důvod uzavření.',
  cannotOfferClosed: 'Uzavřenému nebo převedenému leadu nelze vystavit nabídku.',
  applicationFormNotFound: 'Žádost nebyla nalezena.',
  formClosed: 'Žádost je uzavřena; odkaz na pokračování již nelze poslat.',
  noEmail: 'Žadatel nemá vyplněný e-mail; e-mail nelze odeslat.',
  noPerson: 'Lead nemá přiřazenou osobu.',
  offerAccepted: 'Žadatel již nabídku přijal; novou nabídku nelze vystavit.',
  offerFormClosed: 'Žádost je uzavřena; žadatel by nabídku v portálu nemohl potvrdit.',
  noForm: 'Žadatel zatím nemá formulář v portálu. Založí se s první nabídkou, kterou mu pošlete e-mailem.',
  claimGroupsRequired: 'Zadejte alespoň jednu skupinu splátek.',
  claimGroupsTooMany: 'Nabídka smí mít nejvýše 24 skupin splátek.',
  claimGroupOrder: 'Pořadí skupin musí být 1, 2, 3… bez mezer a opakování.',
  claimGroupCount: 'Počet splátek ve skupině musí být 1 až 120.',
  categoryNotIncome: 'Tato kategorie nepatří k příjmům.',
  categoryNotExpense: 'Tato kategorie nepatří k výdajům.',
  personNotOnLead: 'Osoba nepatří k tomuto leadu.',
  dealModelNotOnLead: 'Model obchodu nepatří k tomuto leadu.',
  remainingAboveOriginal: 'Zbývající dlužná částka nemůže být vyšší než původní.',
  idmNoValue: 'Zadejte požadovanou výši úvěru (lead ji nemá).',
  idmNoInstallment: 'Zadejte požadovanou splátku (lead ji nemá).',
  documentNotFound: 'Dokument nebyl nalezen.',
} as const;

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

const isoDateTime = isoDateTimeInput();

/** A positive amount in a request: a decimal string or number with at most two places. */
const positiveAmount = moneyInput({ min: 'positive' });

const optionalText = (max: number) =>
  z.preprocess((v) => (v === null || v === '' ? undefined : v), z.string().trim().max(max).optional());

const idSchema = z.number().int();

export const leadPersonRef = z.object({
  id: idSchema,
  /** "Jan Novák", or the company name of a legal person. */
  name: z.string(),
});
export type LeadPersonRef = z.infer<typeof leadPersonRef>;

// ---------------------------------------------------------------------------------------------
// Closed reasons and closing
// ---------------------------------------------------------------------------------------------

/** GET /leads/application-closed-reasons/ (active ones, in their order). */
export const applicationClosedReasonView = z.object({
  id: idSchema,
  code: z.string(),
  name: z.string(),
  order: z.number().int(),
  is_active: z.boolean(),
});
export type ApplicationClosedReasonView = z.infer<typeof applicationClosedReasonView>;
export const applicationClosedReasonList = z.array(applicationClosedReasonView);

/** POST /leads/{id}/close/: the reason's id or code (e.g. "CLIENT_NOT_INTERESTED"), an optional note. */
export const closeLeadRequest = z.object({
  reason: z.union([recordId, z.string().trim().min(1).max(100)], { error: formMessages.required }),
  note: optionalText(2000),
});
export type CloseLeadRequest = z.infer<typeof closeLeadRequest>;

// ---------------------------------------------------------------------------------------------
// Offers
// ---------------------------------------------------------------------------------------------

export const MAX_OFFER_CLAIM_GROUPS = 24;

export const offerClaimGroup = z.object({
  order: z.number().int(),
  count: z.number().int(),
  amount: money,
});
export type OfferClaimGroup = z.infer<typeof offerClaimGroup>;

export const offerView = z.object({
  id: idSchema,
  kind: OfferKind.schema,
  /** Regular offer: principal; null for an irregular one. */
  value: money.nullable(),
  /** Regular offer: monthly installment; null for an irregular one. */
  installment_value: money.nullable(),
  /** Irregular offer: claim_group_1..n as groups in order; empty for a regular one. */
  claim_groups: z.array(offerClaimGroup),
  /** Sum of all payments (installments are not known for a regular offer: null). */
  total_amount: money.nullable(),
  sent_at: z.iso.datetime().nullable(),
  applied_at: z.iso.datetime().nullable(),
  created_by_id: z.number().int().nullable(),
  created_at: z.iso.datetime(),
});
export type OfferView = z.infer<typeof offerView>;

const claimGroupInput = (bounds: { min: number; max: number }) =>
  z.object({
    order: z.number({ error: formMessages.required }).int(leadMessages.claimGroupOrder).min(1, leadMessages.claimGroupOrder),
    count: z.number({ error: formMessages.required }).int(leadMessages.claimGroupCount).min(1, leadMessages.claimGroupCount).max(120, leadMessages.claimGroupCount),
    amount: crowns(bounds),
  });

/** The portal application of a lead's deal type: every investment-loan variant is the business one. */
export const formTypeOfDealType = (dealType: DealType | null): FormType => (dealType?.startsWith('INVESTMENT_LOAN') ? 'INVESTMENT_LOAN' : 'CONSUMER_LOAN');

/**
 * POST /leads/{id}/offer/ for a loan of `type` (the lead's form type, or of its deal type when
 * the form is opened with the offer): whole crowns within the
 * bounds of docs/decisions/0003 (value: loan bounds; installment and every irregular payment:
 * installment bounds), installment below the value, claim groups ordered 1..n, 1–120 payments each.
 */
export function offerRequestFor(type: FormType) {
  const bounds = loanBounds[type];
  return z.discriminatedUnion(
    'kind',
    [
      z
        .object({ kind: z.literal('REGULAR'), value: crowns(bounds.value), installment_value: crowns(bounds.installment) })
        .superRefine((offer, ctx) => {
          if (offer.installment_value >= offer.value) {
            ctx.addIssue({ code: 'custom', path: ['installment_value'], message: formMessages.installmentBelowLoan });
          }
        }),
      z
        .object({
          kind: z.literal('IRREGULAR'),
          claim_groups: z
            .array(claimGroupInput(bounds.installment), { error: leadMessages.claimGroupsRequired })
            .min(1, leadMessages.claimGroupsRequired)
            .max(MAX_OFFER_CLAIM_GROUPS, leadMessages.claimGroupsTooMany),
        })
        .superRefine((offer, ctx) => {
          const orders = offer.claim_groups.map((g) => g.order).sort((a, b) => a - b);
          if (orders.some((order, i) => order !== i + 1)) {
            ctx.addIssue({ code: 'custom', path: ['claim_groups'], message: leadMessages.claimGroupOrder });
          }
        }),
    ],
    { error: `Zadejte druh nabídky: ${OfferKind.values.join(' nebo ')}.` },
  );
}
/** The request as documented (bounds of a business loan; the API applies the lead's own). */
export const offerRequest = offerRequestFor('INVESTMENT_LOAN');
export type OfferRequest = z.infer<typeof offerRequest>;

export const notificationRef = z.object({
  id: idSchema,
  name: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  state: NotificationState.schema,
  created_at: z.iso.datetime(),
});
export type NotificationRef = z.infer<typeof notificationRef>;

/** 201 of POST /leads/{id}/offer/: the stored offer, the lead's new state and the queued e-mail. */
export const offerIssueResponse = z.object({
  offer: offerView,
  lead: z.object({ id: idSchema, state: LeadState.schema }),
  notification: notificationRef,
  /** The portal link in the e-mail (`/dokumenty?token=…&offer=…` or `&irregular_offer=…`). */
  link: z.string(),
});
export type OfferIssueResponse = z.infer<typeof offerIssueResponse>;

// ---------------------------------------------------------------------------------------------
// Application form (staff view)
// ---------------------------------------------------------------------------------------------

export const staffFormDocument = z.object({
  id: idSchema,
  category: DocumentCategory.schema,
  category_label: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  verified_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  /** Staff download (bearer token): /api/v1/leads/{leadId}/application-form/{formId}/documents/{id}/download/ */
  download_url: z.string(),
});
export type StaffFormDocument = z.infer<typeof staffFormDocument>;

/** A short form summary inside the lead detail. */
export const leadFormSummary = z.object({
  id: idSchema,
  token: z.string(),
  type: FormType.schema,
  deal_type: LeadFormDealType.schema.nullable(),
  state: FormState.schema.nullable(),
  offer_applied: z.boolean(),
  documents_count: z.number().int(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  closed_at: z.iso.datetime().nullable(),
});
export type LeadFormSummary = z.infer<typeof leadFormSummary>;

/** GET /leads/{id}/application_form/: the latest form, data unmasked (staff), with its files. */
export const staffApplicationForm = leadFormSummary.extend({
  lead_id: idSchema,
  data: z.record(z.string(), z.unknown()),
  utm_source: z.string().nullable(),
  utm_campaign: z.string().nullable(),
  utm_medium: z.string().nullable(),
  /** The applicant's resume link (`${PUBLIC_URL}/?token=…`). */
  portal_url: z.string(),
  documents: z.array(staffFormDocument),
});
export type StaffApplicationForm = z.infer<typeof staffApplicationForm>;

/** 202 of POST /leads/{leadId}/application-form/{id}/resend/. */
export const resendFormResponse = z.object({
  notification_id: idSchema,
  recipient: z.string(),
  link: z.string(),
});
export type ResendFormResponse = z.infer<typeof resendFormResponse>;

// ---------------------------------------------------------------------------------------------
// Lead list and detail
// ---------------------------------------------------------------------------------------------

export const closedReasonRef = z.object({ id: idSchema, code: z.string(), name: z.string() });

export const leadListItem = z.object({
  id: idSchema,
  state: LeadState.schema,
  source: LeadSource.schema,
  deal_type: DealType.schema.nullable(),
  value: money.nullable(),
  installment_value: money.nullable(),
  person: leadPersonRef.nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  closed_reason: closedReasonRef.nullable(),
  offer_applied: z.boolean(),
});
export type LeadListItem = z.infer<typeof leadListItem>;

/** Ordering fields of GET /leads/ (`ordering=-created_at,id`; default -created_at). */
export const LEAD_ORDERING_FIELDS = ['id', 'created_at', 'updated_at', 'value', 'state'] as const;
/** Ordering of the lists under /leads/{leadId}/ (defaults: -created_at, -called_at, id, kind,id). */
export const IDM_EVALUATION_ORDERING_FIELDS = ['id', 'created_at', 'checked_at'] as const;
export const CALL_DATA_ORDERING_FIELDS = ['id', 'called_at', 'created_at'] as const;
export const LEAD_DEBT_ORDERING_FIELDS = ['id', 'created_at', 'remaining_amount', 'installment_value'] as const;
export const INCOME_EXPENSE_ORDERING_FIELDS = ['id', 'created_at', 'amount', 'kind', 'category'] as const;

/**
 * Query of GET /leads/. `ordering`, `page`, `page_size` and `person` are the spec's; `state`
 * (comma list), `source`, `deal_type`, `search` (name, e-mail, phone or lead id) and
 * `created_from`/`created_to` (YYYY-MM-DD, inclusive) are our additions for the back-office list.
 */
export interface LeadListParams {
  page?: number;
  page_size?: number;
  ordering?: string;
  person?: number;
  state?: string;
  source?: LeadSource;
  deal_type?: DealType;
  search?: string;
  created_from?: string;
  created_to?: string;
}

// Ids in these filters keep the parsing they always had (a coerced number), not idQuery's digits only.
const personOrModelId = z.coerce.number().int().positive().max(2_147_483_647);

export const leadListQuery = pageQuery.extend({
  ordering: orderingQuery(LEAD_ORDERING_FIELDS, '-created_at'),
  person: personOrModelId.optional(),
  // Our additions for the back-office list (docs/decisions/0008).
  state: commaList(LeadState.schema).optional(),
  source: LeadSource.schema.optional(),
  deal_type: DealType.schema.optional(),
  search: z.string().trim().max(200).optional(),
  created_from: dateQuery.optional(),
  created_to: dateQuery.optional(),
});
export type LeadListQuery = z.output<typeof leadListQuery>;

/** The filters and ordering of the leads list (and of its export). */
export type LeadFilters = Omit<LeadListQuery, 'page' | 'page_size'>;

/** Query of GET /leads/export/: the list's filters and ordering, without paging, and the file's format. */
export const leadExportQuery = leadListQuery.omit({ page: true, page_size: true }).extend({ format: exportFormatQuery });
export type LeadExportQuery = z.output<typeof leadExportQuery>;

/** Query of GET /leads/{leadId}/idm-evaluations/: filter `deal_model`, newest first. */
export const idmEvaluationListQuery = pageQuery.extend({
  deal_model: personOrModelId.optional(),
  ordering: orderingQuery(IDM_EVALUATION_ORDERING_FIELDS, '-created_at'),
});
export type IdmEvaluationListQuery = z.output<typeof idmEvaluationListQuery>;

/** Query of GET /leads/{leadId}/call-data/: the latest call first. */
export const callDataListQuery = pageQuery.extend({ ordering: orderingQuery(CALL_DATA_ORDERING_FIELDS, '-called_at') });
export type CallDataListQuery = z.output<typeof callDataListQuery>;

/** Query of GET /leads/{leadId}/debt/. */
export const leadDebtListQuery = pageQuery.extend({ ordering: orderingQuery(LEAD_DEBT_ORDERING_FIELDS, 'id') });
export type LeadDebtListQuery = z.output<typeof leadDebtListQuery>;

/** Query of GET /leads/{leadId}/incomes-expenses/: filter `kind`. */
export const incomeExpenseListQuery = pageQuery.extend({
  kind: IncomeExpenseKind.schema.optional(),
  ordering: orderingQuery(INCOME_EXPENSE_ORDERING_FIELDS, 'kind,id'),
});
export type IncomeExpenseListQuery = z.output<typeof incomeExpenseListQuery>;

export const leadPersonSummary = z.object({
  id: idSchema,
  name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company_name: z.string().nullable(),
  company_id: z.string().nullable(),
  email: z.string().nullable(),
  /** As typed; show `phone_e164` formatted (formatPhone) where there is one. */
  phone: z.string().nullable(),
  phone_e164: z.string().nullable(),
  birth_date: z.string().nullable(),
  permanent_address: z.string().nullable(),
  has_execution: z.boolean(),
  has_insolvency: z.boolean(),
  is_blacklisted: z.boolean(),
});
export type LeadPersonSummary = z.infer<typeof leadPersonSummary>;

export const leadParticipantView = z.object({
  id: idSchema,
  role: PersonRole.schema,
  person: z.object({ id: idSchema, name: z.string(), email: z.string().nullable(), phone: z.string().nullable(), phone_e164: z.string().nullable() }),
});

export const leadRealtyView = z.object({
  id: idSchema,
  type: RealtyType.schema,
  whole_address: z.string().nullable(),
});

/** An e-mail about the lead in the outbox (offers, form links): what the applicant received. */
export const leadEmailView = notificationRef.extend({
  body: z.string(),
  sent_at: z.iso.datetime().nullable(),
  /** Sending attempts so far (0 for a SANDBOX e-mail, which is never sent). */
  attempts: z.number().int(),
  /** Czech reason of the last failed attempt: why it FAILED, or why a PENDING one is retried. */
  error: z.string().nullable(),
});
export type LeadEmailView = z.infer<typeof leadEmailView>;

/** Whether staff may do an action on the lead now, and if not, why (a Czech sentence). */
export const leadAction = z.object({ allowed: z.boolean(), reason: z.string().nullable() });
export type LeadAction = z.infer<typeof leadAction>;

/**
 * The lead's write actions as its state allows them (docs/decisions/0016): the same rules the
 * API applies (409 with the same reason), so the back-office disables a button and says why
 * instead of letting staff run into a refusal.
 */
export const leadActions = z.object({ issue_offer: leadAction, resend_form: leadAction, close: leadAction });
export type LeadActions = z.infer<typeof leadActions>;

export const leadDetail = leadListItem.extend({
  purpose: z.string().nullable(),
  external_id: z.string().nullable(),
  person_summary: leadPersonSummary.nullable(),
  utm: z.object({ source: z.string().nullable(), campaign: z.string().nullable(), medium: z.string().nullable() }),
  participants: z.array(leadParticipantView),
  realty: leadRealtyView.nullable(),
  application_form: leadFormSummary.nullable(),
  offers: z.array(offerView),
  /** Newest first, at most the last 50. */
  emails: z.array(leadEmailView),
  closed_note: z.string().nullable(),
  closed_at: z.iso.datetime().nullable(),
  assigned_to_id: z.number().int().nullable(),
  /** The deal the lead became (POST /leads/{id}/deal/), if it did. */
  deal_id: z.number().int().nullable(),
  actions: leadActions,
});
export type LeadDetail = z.infer<typeof leadDetail>;

// ---------------------------------------------------------------------------------------------
// IDM (credit) evaluations
// ---------------------------------------------------------------------------------------------

export const IdmDecision = ['APPROVE', 'REJECT', 'MANUAL_REVIEW'] as const;
export type IdmDecision = (typeof IdmDecision)[number];
export const idmDecisionLabels: Record<IdmDecision, string> = {
  APPROVE: 'Schváleno',
  REJECT: 'Zamítnuto',
  MANUAL_REVIEW: 'K ručnímu posouzení',
};

/** POST /leads/{leadId}/idm-evaluations/ (a body is required, `{}` uses the lead's amounts). */
export const idmEvaluationRequest = z.object({
  deal_model: recordId.optional(),
  requested_value: positiveAmount.optional(),
  requested_installment: positiveAmount.optional(),
});
export type IdmEvaluationRequest = z.infer<typeof idmEvaluationRequest>;

/** The stored result: all amounts in CZK per month unless named otherwise, as decimal strings. */
export const idmResult = z.object({
  decision: z.enum(IdmDecision),
  reasons: z.array(z.string()),
  requested_value: money,
  new_installment: money,
  monthly_net_income: money,
  monthly_expenses: money,
  existing_installments: money,
  total_remaining_debt: money,
  annual_net_income: money,
  /** (existing installments + new installment) / net income; null without income. */
  dsti: z.number().nullable(),
  /** (total remaining debt + requested value) / annual net income; null without income. */
  dti: z.number().nullable(),
  /** Negative when the household's outgoings exceed its income. */
  free_income: z.string().regex(/^-?\d+\.\d{2}$/),
  adults: z.number().int(),
  living_minimum: money,
  limits: z.object({ max_dsti: z.number(), max_dti: z.number(), living_minimum_per_adult: money }),
});
export type IdmResult = z.infer<typeof idmResult>;

export const idmEvaluationView = z.object({
  id: idSchema,
  lead_id: idSchema,
  deal_model: z.number().int().nullable(),
  state: ProcessingState.schema,
  decision: z.enum(IdmDecision).nullable(),
  result: idmResult.nullable(),
  error: z.string().nullable(),
  requested_by_id: z.number().int().nullable(),
  checked_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type IdmEvaluationView = z.infer<typeof idmEvaluationView>;

/** GET /leads/{leadId}/idm-evaluations/{id}/check-result/. */
export const idmCheckResult = z.object({
  state: ProcessingState.schema,
  decision: z.enum(IdmDecision).nullable(),
  dsti: z.number().nullable(),
  dti: z.number().nullable(),
  free_income: z.string().regex(/^-?\d+\.\d{2}$/).nullable(),
  reasons: z.array(z.string()),
  checked_at: z.iso.datetime().nullable(),
});
export type IdmCheckResult = z.infer<typeof idmCheckResult>;

// ---------------------------------------------------------------------------------------------
// Call data
// ---------------------------------------------------------------------------------------------

export const callDataView = z.object({
  id: idSchema,
  lead_id: idSchema,
  called_at: z.iso.datetime(),
  outcome: CallOutcome.schema.nullable(),
  note: z.string().nullable(),
  next_call_at: z.iso.datetime().nullable(),
  data: z.record(z.string(), z.unknown()),
  created_by_id: z.number().int().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type CallDataView = z.infer<typeof callDataView>;

const callDataFields = {
  /** Defaults to now on create. */
  called_at: isoDateTime.optional(),
  outcome: CallOutcome.schema.nullable().optional(),
  note: z.string().trim().max(5000).nullable().optional(),
  next_call_at: isoDateTime.nullable().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
};
/** POST and PUT (every field optional; PUT resets the ones left out). */
export const callDataRequest = z.object(callDataFields);
export type CallDataRequest = z.infer<typeof callDataRequest>;
export const callDataPatch = z.object(callDataFields);
export type CallDataPatch = z.infer<typeof callDataPatch>;

// ---------------------------------------------------------------------------------------------
// Debts
// ---------------------------------------------------------------------------------------------

export const leadDebtView = z.object({
  id: idSchema,
  lead_id: idSchema,
  type: DebtType.schema,
  creditor: z.string(),
  original_amount: money.nullable(),
  remaining_amount: money,
  installment_value: money.nullable(),
  to_refinance: z.boolean(),
  note: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type LeadDebtView = z.infer<typeof leadDebtView>;

const debtFields = {
  type: DebtType.schema,
  creditor: z.string({ error: formMessages.required }).trim().min(1, formMessages.required).max(200),
  original_amount: positiveAmount.nullable().optional(),
  remaining_amount: positiveAmount,
  /** Monthly installment. */
  installment_value: positiveAmount.nullable().optional(),
  to_refinance: z.boolean().optional(),
  note: z.string().trim().max(2000).nullable().optional(),
};
/** Canonical money strings compared exactly (as haléře). */
const moneyAbove = (a: string, b: string) => BigInt(a.replace('.', '')) > BigInt(b.replace('.', ''));
const remainingNotAboveOriginal = (debt: { original_amount?: string | null; remaining_amount?: string }, ctx: z.RefinementCtx) => {
  if (debt.original_amount != null && debt.remaining_amount !== undefined && moneyAbove(debt.remaining_amount, debt.original_amount)) {
    ctx.addIssue({ code: 'custom', path: ['remaining_amount'], message: leadMessages.remainingAboveOriginal });
  }
};
/** POST and PUT. */
export const leadDebtRequest = z.object(debtFields).superRefine(remainingNotAboveOriginal);
export type LeadDebtRequest = z.infer<typeof leadDebtRequest>;
/** PATCH: any subset (checked against the stored debt by the API). */
export const leadDebtPatch = z.object(debtFields).partial();
export type LeadDebtPatch = z.infer<typeof leadDebtPatch>;

// ---------------------------------------------------------------------------------------------
// Incomes and expenses
// ---------------------------------------------------------------------------------------------

/** Which categories belong to which kind (MAINTENANCE and OTHER to both). */
export const incomeCategories: readonly IncomeExpenseCategory[] = ['SALARY', 'BUSINESS_INCOME', 'PENSION', 'SOCIAL_BENEFIT', 'RENTAL_INCOME', 'MAINTENANCE', 'OTHER'];
export const expenseCategories: readonly IncomeExpenseCategory[] = ['HOUSING', 'UTILITIES', 'FOOD', 'TRANSPORT', 'LOAN_REPAYMENT', 'INSURANCE', 'CHILDREN', 'MAINTENANCE', 'OTHER'];

export function categoryFitsKind(kind: IncomeExpenseKind, category: IncomeExpenseCategory): boolean {
  return (kind === 'INCOME' ? incomeCategories : expenseCategories).includes(category);
}

export const incomeExpenseView = z.object({
  id: idSchema,
  lead_id: idSchema,
  person_id: z.number().int().nullable(),
  kind: IncomeExpenseKind.schema,
  category: IncomeExpenseCategory.schema,
  /** Monthly amount. */
  amount: money,
  note: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type IncomeExpenseView = z.infer<typeof incomeExpenseView>;

const incomeExpenseFields = {
  kind: IncomeExpenseKind.schema,
  category: IncomeExpenseCategory.schema,
  amount: positiveAmount,
  /** The applicant or a participant of the lead; empty for the household. */
  person_id: recordId.nullable().optional(),
  note: z.string().trim().max(2000).nullable().optional(),
};
const categoryOfKind = (item: { kind?: IncomeExpenseKind; category?: IncomeExpenseCategory }, ctx: z.RefinementCtx) => {
  if (item.kind && item.category && !categoryFitsKind(item.kind, item.category)) {
    ctx.addIssue({ code: 'custom', path: ['category'], message: item.kind === 'INCOME' ? leadMessages.categoryNotIncome : leadMessages.categoryNotExpense });
  }
};
/** POST and PUT. */
export const incomeExpenseRequest = z.object(incomeExpenseFields).superRefine(categoryOfKind);
export type IncomeExpenseRequest = z.infer<typeof incomeExpenseRequest>;
/** PATCH: any subset (kind and category are checked together against the stored item). */
export const incomeExpensePatch = z.object(incomeExpenseFields).partial();
export type IncomeExpensePatch = z.infer<typeof incomeExpensePatch>;
