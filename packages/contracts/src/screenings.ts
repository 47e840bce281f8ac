import { z } from './zod-config.ts';
import { defineEnum, type EnumValue } from './enum.ts';
import { DistraintState, IdentificationType, IsirCaseState, ProcessingState, RealtyRightType, ScreeningType } from './enums.ts';
import { booleanQuery, dateQuery, orderingQuery, pageQuery } from './query.ts';

/**
 * Screenings of a person (backoffice.md §7 Persons): one check of an outside register, run in
 * the background. POST answers 202 with the screening PENDING; it moves to IN_PROGRESS and ends
 * FINISHED (with a result and a PDF report) or FAILED (with a Czech error).
 */

/** Czech texts of the screening calls, shared by the API and the back-office. */
export const screeningMessages = {
  notFinished: 'Prověrka ještě není dokončena, protokol zatím není k dispozici.',
  failed: 'Prověrka skončila chybou, protokol není k dispozici.',
  reportMissing: 'Protokol prověrky nebyl nalezen.',
  notZobi: 'Tato prověrka není prověrkou nemovitostí v katastru (ZOBI).',
  zobiNotFinished: 'Prověrka nemovitostí ještě není dokončena.',
  personNotFound: 'Osoba nebyla nalezena.',
  screeningNotFound: 'Prověrka nebyla nalezena.',
  isirCaseNotFound: 'Insolvenční řízení nebylo nalezeno.',
  dateRange: 'Datum do nesmí být dřívější než datum od.',
} as const;

/** How a finished screening came out, for the coloured badge of the list. */
export const ScreeningOutcome = defineEnum(['CLEAN', 'WARNING', 'RISK'], {
  CLEAN: 'Bez nálezu',
  WARNING: 'Upozornění',
  RISK: 'Rizikový nález',
});
export type ScreeningOutcome = EnumValue<typeof ScreeningOutcome>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

// ---------------------------------------------------------------------------------------------
// Result: a readable part (summary + sections, what the PDF and the UI render) and a typed
// part (`data`, one shape per register, discriminated by `kind`).
// ---------------------------------------------------------------------------------------------

/** One labelled value of a result section ("Spisová značka": "KSBR 27 INS 1234/2025"). */
export const screeningResultField = z.object({ label: z.string(), value: z.string() });

/** A block of the result: label/value pairs and/or a table, all texts already formatted in Czech. */
export const screeningResultSection = z.object({
  title: z.string(),
  fields: z.array(screeningResultField),
  table: z
    .object({
      columns: z.array(z.string()),
      rows: z.array(z.array(z.string())),
    })
    .nullable(),
  /** Shown when the table is empty ("Žádné záznamy"). */
  empty_text: z.string().nullable(),
});
export type ScreeningResultSection = z.infer<typeof screeningResultSection>;

const money = z.number();

/** ISIR_INSOLVENCY: insolvency proceedings found against the person. */
export const insolvencyData = z.object({
  kind: z.literal('INSOLVENCY'),
  found: z.boolean(),
  cases: z.array(
    z.object({
      isir_case_id: z.number().int().nullable(),
      file_mark: z.string(),
      court: z.string(),
      state: IsirCaseState.schema,
      state_label: z.string(),
      debtor_name: z.string(),
      started_at: isoDay.nullable(),
      administrator: z.string().nullable(),
      /** Key documents of the proceeding, oldest first. */
      events: z.array(z.object({ date: isoDay, description: z.string() })),
    }),
  ),
});

/** ISPIS_CEE: executions from the central register of executions. */
export const executionsData = z.object({
  kind: z.literal('EXECUTIONS'),
  found: z.boolean(),
  total_amount: money,
  executions: z.array(
    z.object({
      distraint_id: z.number().int().nullable(),
      file_mark: z.string(),
      executor: z.string(),
      creditor: z.string(),
      amount: money.nullable(),
      state: DistraintState.schema,
      state_label: z.string(),
      started_at: isoDay.nullable(),
    }),
  ),
});

