// Contracts of the deals work (issue 13): deal models (versioned financial terms with their
// schedule and RPSN), the deal's state machine and validation, and a lead becoming a deal.
// docs/decisions/0024-deal-states.md, docs/decisions/0025-claims-generation.md.
import { isoDayInput } from '../dates.ts';
import { defineEnum, type EnumValue } from '../enum.ts';
import { AllocationProfile, DealClosedReason, DealModelState, DealState, InstallmentType, PersonRole, type DealType } from '../enums.ts';
import { money, moneyInput } from '../money.ts';
import { orderingQuery, pageQuery } from '../query.ts';
import { z } from '../zod-config.ts';

const id = z.number().int();
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe('Calendar date YYYY-MM-DD');
const instant = z.iso.datetime();

export const dealModelMessages = {
  rate: 'Zadejte úrokovou sazbu v procentech ročně (0 až 100, nejvýše čtyři desetinná místa).',
  principalTooLarge: 'Částka může být nejvýše 10 000 000 000 Kč.',
  notDraft: 'Změnit nebo smazat lze jen návrh modelu; platnou verzi nahradí nová verze s datem platnosti.',
  modelFrozen: 'Model lze přidat nebo měnit jen u obchodu před aktivací, u aktivního obchodu jako restrukturalizaci.',
  validFromOnlyRestructuring: 'Datum platnosti se zadává jen u nové verze modelu aktivního obchodu (restrukturalizace).',
  validFromRequired: 'U aktivního obchodu je nová verze modelu restrukturalizací: zadejte, od kterého dne platí.',
  validFromAfterFirstDue: 'Datum platnosti nesmí být po první splátce nové verze.',
  validFromBeforeStart: 'Datum platnosti musí být po výplatě podle platné verze modelu.',
  notForActivation: 'Model se stane platným aktivací obchodu (změna stavu na Aktivní).',
  activateOnlyRestructuring: 'Samostatně lze aktivovat jen restrukturalizaci (návrh s datem platnosti) aktivního obchodu.',
  restructuringPrincipal: (expected: string, from: string) =>
    `Jistina restrukturalizace musí být ${expected}: nesplacená jistina splátek splatných od ${from}, na které nebylo nic uhrazeno.`,
  upfrontFeeTooHigh: 'Poplatek za poskytnutí musí být nižší než jistina.',
  rateRequired: 'U úvěru zadejte úrokovou sazbu (0 pro bezúročný úvěr).',
  parametersOnlyLease: 'Parametry nájmu se zadávají jen u nájmu, leasingu a prodeje se zpětným nájmem.',
  monthlyRent: 'Zadejte měsíční nájemné.',
  buybackOnlyLeaseback: 'Zpětný odkup se zadává jen u prodeje se zpětným nájmem.',
  buybackPrice: 'Zadejte cenu zpětného odkupu.',
  buybackDeadline: 'Zadejte lhůtu zpětného odkupu.',
  buybackDeadlineAfterStart: 'Lhůta zpětného odkupu musí být po začátku nájmu.',
  firstRentAfterStart: 'První nájemné musí být splatné po začátku nájmu.',
  firstRentWithinTwoMonths: 'První nájemné musí být splatné nejpozději dva měsíce po začátku nájmu.',
  modelNotFound: 'Model obchodu nebyl nalezen.',
  dealNotFound: 'Obchod nebyl nalezen.',
};

/** The largest principal, rent or fee of a model: every derived sum still fits Decimal(14, 2). */
export const MAX_MODEL_AMOUNT = '10000000000.00';

/** A non-negative canonical amount ("1250.50") in haléře, exactly. */
const hellers = (value: string) => BigInt(value.replace('.', ''));
const modelAmount = (min: 'zero' | 'positive') => moneyInput({ min }).refine((value) => hellers(value) <= hellers(MAX_MODEL_AMOUNT), dealModelMessages.principalTooLarge);

/** Per cent per annum in a request: a string or number, 0–100, at most four decimal places. */
export const percentInput = z
  .union([z.string(), z.number()], { error: dealModelMessages.rate })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
    const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text);
    if (!match || Number(match[1]) > 100 || (Number(match[1]) === 100 && /[1-9]/.test(match[2] ?? ''))) {
      ctx.addIssue({ code: 'custom', message: dealModelMessages.rate });
      return z.NEVER;
    }
    return `${Number(match[1])}.${(match[2] ?? '').padEnd(4, '0')}`;
  });

/**
 * Lease and sale-and-leaseback terms (docs/decisions/0025). The lease starts on the model's
 * `disbursement_date` and runs `term_months`; rent falls due on `due_day` from `first_due_date`.
 * For a sale and leaseback `principal` is the purchase price the lender pays the seller.
 */
