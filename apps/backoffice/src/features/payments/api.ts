import type { StaffRole } from '@lending/contracts';
import { withQuery, type QueryValue, type ResponseOf } from '@lending/api-client';
import useSWR, { useSWRConfig } from 'swr';
import { useCurrentUser } from '../auth/api';
import { api, useApi } from '../../shared/api';
import { polling } from '../../shared/polling';

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

/** The inbox at `key` (paymentPaths.list), typed by the contract of GET /payments/. */
export function usePaymentList(key: string) {
  return useSWR<ResponseOf<'GET', '/api/v1/payments/'>>(key, { keepPreviousData: true });
}

export function useDealPayments(dealId: number, query: Record<string, QueryValue>) {
  return useApi('/api/v1/deals/{dealId}/payments/', { params: { dealId }, query }, { keepPreviousData: true });
}

/** Deals whose name, contract or variable symbol matches: the choices of "Přiřadit k obchodu". */
export function useDealSearch(search: string) {
  return useApi(search ? '/api/v1/deals/' : null, { query: { search, page_size: 10 } }, { keepPreviousData: true });
}

/** An import is polled until the job has finished with it. */
export function useStatement(id: number | null) {
  return useApi('/api/v1/payments/statements/{id}/', { params: { id } }, {
    refreshInterval: (data) => (!data || data.state === 'QUEUED' || data.state === 'PROCESSING' ? polling.intervalMs : 0),
  });
}

/** Booking and re-pairing move money between claims: the API lets only these roles do it (payments router). */
const PAYMENT_WRITERS: readonly StaffRole[] = ['ADMIN', 'ACCOUNTANT'];

/** False while the user is unknown: a button that would end in 403 is worse than one that appears a moment late. */
export function useCanWritePayments(): boolean {
  const { data: user } = useCurrentUser();
  return !!user && PAYMENT_WRITERS.includes(user.role);
}

export function assignDeals(payments: number[], deal: number | null) {
  return api.patch('/api/v1/payments/bulk_assign_deals/', { payments, deal });
}

export function uploadStatement(file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return api.upload('/api/v1/payments/statements/', form, { onProgress });
}

/**
 * After pairing or an import: every payments list, and every deal (their payments, claims,
 * outstanding and overdue amounts changed with the allocation).
 */
export function useRevalidatePayments() {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => typeof key === 'string' && (key.startsWith(PAYMENTS_PATH) || key.startsWith('/api/v1/deals/')));
}
