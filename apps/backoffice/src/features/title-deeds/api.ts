import type { TitleDeedDownloadRequest } from '@lending/contracts';
import { ApiError, type Query } from '@lending/api-client';
import { useSWRConfig } from 'swr';
import { api, useApi } from '../../shared/api';
export { useHolds } from '../../shared/current-user';

// Title deeds (listy vlastnictví, issue 25 §4, docs/decisions/0051): the extracts ordered from
// the cadastre, the price of a new one and its order. The lists page with `page-size` (a
// hyphen, the spec's), not page_size.

export const TITLE_DEEDS_PATH = '/api/v1/title-deeds/';


export function useTitleDeedList(query: Query) {
  return useApi('/api/v1/title-deeds/', { query }, { keepPreviousData: true });
}

export function useTitleDeed(id: number | null) {
  return useApi('/api/v1/title-deeds/{id}/', { params: { id } });
}

/** Two extracts of one LV compared: what changed since the extract `since`. */
export function useTitleDeedChanges(id: number, since: number | null) {
  return useApi(since === null ? null : '/api/v1/title-deeds/{id}/changes/', { params: { id }, query: { since: since ?? undefined } }, { shouldRetryOnError: false });
}

export function getTitleDeedPrice(cadastralLocationCode: string, code: string) {
  return api.get('/api/v1/title-deeds/price/', { query: { cadastral_location_code: cadastralLocationCode, code } });
}

export function orderTitleDeed(body: TitleDeedDownloadRequest) {
  return api.post('/api/v1/title-deeds/download/', body);
}

/** The new price a 409 of the order names (`price`), when it does. */
export function changedPriceOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.body || typeof error.body !== 'object') return null;
  const price = (error.body as Record<string, unknown>).price;
  return typeof price === 'string' && /^\d+\.\d{2}$/.test(price) ? price : null;
}

/** After an order: every title-deed list and the realties that show their extracts. */
export function useRevalidateTitleDeeds() {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => typeof key === 'string' && (key.startsWith(TITLE_DEEDS_PATH) || key.startsWith('/api/v1/realties/')));
}