export const leaseParametersRequest = z.strictObject({
  /** Rent for one month of the lease. */
  monthly_rent: modelAmount('positive').optional(),
  /** Advance on services (energy, water) charged with each rent. */
  services_advance: modelAmount('zero').optional(),
  /** Security deposit (kauce), due with the first rent. */
  deposit: modelAmount('zero').optional(),
  /** Sale and leaseback: the price at which the seller buys the property back … */
  buyback_price: modelAmount('positive').optional(),
  /** … by this day (the PURCHASE_PRICE claim's due date). */
  buyback_deadline: isoDayInput.optional(),
});
export type LeaseParametersRequest = z.infer<typeof leaseParametersRequest>;

export const leaseParametersView = z.object({
  monthly_rent: money,
  services_advance: money,
  deposit: money,
  buyback_price: money.nullable(),
  buyback_deadline: isoDay.nullable(),
});
export type LeaseParametersView = z.infer<typeof leaseParametersView>;

const modelFields = {
  name: z.string().trim().max(200).nullable().optional(),
  /** Restructuring of an ACTIVE deal: the first day the version governs (claims due on or after it). */
  valid_from: isoDayInput.nullable().optional(),
  /** Loans: CZK lent. Leases: the value of the leased property. Sale and leaseback: the purchase price. */
  principal: modelAmount('positive'),
  /** Per cent per annum. Required for loans; leases carry their rent in `parameters`. */
  annual_interest_rate: percentInput.optional(),
  term_months: z.number().int().min(1).max(600),
  /** Loans: the payout. Leases: the first day of the lease. */
  disbursement_date: isoDayInput,
  first_due_date: isoDayInput,
  /** 1–31 (shorter months use their last day); defaults to the day of `first_due_date`. */
  due_day: z.number().int().min(1).max(31).optional(),
  installment_type: InstallmentType.schema.optional(),
  /** Kept from the payout (counts in the RPSN). */
  upfront_fee: modelAmount('zero').optional(),
  /** Charged with every installment or rent. */
  monthly_fee: modelAmount('zero').optional(),
  /** Defaults by the deal type (docs/decisions/0025). */
  allocation_profile: AllocationProfile.schema.optional(),
  parameters: leaseParametersRequest.nullable().optional(),
};

/** POST and PUT /deals/{dealId}/deal-model/ (PUT resets what it leaves out). */
export const dealModelRequest = z.object(modelFields);
export type DealModelRequest = z.infer<typeof dealModelRequest>;
/** PATCH: any subset, checked together with the stored version. */
export const dealModelPatch = z.object(modelFields).partial();
export type DealModelPatch = z.infer<typeof dealModelPatch>;

/** One installment or rent period of the computed schedule; amounts are decimal strings. */
export const scheduleRowView = z.object({
  number: z.number().int(),
  due_date: isoDay,
  period_from: isoDay,
  period_to: isoDay,
  /** Everything due on the day: principal + interest + fees + rent + services advance + deposit + purchase price. */
  installment: money,
  principal: money,
  interest: money,
  fees: money,
  rent: money,
  services_advance: money,
  deposit: money,
  purchase_price: money,
  /** Loans: principal still owed after the installment; null for leases. */
  balance: money.nullable(),
});
export type ScheduleRowView = z.infer<typeof scheduleRowView>;

export const dealModelView = z.object({
  id,
  deal_id: id,
  version: z.number().int(),
  state: DealModelState.schema,
  valid_from: isoDay.nullable(),
  name: z.string().nullable(),
  principal: money,
  /** Per cent per annum, four places ("12.5000"). */
  annual_interest_rate: z.string(),
  term_months: z.number().int(),
  disbursement_date: isoDay,
  first_due_date: isoDay,
  due_day: z.number().int(),
  installment_type: InstallmentType.schema,
  upfront_fee: money,
  monthly_fee: money,
  allocation_profile: AllocationProfile.schema,
  /** REGULAR (loan installments), LEASE (rent periods) or LEASEBACK (rent and buy-back), by the deal type. */
  schedule_kind: z.enum(['REGULAR', 'LEASE', 'LEASEBACK']),
  /** The level installment (an annuity's payment, a linear schedule's first, a month's rent with services and fees). */
  installment_value: money.nullable(),
  /** RPSN in per cent, two places ("12.68"); null for a lease, which is no credit. */
  rpsn: z.string().nullable(),
  parameters: leaseParametersView.nullable(),
  schedule: z.array(scheduleRowView),
  totals: z.object({ installments: money, principal: money, interest: money, fees: money, rent: money, services_advance: money, deposit: money, purchase_price: money }),
  created_by_id: z.number().int().nullable(),
  activated_at: instant.nullable(),
  created_at: instant,
  updated_at: instant,
});
export type DealModelView = z.infer<typeof dealModelView>;

