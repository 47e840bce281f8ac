import type { DealExpansion } from '@lending/contracts';
import { withQuery, type QueryValue, type ResponseOf } from '@lending/api-client';
import useSWR, { useSWRConfig } from 'swr';
import { useApi } from '../../shared/api';
import { polling } from '../../shared/polling';

export const DEALS_PATH = '/api/v1/deals/';
export const CLOSE_OF_BUSINESS_PATH = '/api/v1/close-of-business/';

export const dealPaths = {
  list: (query: Record<string, QueryValue>) => withQuery(DEALS_PATH, query),
  /** The list of these filters and ordering as a file (GET /deals/export/, ADR 0022). */
  export: (format: 'csv' | 'xlsx', filters: Record<string, QueryValue>) => withQuery(`${DEALS_PATH}export/`, { format, ...filters }),
  detail: (id: number) => `${DEALS_PATH}${id}/`,
};

/** The list at `key` (dealPaths.list), typed by the contract of GET /deals/. */
export function useDealList(key: string) {
  return useSWR<ResponseOf<'GET', '/api/v1/deals/'>>(key, { keepPreviousData: true });
}

/** What the header and the overview show: the deal with its open breaches and the model in force. */
const HEADER_EXPANSIONS: readonly DealExpansion[] = ['breaches', 'deal_model'];

export function useDeal(id: number | null) {
  return useApi('/api/v1/deals/{id}/', { params: { id }, query: { expand: HEADER_EXPANSIONS.join(',') } });
}

/** Writes to the deal go to its log under entity "Deal" (create, update, state; ADR 0024). */
export function useDealHistory(dealId: number, page: number) {
  return useApi('/api/v1/deals/{id}/history/', { params: { id: dealId }, query: { page, page_size: 20 } });
}

/**
 * The closed business dates. A close in progress (ours, or the nightly job's, the CLI's) is a
 * run without an end: the list is polled while one runs, so its progress through the dates shows.
 */
export function useCloseOfBusinessRuns(page: number, running: boolean) {
  return useApi('/api/v1/close-of-business/', { query: { page, page_size: 20 } }, {
    refreshInterval: (data) => (running || data?.results.some((run) => run.finished_at === null) ? polling.intervalMs : 0),
  });
}

/**
 * After a write on a deal: refetch everything under /deals/{id}/ (header, every tab's data) and
 * the deals lists, so the header's state and amounts and the tabs never disagree.
 */
export function useRevalidateDeal(dealId: number) {
  const { mutate } = useSWRConfig();
  const detail = dealPaths.detail(dealId);
  return () =>
    mutate(
      (key) =>
        typeof key === 'string' &&
        (key.startsWith(detail) || key.startsWith(`${DEALS_PATH}?`) || key === DEALS_PATH || isHistoryOf(key, dealId)),
    );
}

function isHistoryOf(key: string, dealId: number): boolean {
  return key.startsWith(`/api/v1/deals/${dealId}/history/`);
}
