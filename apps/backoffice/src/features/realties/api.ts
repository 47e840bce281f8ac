import type { PurchasedPropertyPatchRequest, PurchasedPropertyRequest, RealtyEstimationPatchRequest, RealtyEstimationRequest } from '@lending/contracts';
import type { Query, ResponseOf } from '@lending/api-client';
import useSWR, { useSWRConfig } from 'swr';
import { api, useApi } from '../../shared/api';
export { useHolds } from '../../shared/current-user';

// Realties, purchased properties and realty groups at the top level (issue 25, docs/decisions/0051).
// Reads are keyed by their URL; a write refetches every list and record of the area by prefix.

export const REALTIES_PATH = '/api/v1/realties/';
export const GROUPS_PATH = '/api/v1/realty-group/';
export const ALERTS_PATH = '/api/v1/collateral-alerts/';


export function useRealtyList(query: Query) {
  return useApi('/api/v1/realties/', { query }, { keepPreviousData: true });
}

export function useRealty(id: number | null) {
  return useApi('/api/v1/realties/{id}/', { params: { id } });
}

export function usePurchasedList(query: Query) {
  return useApi('/api/v1/realties/purchased/', { query }, { keepPreviousData: true });
}

export function usePurchased(id: number | null) {
  return useApi('/api/v1/realties/purchased/{id}/', { params: { id } });
}

export function createPurchased(body: PurchasedPropertyRequest) {
  return api.post('/api/v1/realties/purchased/', body);
}

export function patchPurchased(id: number, body: PurchasedPropertyPatchRequest) {
  return api.patch('/api/v1/realties/purchased/{id}/', body, { params: { id } });
}

export function deletePurchased(id: number) {
  return api.delete('/api/v1/realties/purchased/{id}/', { params: { id } });
}

export function useGroupList(query: Query) {
  return useApi('/api/v1/realty-group/', { query }, { keepPreviousData: true });
}

export function useGroup(id: number | null) {
  return useApi('/api/v1/realty-group/{id}/', { params: { id } });
}

/** A group's estimations (the history the loan-to-value is computed from). */
export function useGroupEstimations(groupId: number | null) {
  return useApi('/api/v1/realty-group/{realtyGroupId}/estimations/', { params: { realtyGroupId: groupId }, query: { page_size: 100 } });
}

export function addEstimation(groupId: number, body: RealtyEstimationRequest) {
  return api.post('/api/v1/realty-group/{realtyGroupId}/estimations/', body, { params: { realtyGroupId: groupId } });
}

export function patchEstimation(groupId: number, id: number, body: RealtyEstimationPatchRequest) {
  return api.patch('/api/v1/realty-group/{realtyGroupId}/estimations/{id}/', body, { params: { realtyGroupId: groupId, id } });
}

/** The title-deed extract of a realty (its history of extracts of the same LV). */
export function useTitleDeed(id: number | null) {
  return useApi('/api/v1/title-deeds/{id}/', { params: { id } });
}

/**
 * The open collateral alerts of the deals a realty's groups secure (the API lists them by deal),
 * one call per deal, kept to this realty's.
 */
export function useRealtyAlerts(realtyId: number, dealIds: readonly number[]) {
  const keys = dealIds.map((deal) => api.url(ALERTS_PATH, { query: { deal, page_size: 100 } }));
  return useSWR(keys.length ? keys : null, async (urls: string[]) => {
    const pages = await Promise.all(urls.map((url) => api.get<ResponseOf<'GET', '/api/v1/collateral-alerts/'>>(url)));
    return pages.flatMap((page) => page.results).filter((alert) => alert.realty_id === realtyId);
  });
}

export function resolveAlert(id: number) {
  return api.post('/api/v1/collateral-alerts/{id}/resolve/', undefined, { params: { id } });
}

/** After a write: every realty, purchased property and group read, and the alerts. */
export function useRevalidateRealties() {
  const { mutate } = useSWRConfig();
  return () =>
    mutate((key) => {
      const first = Array.isArray(key) ? key[0] : key;
      return typeof first === 'string' && (first.startsWith(REALTIES_PATH) || first.startsWith(GROUPS_PATH) || first.startsWith(ALERTS_PATH));
    });
}