export const DEAL_MODEL_ORDERING_FIELDS = ['version', 'created_at', 'updated_at', 'state', 'valid_from'] as const;

/** Query of GET /deals/{dealId}/deal-model/: the newest version first unless ordered otherwise. */
export const dealModelListQuery = pageQuery.extend({ ordering: orderingQuery(DEAL_MODEL_ORDERING_FIELDS, '-version'), state: DealModelState.schema.optional() });
export type DealModelListQuery = z.output<typeof dealModelListQuery>;

// ---------------------------------------------------------------------------------------------
// The deal's state machine (docs/decisions/0024)
// ---------------------------------------------------------------------------------------------

/** Every allowed transition: from → the states it may go to. Nothing else is allowed. */
export const DEAL_STATE_TRANSITIONS: Readonly<Record<DealState, readonly DealState[]>> = {
  NEW_APPLICATION: ['CONTRACT_COMPLETION', 'CLOSED_APPLICATION'],
  CONTRACT_COMPLETION: ['CONTRACT_SIGN', 'CLOSED_APPLICATION'],
  CONTRACT_SIGN: ['ACTIVE', 'CLOSED_APPLICATION'],
  ACTIVE: ['FILED_FOR_INSOLVENCY', 'CLOSED'],
  FILED_FOR_INSOLVENCY: ['CLOSED'],
  CLOSED_APPLICATION: [],
  CLOSED: [],
};

/** The forward step `validate` checks when no target is named. */
export const NEXT_DEAL_STATE: Readonly<Partial<Record<DealState, DealState>>> = {
  NEW_APPLICATION: 'CONTRACT_COMPLETION',
  CONTRACT_COMPLETION: 'CONTRACT_SIGN',
  CONTRACT_SIGN: 'ACTIVE',
};

export function dealStateTransitionAllowed(from: DealState, to: DealState): boolean {
  return DEAL_STATE_TRANSITIONS[from].includes(to);
}

export const dealStateMessages = {
  same: (state: string) => `Obchod už je ve stavu ${state}.`,
  forbidden: (from: string, to: string) => `Přechod ze stavu ${from} do stavu ${to} není povolen.`,
  refused: (to: string) => `Obchod nelze převést do stavu ${to}: vyřešte uvedené problémy.`,
  closedReasonRequired: 'Při uzavření obchodu zadejte důvod uzavření.',
  closedReasonNotHere: 'Důvod uzavření se zadává jen při uzavření obchodu nebo žádosti.',
  noNextState: 'Z tohoto stavu nevede žádný další krok; uveďte cílový stav.',
  variableSymbolTaken: (vs: string) => `Variabilní symbol ${vs} už má jiný obchod; zadejte obchodu variabilní symbol ručně.`,
};

/** POST /deals/{id}/state/ */
export const dealStateRequest = z.object({
  state: DealState.schema,
  /** Required for CLOSED, optional for CLOSED_APPLICATION, refused otherwise. */
  closed_reason: DealClosedReason.schema.nullable().optional(),
  note: z.string().trim().max(2000).nullable().optional(),
});
export type DealStateRequest = z.infer<typeof dealStateRequest>;

export const DealProblemCode = z.enum([
  'TRANSITION_NOT_ALLOWED',
  'NO_DEBTOR',
  'NO_DEAL_MODEL',
  'NO_DRAFT_MODEL',
  'INVALID_DEAL_MODEL',
  'MISSING_PURPOSE',
  'PURPOSE_MISMATCH',
  'MISSING_COLLATERAL',
  'UNDELIVERED_OBLIGATION',
  'CLOSED_REASON_REQUIRED',
  'OUTSTANDING_CLAIMS',
]);
export type DealProblemCode = z.infer<typeof DealProblemCode>;

export const dealProblem = z.object({
  code: DealProblemCode,
  message: z.string(),
  /** The row behind the problem (an obligation, the model), when there is one. */
  object_id: z.number().int().nullable(),
});
export type DealProblem = z.infer<typeof dealProblem>;

/** POST /deals/{id}/validate/: optional target (default: the next forward step). */
export const dealValidateRequest = z.object({ state: DealState.schema.optional(), closed_reason: DealClosedReason.schema.nullable().optional() });
export type DealValidateRequest = z.infer<typeof dealValidateRequest>;

export const dealValidation = z.object({
  deal_id: id,
  state: DealState.schema,
  target_state: DealState.schema.nullable(),
  valid: z.boolean(),
  problems: z.array(dealProblem),
});
export type DealValidation = z.infer<typeof dealValidation>;

