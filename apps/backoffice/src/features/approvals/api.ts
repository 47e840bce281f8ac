import type { ApprovalAction, FourEyesSettingRequest } from '@lending/contracts';
import type { Query } from '@lending/api-client';
import { useSWRConfig } from 'swr';
import { api, useApi } from '../../shared/api';
import { APPROVALS_KEY_PREFIX } from '../../shared/four-eyes';

/** Approval requests at `query` (the inbox, the maker's own, all), typed by GET /approvals/; null: not yet. */
export function useApprovalList(query: Query | null) {
  return useApi(query ? '/api/v1/approvals/' : null, { query: query ?? undefined }, { keepPreviousData: true });
}

/** One request as it is now (someone else may have decided it since the list was read). */
export function useApproval(id: number) {
  return useApi('/api/v1/approvals/{id}/', { params: { id } });
}

/** Which actions are four-eyes, from what amount and for how long. */
export function useFourEyesSettings() {
  return useApi('/api/v1/approvals/settings/');
}

export const approveRequest = (id: number) => api.post('/api/v1/approvals/{id}/approve/', undefined, { params: { id } });
export const rejectRequest = (id: number, reason: string) => api.post('/api/v1/approvals/{id}/reject/', { reason }, { params: { id } });
export const withdrawRequest = (id: number) => api.post('/api/v1/approvals/{id}/withdraw/', undefined, { params: { id } });
export const saveFourEyesSetting = (action: ApprovalAction, body: FourEyesSettingRequest) =>
  api.put('/api/v1/approvals/settings/{action}/', body, { params: { action } });

/**
 * After a decision, a refusal or a change of settings: every approvals list on screen, the
 * request's detail, the settings and the navigation's count (all under one key prefix). Bound
 * to this screen's SWR cache, so it reaches whatever cache the app (or a test) provides.
 */
export function useRevalidateApprovals() {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => typeof key === 'string' && key.startsWith(APPROVALS_KEY_PREFIX));
}