/** ISPIS_OBCHR: the person's roles in companies of the commercial register. */
export const commercialRegisterData = z.object({
  kind: z.literal('COMMERCIAL_REGISTER'),
  found: z.boolean(),
  engagements: z.array(
    z.object({
      company_id: z.string(),
      company_name: z.string(),
      role: z.string(),
      since: isoDay.nullable(),
      until: isoDay.nullable(),
      company_in_liquidation: z.boolean(),
      address: z.string().nullable(),
    }),
  ),
});

/** A right to a realty found in the cadastre (ISPIS_OSOBACUZK, ZOBI_OSOBACUZK). */
export const cadastreRight = z.object({
  /** The RealtyRight row the screening stored (null only in results of failed persistence). */
  realty_right_id: z.number().int().nullable(),
  /** The cadastral person (oprávněný subjekt) the right belongs to. */
  subject_id: z.string(),
  type: RealtyRightType.schema,
  type_label: z.string(),
  share_numerator: z.number().int().nullable(),
  share_denominator: z.number().int().nullable(),
  /** "1/2"; null (and null numerator/denominator) when the whole, as in the persons' realty rights. */
  share: z.string().nullable(),
  lv_number: z.string(),
  cadastral_area_code: z.string(),
  cadastral_area_name: z.string(),
  description: z.string(),
});
export type CadastreRight = z.infer<typeof cadastreRight>;

/** A person of the cadastre matching the screened one (name, birth date, address). */
export const cadastreSubject = z.object({
  subject_id: z.string(),
  name: z.string(),
  birth_date: isoDay.nullable(),
  address: z.string().nullable(),
});
export type CadastreSubject = z.infer<typeof cadastreSubject>;

export const cadastreData = z.object({
  kind: z.literal('CADASTRE'),
  found: z.boolean(),
  subjects: z.array(cadastreSubject),
  rights: z.array(cadastreRight),
});

/** ISPIS_RZP, RZP: trade licences of the person (or of the IČO). */
export const tradeRegisterData = z.object({
  kind: z.literal('TRADE_REGISTER'),
  found: z.boolean(),
  company_id: z.string().nullable(),
  trader_name: z.string().nullable(),
  address: z.string().nullable(),
  licences: z.array(
    z.object({
      subject: z.string(),
      licence_type: z.string(),
      valid_from: isoDay.nullable(),
      valid_to: isoDay.nullable(),
      suspended: z.boolean(),
      active: z.boolean(),
    }),
  ),
});

/** MVCR_IDENTITY_CARD: the register of invalid identity documents. */
export const identityCardData = z.object({
  kind: z.literal('IDENTITY_CARD'),
  /** Only the last three characters: the document number is personal data. */
  document_number_masked: z.string(),
  invalid: z.boolean(),
  /** Why the document is invalid (lost, stolen, expired), when it is. */
  reason: z.string().nullable(),
  invalid_since: isoDay.nullable(),
});

/** Monthly totals used by the bank-statement analysis and the transaction scoring. */
export const monthlyCashflow = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  income: money,
  outcome: money,
});

/** SOKORDIA_BANK_STATEMENT_PDF: analysis of the person's bank statements. */
export const bankStatementAnalysisData = z.object({
  kind: z.literal('BANK_STATEMENTS'),
  /** Where the transactions came from: uploaded PDF statements, or the form's connected account. */
  source: z.enum(['STATEMENT_PDF', 'FORM_TRANSACTIONS']),
  statements_count: z.number().int(),
  transactions_count: z.number().int(),
  period_from: isoDay.nullable(),
  period_to: isoDay.nullable(),
  income_total: money,
  outcome_total: money,
  average_monthly_income: money,
  average_monthly_outcome: money,
  salary_detected: z.boolean(),
  months: z.array(monthlyCashflow),
  /** Czech descriptions of what caught the analysis' eye. */
  flags: z.array(z.string()),
});

