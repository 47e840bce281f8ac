import type { IdmCheckResult } from '@lending/contracts';
import { withQuery, type QueryValue, type ResponseOf } from '@lending/api-client';
import useSWR, { useSWRConfig } from 'swr';
import { useApi } from '../../shared/api';
import { isRunning, polling } from '../../shared/polling';

export const LEADS_PATH = '/api/v1/leads/';

export const leadPaths = {
  list: (query: Record<string, QueryValue>) => withQuery(LEADS_PATH, query),
  /** The list of these filters and ordering as a file (docs/decisions/0016). */
  export: (format: 'csv' | 'xlsx', filters: Record<string, QueryValue>) => withQuery(`${LEADS_PATH}export/`, { format, ...filters }),
  detail: (id: number) => `${LEADS_PATH}${id}/`,
  close: (id: number) => `${LEADS_PATH}${id}/close/`,
  offer: (id: number) => `${LEADS_PATH}${id}/offer/`,
  applicationForm: (id: number) => `${LEADS_PATH}${id}/application_form/`,
  resendForm: (leadId: number, formId: number) => `${LEADS_PATH}${leadId}/application-form/${formId}/resend/`,
  closedReasons: `${LEADS_PATH}application-closed-reasons/`,
  idmEvaluations: (leadId: number) => `${LEADS_PATH}${leadId}/idm-evaluations/`,
  idmCheckResult: (leadId: number, id: number) => `${LEADS_PATH}${leadId}/idm-evaluations/${id}/check-result/`,
  callData: (leadId: number) => `${LEADS_PATH}${leadId}/call-data/`,
  debts: (leadId: number) => `${LEADS_PATH}${leadId}/debt/`,
  incomesExpenses: (leadId: number) => `${LEADS_PATH}${leadId}/incomes-expenses/`,
};

export { isRunning };

/** The list at `key` (leadPaths.list), typed by the contract of GET /leads/. */
export function useLeadList(key: string) {
  return useSWR<ResponseOf<'GET', '/api/v1/leads/'>>(key, { keepPreviousData: true });
}

export function useLead(id: number | null) {
  return useApi('/api/v1/leads/{id}/', { params: { id } });
}

export function useApplicationForm(id: number | null) {
  return useApi('/api/v1/leads/{id}/application_form/', { params: { id } });
}

export function useClosedReasons(enabled: boolean) {
  return useApi(enabled ? '/api/v1/leads/application-closed-reasons/' : null);
}

/**
 * Sub-resources of one lead are few (calls, debts, incomes): one page of the API's largest
 * size shows them all without a pager.
 */
const ALL_ROWS = { page_size: 100 };

export function useIdmEvaluations(leadId: number) {
  const swr = useApi('/api/v1/leads/{leadId}/idm-evaluations/', { params: { leadId }, query: ALL_ROWS }, {
    refreshInterval: (data) => (data?.results.some((e) => isRunning(e.state)) ? polling.intervalMs : 0),
  });
  return { ...swr, rows: swr.data?.results };
}

export function useIdmCheckResult(leadId: number, evaluationId: number | null, onResult?: (result: IdmCheckResult) => void) {
  return useApi('/api/v1/leads/{leadId}/idm-evaluations/{id}/check-result/', { params: { leadId, id: evaluationId } }, {
    refreshInterval: (data) => (data && isRunning(data.state) ? polling.intervalMs : 0),
    onSuccess: onResult,
  });
}

export function useCallData(leadId: number) {
  const swr = useApi('/api/v1/leads/{leadId}/call-data/', { params: { leadId }, query: ALL_ROWS });
  return { ...swr, rows: swr.data?.results };
}

export function useDebts(leadId: number) {
  const swr = useApi('/api/v1/leads/{leadId}/debt/', { params: { leadId }, query: ALL_ROWS });
  return { ...swr, rows: swr.data?.results };
}

export function useIncomesExpenses(leadId: number) {
  const swr = useApi('/api/v1/leads/{leadId}/incomes-expenses/', { params: { leadId }, query: ALL_ROWS });
  return { ...swr, rows: swr.data?.results };
}

/**
 * After a write: refetch everything of this lead (detail, its sub-resources) and the lists
 * that show it, so no screen keeps a stale state.
 */
export function useRevalidateLead(leadId: number) {
  const { mutate } = useSWRConfig();
  return () =>
    mutate(
      (key) => typeof key === 'string' && (key.startsWith(leadPaths.detail(leadId)) || key.startsWith(`${LEADS_PATH}?`)),
    );
}
