import { withQuery, type QueryValue } from '@lending/api-client';
import { useApi } from '../api';

// The payments' paths and the deal's payments: the inbox (features/payments) and the deal's
// Payments tab (features/deals) both use them, and one feature does not import another.

export const PAYMENTS_PATH = '/api/v1/payments/';

export type ExportFormat = 'csv' | 'xlsx';

export const paymentPaths = {
  list: (query: Record<string, QueryValue>) => withQuery(PAYMENTS_PATH, query),
  /** The inbox's filters as a file (GET /payments/export/, oldest first). */
  export: (format: ExportFormat, filters: Record<string, QueryValue>) => withQuery(`${PAYMENTS_PATH}export/`, { ...filters, format }),
  /** Allocation rows by the payment's date and deal (GET /payments/allocation-report/). */
  allocationReport: (format: ExportFormat, filters: { date_from?: string; date_to?: string; deal?: string | number }) =>
    withQuery(`${PAYMENTS_PATH}allocation-report/`, { ...filters, format }),
  /** The deal's payments with their allocations (GET /deals/{id}/payments/download/). */
  dealDownload: (dealId: number, format: ExportFormat) => withQuery(`/api/v1/deals/${dealId}/payments/download/`, { format }),
};

export function useDealPayments(dealId: number, query: Record<string, QueryValue>) {
  return useApi('/api/v1/deals/{dealId}/payments/', { params: { dealId }, query }, { keepPreviousData: true });
}