/** TRANSACTION_SCORING: a score from the transactions of the person's forms. */
export const transactionScoringData = z.object({
  kind: z.literal('TRANSACTION_SCORING'),
  /** 0 (worst) to 1000 (best). */
  score: z.number().int(),
  grade: z.enum(['A', 'B', 'C', 'D', 'E']),
  transactions_count: z.number().int(),
  period_from: isoDay.nullable(),
  period_to: isoDay.nullable(),
  average_monthly_income: money,
  average_monthly_outcome: money,
  /** Share of months with a regular income, 0–1. */
  income_regularity: z.number(),
  gambling_outflows: money,
  collection_outflows: money,
  /** Payments to non-bank lenders (splátky jiných úvěrů). */
  loan_repayments: money,
  months: z.array(monthlyCashflow),
  /** Each part of the score: label (Czech) and points. */
  factors: z.array(z.object({ label: z.string(), points: z.number().int() })),
  flags: z.array(z.string()),
});

export const screeningData = z.discriminatedUnion('kind', [
  insolvencyData,
  executionsData,
  commercialRegisterData,
  cadastreData,
  tradeRegisterData,
  identityCardData,
  bankStatementAnalysisData,
  transactionScoringData,
]);
export type ScreeningData = z.infer<typeof screeningData>;

/** The result of a finished screening. */
export const screeningResult = z.object({
  outcome: ScreeningOutcome.schema,
  outcome_label: z.string(),
  /** One Czech sentence: "Nalezeno 1 insolvenční řízení (KSBR 27 INS 1234/2025)." */
  summary: z.string(),
  /** When the register answered. */
  checked_at: z.iso.datetime(),
  /** Which provider answered ("sandbox" or "http"): sandbox results are not real data. */
  provider: z.string(),
  sections: z.array(screeningResultSection),
  data: screeningData,
});
export type ScreeningResult = z.infer<typeof screeningResult>;

// ---------------------------------------------------------------------------------------------
// Screening views
// ---------------------------------------------------------------------------------------------

/** The screened person, as much as a list of screenings needs. */
export const screeningPerson = z.object({
  id: z.number().int(),
  /** "Řehoř Šťastný", or the company name for a legal person. */
  name: z.string(),
  identification_type: IdentificationType.schema,
  /** Birth number with its serial masked as in the persons list (maskBirthNumber: `905101/` then asterisks), or the IČO. */
  identification_masked: z.string().nullable(),
});
export type ScreeningPerson = z.infer<typeof screeningPerson>;

/** Who ran a screening; null when the system did. */
export const screeningRequester = z
  .object({
    id: z.number().int(),
    email: z.string(),
  })
  .nullable();

/** GET /persons/{personId}/screenings/ (one row). */
export const screeningListItem = z.object({
  id: z.number().int(),
  person_id: z.number().int(),
  person: screeningPerson,
  type: ScreeningType.schema,
  type_label: z.string(),
  state: ProcessingState.schema,
  state_label: z.string(),
  created_at: z.iso.datetime(),
  finished_at: z.iso.datetime().nullable(),
  requested_by: screeningRequester,
  /** Null until FINISHED. */
  outcome: ScreeningOutcome.schema.nullable(),
  outcome_label: z.string().nullable(),
  /** Null until FINISHED. */
  summary: z.string().nullable(),
  /** A PDF report can be downloaded (FINISHED with a stored report). */
  has_file: z.boolean(),
  /** `/api/v1/persons/{personId}/screenings/{id}/download/` when has_file, else null. */
  download_url: z.string().nullable(),
  /** `/api/v1/persons/{personId}/screenings/{id}/zobi/` for ZOBI_OSOBACUZK screenings, else null. */
  zobi_url: z.string().nullable(),
  /** Czech reason of a FAILED screening. */
  error: z.string().nullable(),
  /** Runs of the job so far (retries after transient failures). */
  attempts: z.number().int(),
});
export type ScreeningListItem = z.infer<typeof screeningListItem>;

