import { DealModelState } from '@lending/contracts';
import type { QueryValue } from '@lending/api-client';
import { useSWRConfig, type SWRResponse } from 'swr';
import { useApi } from '../../shared/api';

// Reads of the deal's parts (participants, purposes, realties, obligations…): each tab fetches
// its own. Writes are made in the tabs with the typed client (`api.post('/api/v1/deals/{dealId}/…')`).

const DEALS_PATH = '/api/v1/deals/';

/**
 * A deal's parts are few (participants, labels, obligations): one page of the API's largest
 * size shows them all without a pager. Notes can grow; their tab pages itself.
 */
export const ALL_ROWS = { page_size: 100 } as const;

/** Drops empty filters, so the key stays the same with and without an unset one. */
function query(filters: Record<string, QueryValue> = {}): Record<string, QueryValue> {
  return { ...ALL_ROWS, ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '' && value !== undefined && value !== null)) };
}

function rows<D extends { results: unknown[] }>(swr: SWRResponse<D, unknown>) {
  return { ...swr, rows: swr.data?.results as D['results'] | undefined };
}

export function useParticipants(dealId: number) {
  return rows(useApi('/api/v1/deals/{dealId}/participants/', { params: { dealId }, query: query() }));
}

export function usePurposes(dealId: number, type: string) {
  return rows(useApi('/api/v1/deals/{dealId}/purposes/', { params: { dealId }, query: query({ type }) }));
}

export function usePaymentOrders(dealId: number) {
  return rows(useApi('/api/v1/deals/{dealId}/purposes/payments/', { params: { dealId }, query: query() }));
}

export function useRealties(dealId: number) {
  return rows(useApi('/api/v1/deals/{dealId}/realties/', { params: { dealId }, query: query() }));
}

export function useRealtyGroups(dealId: number, mortgage: string) {
  return rows(useApi('/api/v1/deals/{dealId}/realty-groups/', { params: { dealId }, query: query({ mortgage }) }));
}

/** A group's estimations and recorded LTV evaluations, newest first (only while its history is open). */
export function useRealtyGroupHistory(dealId: number, groupId: number) {
  const params = { dealId, id: groupId };
  const estimations = useApi('/api/v1/deals/{dealId}/realty-groups/{id}/estimations/', { params, query: ALL_ROWS });
  const evaluations = useApi('/api/v1/deals/{dealId}/realty-groups/{id}/evaluations/', { params, query: ALL_ROWS });
  return { estimations, evaluations };
}

export function useObligations(dealId: number) {
  return rows(useApi('/api/v1/deals/{dealId}/obligations/', { params: { dealId }, query: query() }));
}

export function useDebts(dealId: number, dealModel: string) {
  return rows(useApi('/api/v1/deals/{dealId}/debts/', { params: { dealId }, query: query({ deal_model: dealModel }) }));
}

export function useEnforceableClaims(dealId: number) {
  return rows(useApi('/api/v1/deals/{dealId}/enforceable-claims/', { params: { dealId }, query: query() }));
}

export function useLabels(dealId: number) {
  return rows(useApi('/api/v1/deals/{dealId}/label/', { params: { dealId }, query: query() }));
}

export function useNotes(dealId: number, page: number) {
  return useApi('/api/v1/deals/{dealId}/notes/', { params: { dealId }, query: { page, page_size: 20 } });
}

export function useIdmEvaluations(dealId: number, dealModel: string) {
  return rows(useApi('/api/v1/deals/{dealId}/idm-evaluations/', { params: { dealId }, query: query({ deal_model: dealModel }) }));
}

/** The deal's model versions: the choices of the deal_model filters and of a debt's model. */
export function useDealModelVersions(dealId: number) {
  const swr = useApi('/api/v1/deals/{dealId}/deal-model/', { params: { dealId }, query: { ...ALL_ROWS, ordering: 'version' } });
  return swr.data?.results.map((model) => ({ value: String(model.id), label: `Verze ${model.version} (${DealModelState.labels[model.state].toLowerCase()})` })) ?? [];
}

/**
 * After a write: refetch everything of this deal (its detail with the header's amounts and
 * state, every sub-resource) and the deals lists that show it.
 */
export function useRevalidateDeal(dealId: number) {
  const { mutate } = useSWRConfig();
  const prefix = `${DEALS_PATH}${dealId}/`;
  return () => mutate((key) => typeof key === 'string' && (key.startsWith(prefix) || key.startsWith(`${DEALS_PATH}?`)));
}
