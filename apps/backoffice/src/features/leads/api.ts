import type {
  ApplicationClosedReasonView,
  CallDataView,
  IdmCheckResult,
  IdmEvaluationView,
  IncomeExpenseView,
  LeadDebtView,
  LeadDetail,
  LeadListItem,
  StaffApplicationForm,
} from '@lending/contracts';
import useSWR, { useSWRConfig } from 'swr';
import type { Page } from '../../shared/page';
import { isRunning, polling } from '../../shared/polling';
import { withQuery, type QueryValue } from '../../shared/query';

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

export function useLeadList(key: string) {
  return useSWR<Page<LeadListItem>>(key, { keepPreviousData: true });
}

export function useLead(id: number | null) {
  return useSWR<LeadDetail>(id ? leadPaths.detail(id) : null);
}

export function useApplicationForm(id: number | null) {
  return useSWR<StaffApplicationForm>(id ? leadPaths.applicationForm(id) : null);
}

export function useClosedReasons(enabled: boolean) {
  return useSWR<ApplicationClosedReasonView[]>(enabled ? leadPaths.closedReasons : null);
}

/**
 * Sub-resources of one lead are few (calls, debts, incomes): one page of the API's largest
 * size shows them all without a pager.
 */
const ALL_ROWS = { page_size: 100 };

export function useIdmEvaluations(leadId: number) {
  const swr = useSWR<Page<IdmEvaluationView>>(withQuery(leadPaths.idmEvaluations(leadId), ALL_ROWS), {
    refreshInterval: (data) => (data?.results.some((e) => isRunning(e.state)) ? polling.intervalMs : 0),
  });
  return { ...swr, rows: swr.data?.results };
}

export function useIdmCheckResult(leadId: number, evaluationId: number | null, onResult?: (result: IdmCheckResult) => void) {
  return useSWR<IdmCheckResult>(evaluationId ? leadPaths.idmCheckResult(leadId, evaluationId) : null, {
    refreshInterval: (data) => (data && isRunning(data.state) ? polling.intervalMs : 0),
    onSuccess: onResult,
  });
}

export function useCallData(leadId: number) {
  const swr = useSWR<Page<CallDataView>>(withQuery(leadPaths.callData(leadId), ALL_ROWS));
  return { ...swr, rows: swr.data?.results };
}

export function useDebts(leadId: number) {
  const swr = useSWR<Page<LeadDebtView>>(withQuery(leadPaths.debts(leadId), ALL_ROWS));
  return { ...swr, rows: swr.data?.results };
}

export function useIncomesExpenses(leadId: number) {
  const swr = useSWR<Page<IncomeExpenseView>>(withQuery(leadPaths.incomesExpenses(leadId), ALL_ROWS));
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