/** GET /persons/{personId}/screenings/{id}/ and the 202 answer of POST. */
export const screeningDetail = screeningListItem.extend({
  /** Null until FINISHED. */
  result: screeningResult.nullable(),
  updated_at: z.iso.datetime(),
});
export type ScreeningDetail = z.infer<typeof screeningDetail>;

/** POST /persons/{personId}/screenings/ */
export const runScreeningRequest = z.object({ type: ScreeningType.schema });
export type RunScreeningRequest = z.infer<typeof runScreeningRequest>;

/** Orderings GET /persons/{personId}/screenings/ accepts (prefix "-" for descending). */
export const SCREENING_ORDERING_FIELDS = ['created_at', 'finished_at', 'type', 'state', 'id'] as const;

/**
 * Query of GET /persons/{personId}/screenings/: created_at within date_from and date_to (whole
 * days, inclusive), only_latest (the newest of each type), search over type and result, type;
 * newest first by default.
 */
export const screeningListQuery = pageQuery
  .extend({
    date_from: dateQuery.optional(),
    date_to: dateQuery.optional(),
    only_latest: booleanQuery.default(false),
    ordering: orderingQuery(SCREENING_ORDERING_FIELDS, '-created_at'),
    search: z.string().max(200).optional(),
    type: ScreeningType.schema.optional(),
  })
  .superRefine((q, ctx) => {
    // On date_to, where this list has always reported it (rangeCheck reports on the lower end).
    if (q.date_from && q.date_to && q.date_to < q.date_from) ctx.addIssue({ code: 'custom', path: ['date_to'], message: screeningMessages.dateRange });
  });
export type ScreeningListQuery = z.output<typeof screeningListQuery>;

/** GET /persons/{personId}/screenings/{id}/zobi/ */
export const zobiAnswer = z.object({
  screening_id: z.number().int(),
  person_id: z.number().int(),
  state: ProcessingState.schema,
  checked_at: z.iso.datetime().nullable(),
  /** Cadastral persons matching the screened one. */
  subjects: z.array(cadastreSubject),
  /** Their rights to realties (ownership, pledges, …), each stored as a realty right of the person. */
  realty_rights: z.array(cadastreRight),
  /** The lender's own realties among them (realty rights linked to a Realty). */
  tracked_realty_ids: z.array(z.number().int()),
});
export type ZobiAnswer = z.infer<typeof zobiAnswer>;

// ---------------------------------------------------------------------------------------------
// Bodies of the screening gateway (SCREENING_PROVIDER=http), documented in
// docs/decisions (screenings and jobs). The gateway answers the same `data` shapes.
// ---------------------------------------------------------------------------------------------

export const screeningGatewayRequest = z.object({
  type: ScreeningType.schema,
  /** Our screening id: the gateway may use it to make retries idempotent. */
  reference: z.string(),
  subject: z.object({
    identification_type: IdentificationType.schema,
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    company_name: z.string().nullable(),
    birth_number: z.string().nullable(),
    birth_date: isoDay.nullable(),
    company_id: z.string().nullable(),
    identity_card: z.string().nullable(),
  }),
  /** Bank-statement and scoring screenings: the transactions to analyse. */
  transactions: z
    .array(z.object({ date: isoDay, amount: money, counterparty: z.string().nullable(), description: z.string().nullable() }))
    .optional(),
  /** SOKORDIA_BANK_STATEMENT_PDF: where the transactions came from, from how many statements. */
  statements: z.object({ source: z.enum(['STATEMENT_PDF', 'FORM_TRANSACTIONS']), count: z.number().int() }).optional(),
});

/** The gateway's answer (200): the `data` of the result, of the kind the type asks for. */
export const screeningGatewayResponse = z.object({ data: screeningData });
export type ScreeningGatewayRequest = z.infer<typeof screeningGatewayRequest>;
