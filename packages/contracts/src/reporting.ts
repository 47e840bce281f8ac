import { z } from './zod-config.ts';
import { defineEnum, type EnumValue } from './enum.ts';
import { DealState, DealType, LeadSource, LeadState, ReportState, ReportType } from './enums.ts';
import { DpdBucket } from './deals/close-of-business.ts';
import { money } from './money.ts';
import { booleanQuery, dateQuery, enumListQuery, exportFormatQuery, idQuery, orderingQuery, pageQuery, rangeCheck } from './query.ts';

// Reporting (SERVICING.md §9, docs/decisions/0049): billing reports generated as files by a
// job, the portfolio report from the close of business's daily snapshots, the dashboard's
// figures, and the credit-register batches (docs/decisions/0050).

export const reportingMessages = {
  dateRange: 'Datum od nesmí být po datu do.',
  reportNotFound: 'Report neexistuje.',
  reportNotReady: 'Report se ještě připravuje; stáhnout jej lze, až bude hotový.',
  reportFailed: 'Report se nepodařilo vytvořit; vytvořte jej znovu.',
  reportFileMissing: 'Soubor reportu už není k dispozici; vytvořte report znovu.',
  noSnapshot: 'Pro zadané období není uložen žádný denní přehled portfolia (vzniká uzávěrkou dne).',
  batchNotFound: 'Dávka pro registr neexistuje.',
  batchNotReady: 'Dávka pro registr se ještě připravuje.',
  repiNotRequested: 'Část s informacemi o splácení (REPI) této dávky zatím nebyla vytvořena; vytvořte ji voláním repi-report.',
  repiNotReady: 'Část s informacemi o splácení (REPI) se ještě připravuje.',
  periodInFuture: 'Období dávky musí být uplynulý měsíc.',
  periodNotClosed: (asOf: string) => `Měsíc ještě není uzavřen: uzávěrka dne ${asOf} zatím neproběhla.`,
} as const;

const dateRange = rangeCheck('date_from', 'date_to', reportingMessages.dateRange);

// The billing reports' queries, as the spec names them (backoffice.md "Reporting"), each with the
// file's format (csv by default, as the spec's other file calls).
export const claimsReportQuery = z.object({ date_from: dateQuery.optional(), date_to: dateQuery.optional(), format: exportFormatQuery }).superRefine(dateRange);
export type ClaimsReportQuery = z.output<typeof claimsReportQuery>;

export const dealStatesReportQuery = z
  .object({ date_from: dateQuery.optional(), date_to: dateQuery.optional(), person: idQuery.optional(), state: DealState.schema.optional(), format: exportFormatQuery })
  .superRefine(dateRange);
export type DealStatesReportQuery = z.output<typeof dealStatesReportQuery>;

export const paymentAllocationsReportQuery = z
  .object({ date_from: dateQuery.optional(), date_to: dateQuery.optional(), deal_id: idQuery.optional(), format: exportFormatQuery })
  .superRefine(dateRange);
export type PaymentAllocationsReportQuery = z.output<typeof paymentAllocationsReportQuery>;

export const paymentsReportQuery = z
  .object({ date_from: dateQuery.optional(), date_to: dateQuery.optional(), deal_id: idQuery.optional(), paired: booleanQuery.optional(), format: exportFormatQuery })
  .superRefine(dateRange);
export type PaymentsReportQuery = z.output<typeof paymentsReportQuery>;