export const dealStateResponse = z.object({
  id,
  state: DealState.schema,
  previous_state: DealState.schema,
  closed_reason: DealClosedReason.schema.nullable(),
  allocation_profile: AllocationProfile.schema.nullable(),
  variable_symbol: z.string().nullable(),
  signed_at: instant.nullable(),
  activated_at: instant.nullable(),
  closed_at: instant.nullable(),
  /** The model activation made ACTIVE, with the groups and claims it generated. */
  activation: z.object({ deal_model_id: id, claims_groups: z.number().int(), claims: z.number().int() }).nullable(),
});
export type DealStateResponse = z.infer<typeof dealStateResponse>;

/** POST /deals/{dealId}/deal-model/{id}/activate/ (a restructuring applied). */
export const restructuringResponse = z.object({
  deal_model: dealModelView,
  superseded_model_id: id,
  cancelled_groups: z.number().int(),
  cancelled_claims: z.number().int(),
  kept_groups: z.number().int(),
  created_groups: z.number().int(),
  created_claims: z.number().int(),
});
export type RestructuringResponse = z.infer<typeof restructuringResponse>;

// ---------------------------------------------------------------------------------------------
// Lead → deal (docs/decisions/0025)
// ---------------------------------------------------------------------------------------------

export const leadConversionMessages = {
  notAccepted: 'Obchod lze založit jen z žádosti, jejíž nabídku žadatel přijal.',
  noPerson: 'Žádost nemá žadatele; doplňte ho před založením obchodu.',
  noOffer: 'Žádost nemá přijatou nabídku.',
  noValue: 'Přijatá nabídka ani žádost neuvádí výši úvěru.',
};

export const leadConversionResponse = z.object({
  deal_id: id,
  lead_id: id,
  deal_model_id: id.nullable(),
  realty_group_id: id.nullable(),
  participants: z.array(z.object({ person_id: id, role: PersonRole.schema })),
  /** false: the lead had become this deal before (a repeated call answers it, 200). */
  created: z.boolean(),
});
export type LeadConversionResponse = z.infer<typeof leadConversionResponse>;

/** Which schedule a deal type's models make (docs/decisions/0025). */
export function scheduleKindOfDealType(type: DealType): 'REGULAR' | 'LEASE' | 'LEASEBACK' {
  if (type === 'LEASE' || type === 'LEASING') return 'LEASE';
  if (type === 'SALE_AND_LEASEBACK') return 'LEASEBACK';
  return 'REGULAR';
}

// ---------------------------------------------------------------------------------------------
// The schedule against what was paid (issue 14)
// ---------------------------------------------------------------------------------------------

/**
 * Where an installment stands on the business date, first match wins: nothing left to pay;
 * due before the business date with something unpaid (days past due count from its due date,
 * as the deal's DPD does); partly paid, not yet overdue; due on the business date; later.
 */
export const InstallmentStatus = defineEnum(['PAID', 'OVERDUE', 'PARTIALLY_PAID', 'DUE', 'FUTURE'], {
  PAID: 'Zaplaceno',
  OVERDUE: 'Po splatnosti',
  PARTIALLY_PAID: 'Částečně zaplaceno',
  DUE: 'Splatné',
  FUTURE: 'Budoucí',
});
export type InstallmentStatus = EnumValue<typeof InstallmentStatus>;

/** One installment (rent period) of a model as its live claims group stands: owed, paid, left. */
export const modelInstallmentView = z.object({
  /** The schedule row's number: the group's number within the model. */
  number: z.number().int(),
  claims_group_id: id,
  due_date: isoDay,
  /** Sum of the group's live claims (a group's amounts may have been changed since the model computed them). */
  amount: money,
  /** Sum of the claims' paid amounts (their allocations). */
  paid_amount: money,
  remaining: money,
  status: InstallmentStatus.schema,
  /** Days from the due date to the business date while something is unpaid and overdue; else 0. */
  days_past_due: z.number().int(),
});
export type ModelInstallmentView = z.infer<typeof modelInstallmentView>;

/** GET /deals/{dealId}/deal-model/{id}/installments/: the version's installments, in number order (no paging: a schedule has at most 600 rows and its totals belong with it). */
export const modelInstallmentsView = z.object({
  deal_model_id: id,
  /** The Prague day the statuses are computed for (today). */
  business_date: isoDay,
  installments: z.array(modelInstallmentView),
  totals: z.object({
    owed: money,
    paid: money,
    /** owed − paid. */
    outstanding: money,
    /** What is left of the overdue installments. */
    overdue: money,
  }),
});
export type ModelInstallmentsView = z.infer<typeof modelInstallmentsView>;
