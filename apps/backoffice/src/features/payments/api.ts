import type { ResponseOf } from '@lending/api-client';
import type { ManualPaymentRequest, PaymentPatchRequest } from '@lending/contracts';
import useSWR, { useSWRConfig } from 'swr';
import { useCurrentUser } from '../../shared/current-user';
import { api, useApi } from '../../shared/api';
import { PAYMENTS_PATH } from '../../shared/payments/api';
import { polling } from '../../shared/polling';

/** The inbox at `key` (paymentPaths.list), typed by the contract of GET /payments/. */
export function usePaymentList(key: string) {
  return useSWR<ResponseOf<'GET', '/api/v1/payments/'>>(key, { keepPreviousData: true });
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

/** Whether the role holds `payments.book`; false while the user is unknown: a button that would end in 403 is worse than one that appears a moment late. */
export function useCanWritePayments(): boolean {
  const { data: user } = useCurrentUser();
  return !!user && user.permissions.includes('payments.book');
}

export function assignDeals(payments: number[], deal: number | null) {
  return api.patch('/api/v1/payments/bulk_assign_deals/', { payments, deal });
}

/** A payment entered by hand: booked (201, or 200 for a retry of the same key), or — from the threshold — an approval request (202). */
export function enterManualPayment(body: ManualPaymentRequest) {
  return api.post('/api/v1/payments/', body);
}

/** Staff's change of one payment: category, purpose type, symbols, note (PATCH /payments/{id}/). */
export function updatePayment(id: number, body: PaymentPatchRequest) {
  return api.patch('/api/v1/payments/{id}/', body, { params: { id } });
}

/** The statement imports, newest first (GET /payments/statements/). */
export function useStatementHistory(page: number, pageSize: number) {
  return useApi('/api/v1/payments/statements/', { query: { page, page_size: pageSize, ordering: '-created_at' } }, { keepPreviousData: true });
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