/** A generated report: its filters, progress, totals and file. */
export const reportView = z.object({
  id: z.number().int(),
  type: ReportType.schema,
  state: ReportState.schema,
  format: z.enum(['csv', 'xlsx']),
  /** The filters as asked (dates as YYYY-MM-DD). */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  /** Rows written so far; all of them once DONE. */
  rows: z.number().int(),
  /** Sums of the report's money columns by column header, over the rows written. */
  totals: z.record(z.string(), money),
  file_name: z.string().nullable(),
  size: z.number().int().nullable(),
  sha256: z.string().nullable(),
  /** Read from the primary or the replica (docs/decisions/0049): `source`, `lag_seconds`, `fallback_reason`. */
  metadata: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  error: z.string().nullable(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** The file's address once DONE. */
  download_url: z.string().nullable(),
});
export type ReportView = z.infer<typeof reportView>;

export const REPORT_ORDERING_FIELDS = ['created_at', 'finished_at', 'rows', 'id'] as const;
/** GET /reporting/reports/: `type` is required (the spec). */
export const reportListQuery = pageQuery.extend({
  type: ReportType.schema,
  ordering: orderingQuery(REPORT_ORDERING_FIELDS, '-created_at'),
});
export type ReportListQuery = z.output<typeof reportListQuery>;

// ---------------------------------------------------------------------------------------------
// The portfolio (daily snapshots of the close of business)
// ---------------------------------------------------------------------------------------------

/**
 * GET /reporting/portfolio/report/: the stocks as of `date_to` (the latest snapshot on or
 * before it; default the latest there is) and the flows of `date_from`..`date_to` (default:
 * the first day of date_to's month), for the deal states and types asked (every one by default).
 */
export const portfolioReportQuery = z
  .object({
    date_from: dateQuery.optional(),
    date_to: dateQuery.optional(),
    deal_states: enumListQuery(DealState.values).optional(),
    deal_types: enumListQuery(DealType.values).optional(),
  })
  .superRefine(dateRange);
export type PortfolioReportQuery = z.output<typeof portfolioReportQuery>;

const bucketFigures = z.object({ bucket: DpdBucket.schema, deals: z.number().int(), amount: money });

/** The portfolio's figures for one deal type and state, or their total. */
export const portfolioFigures = z.object({
  deals: z.number().int(),
  principal_outstanding: money,
  outstanding: money,
  overdue: money,
  /** overdue / outstanding as a decimal fraction with 4 places ("0.0731"). */
  overdue_share: z.string(),
  /** The buckets 1-30, 31-60, 61-90, 91+ (deals not past due are the rest). */
  buckets: z.array(bucketFigures),
  par30_principal: money,
  par90_principal: money,
  /** par30_principal / principal_outstanding, 4 places. */
  par30: z.string(),
  par90: z.string(),
  penalty_interest: money,
  breaches: z.number().int(),
  /** Flows over the period. */
  new_deals: z.number().int(),
  new_volume: money,
  repayments: money,
});
export type PortfolioFigures = z.infer<typeof portfolioFigures>;

export const portfolioReport = z.object({
  date_from: z.string(),
  date_to: z.string(),
  /** The snapshot the stocks are from (the latest closed date on or before date_to). */
  as_of: z.string(),
  rows: z.array(portfolioFigures.extend({ deal_type: DealType.schema, state: DealState.schema })),
  total: portfolioFigures,
  metadata: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type PortfolioReport = z.infer<typeof portfolioReport>;

// ---------------------------------------------------------------------------------------------
// The dashboard (ours, not in the spec): one call per section, each a few index reads
// ---------------------------------------------------------------------------------------------

export const dashboardPortfolio = z.object({
  /** The latest snapshot's date; null before the first close of business. */
  as_of: z.string().nullable(),
  figures: portfolioFigures.nullable(),
  /** The last snapshot of each of the last 12 months that have one, oldest first. */
  trend: z.array(
    z.object({ month: z.string(), as_of: z.string(), deals: z.number().int(), principal_outstanding: money, overdue: money, par30: z.string(), par90: z.string() }),
  ),
});
export type DashboardPortfolio = z.infer<typeof dashboardPortfolio>;

export const dashboardCollections = z.object({
  /** Serviced deals past due by bucket now (the collections queue's buckets). */
  queue: z.array(z.object({ bucket: DpdBucket.schema, deals: z.number().int() })),
  in_breach: z.number().int(),
  promises_due_today: z.number().int(),
  notices_sent_week: z.number().int(),
  notices_prepared: z.number().int(),
});
export type DashboardCollections = z.infer<typeof dashboardCollections>;

export const dashboardPayments = z.object({
  unpaired_count: z.number().int(),
  unpaired_amount: money,
  imports: z.array(
    z.object({ id: z.number().int(), file_name: z.string(), state: z.string(), created_at: z.string(), payments: z.number().int().nullable() }),
  ),
  last_close: z.object({ business_date: z.string(), finished_at: z.string().nullable() }).nullable(),
});
export type DashboardPayments = z.infer<typeof dashboardPayments>;

export const dashboardPipeline = z.object({
  leads_by_state: z.array(z.object({ state: LeadState.schema, count: z.number().int() })),
  leads_by_source: z.array(z.object({ source: LeadSource.schema, count: z.number().int() })),
  /** Over the last 90 days: leads created, offers made, deals activated of those leads. */
  period_days: z.number().int(),
  leads: z.number().int(),
  offers: z.number().int(),
  activated: z.number().int(),
  /** activated / leads, 4 places. */
  conversion: z.string(),
});
export type DashboardPipeline = z.infer<typeof dashboardPipeline>;

// ---------------------------------------------------------------------------------------------
// The credit register (CNCB / NRKI, docs/decisions/0050)
// ---------------------------------------------------------------------------------------------

export const CncbEncoding = defineEnum(['UTF-8', 'windows-1250'], { 'UTF-8': 'UTF-8', 'windows-1250': 'Windows-1250' });
export type CncbEncoding = EnumValue<typeof CncbEncoding>;

/** POST /reporting/cncb/batch/: the month (`YYYY-MM`, a past one; default the last month). */
export const cncbBatchRequest = z
  .object({ period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Zadejte měsíc ve tvaru RRRR-MM.').optional() })
  .default({});
export type CncbBatchRequest = z.output<typeof cncbBatchRequest>;

/** GET …/deal-report/ and …/person-report/: the register's encoding; `repi` the repayment-information part. */
export const cncbFileQuery = z.object({
  encoding: z.enum(CncbEncoding.values, 'Kódování musí být UTF-8 nebo windows-1250.').default('UTF-8'),
  repi: booleanQuery.default(false),
});
export type CncbFileQuery = z.output<typeof cncbFileQuery>;

export const cncbBatchView = z.object({
  id: z.number().int(),
  period: z.string(),
  as_of: z.string(),
  state: ReportState.schema,
  repi_state: ReportState.schema.nullable(),
  deals: z.number().int(),
  persons: z.number().int(),
  repayments: z.number().int(),
  metadata: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  error: z.string().nullable(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type CncbBatchView = z.infer<typeof cncbBatchView>;
