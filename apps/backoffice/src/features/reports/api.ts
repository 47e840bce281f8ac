import type { CncbEncoding, ReportState, ReportType, ReportView } from '@lending/contracts';
import { withQuery, type Query } from '@lending/api-client';
import { useSWRConfig } from 'swr';
import { api, useApi } from '../../shared/api';
import { polling } from '../../shared/polling';

// Reporting (SERVICING.md §9, docs/decisions/0049 and 0050): billing reports made as files by a
// job, the portfolio report from the close of business's snapshots, and the credit register's
// monthly batches. Lists are keyed by their URL; a write refetches them by prefix.

export const REPORTS_PATH = '/api/v1/reporting/reports/';
export const CNCB_BATCHES_PATH = '/api/v1/reporting/cncb/batch/';

/** The call that makes each billing report (the spec's paths). */
export const BILLING_REPORT_PATHS = {
  CLAIMS_REPORT: '/api/v1/reporting/billing/claims-report/',
  DEALS_STATES_REPORT: '/api/v1/reporting/billing/deal-states-report/',
  PAYMENTS_REPORT: '/api/v1/reporting/billing/payments-report/',
  PAYMENT_ALLOCATIONS_REPORT: '/api/v1/reporting/billing/payment-allocations-report/',
} as const satisfies Record<ReportType, string>;

/** Work the job has not finished yet: its screen polls until it has. */
export function isPending(state: ReportState | null | undefined): boolean {
  return state === 'QUEUED' || state === 'RUNNING';
}

/**
 * Queues a billing report (GET …/billing/<x>-report/?… answers 202 with it), or finds the one
 * already queued with the same filters (the API's answer then is that report, in any state).
 */
export function generateReport(type: ReportType, query: Query): Promise<ReportView> {
  return api.get(BILLING_REPORT_PATHS[type], { query });
}

/** The reports of one type, newest first; polled while one of them is still being made. */
export function useReportList(type: ReportType, page: number, pageSize: number) {
  return useApi(
    REPORTS_PATH,
    { query: { type, page, page_size: pageSize, ordering: '-created_at' } },
    { keepPreviousData: true, refreshInterval: (data) => (data?.results.some((report) => isPending(report.state)) ? polling.intervalMs : 0) },
  );
}

export const reportPaths = {
  download: (id: number) => `${REPORTS_PATH}${id}/download_report/`,
  cncbFile: (id: number, file: 'deal-report' | 'person-report', encoding: CncbEncoding, repi = false) =>
    withQuery(`${CNCB_BATCHES_PATH}${id}/${file}/`, { encoding, ...(repi ? { repi: true } : {}) }),
};

/** After a report was asked for: every page of every type's list. */
export function useRevalidateReports() {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => typeof key === 'string' && key.startsWith(REPORTS_PATH));
}

/** The portfolio report of the filters submitted (null: none yet). */
export function usePortfolioReport(query: Query | null) {
  return useApi(query ? '/api/v1/reporting/portfolio/report/' : null, { query: query ?? undefined }, { shouldRetryOnError: false });
}

/** The credit register's batches, newest first; polled while a batch or its REPI part is being made. */
export function useCncbBatches(page: number, pageSize: number) {
  return useApi(
    CNCB_BATCHES_PATH,
    { query: { page, page_size: pageSize } },
    { keepPreviousData: true, refreshInterval: (data) => (data?.results.some((batch) => isPending(batch.state) || isPending(batch.repi_state)) ? polling.intervalMs : 0) },
  );
}

export function createCncbBatch(period: string) {
  return api.post(CNCB_BATCHES_PATH, { period });
}

/** Makes the batch's repayment-information part (REPI); its file is the deal report with `repi=true`. */
export function createRepi(batchId: number) {
  return api.post('/api/v1/reporting/repi/{id}/repi-report/', undefined, { params: { id: batchId } });
}

export function useRevalidateCncbBatches() {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => typeof key === 'string' && key.startsWith(CNCB_BATCHES_PATH));
}
