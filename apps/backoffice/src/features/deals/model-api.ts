import type { ClaimsGroupKind, DealModelView } from '@lending/contracts';
import { withQuery, type Query } from '@lending/api-client';
import { useSWRConfig } from 'swr';
import { useApi } from '../../shared/api';

// Calls of the deal model, claims, claims groups and claims settings tabs.

const deal = (dealId: number) => `/api/v1/deals/${dealId}`;

/** The claims of these filters and ordering as a CSV or XLSX file. */
export const claimsExportPath = (dealId: number, format: 'csv' | 'xlsx', filters: Query) => withQuery(`${deal(dealId)}/claims/export/`, { format, ...filters });

/** A deal has a handful of model versions: one page of the API's largest size holds them all. */
const ALL_ROWS = { page_size: 100 };

/** The deal itself (type, state), without expansions. */
export function useDealFacts(dealId: number) {
  return useApi('/api/v1/deals/{id}/', { params: { id: dealId } });
}

export function useDealModels(dealId: number) {
  const swr = useApi('/api/v1/deals/{dealId}/deal-model/', { params: { dealId }, query: { ...ALL_ROWS, ordering: '-version' } });
  return { ...swr, rows: swr.data?.results };
}

/**
 * The version staff look at first: the one in force, else the newest (a draft being prepared).
 * Versions come newest first.
 */
export function currentModel(models: readonly DealModelView[] | undefined): DealModelView | undefined {
  return models?.find((model) => model.state === 'ACTIVE') ?? models?.[0];
}

/**
 * A version's installments as the deal's claims stand (paid, remaining, status) with totals. A
 * draft has generated no claims yet, so it is not asked.
 */
export function useModelInstallments(model: DealModelView) {
  return useApi(model.state === 'DRAFT' ? null : '/api/v1/deals/{dealId}/deal-model/{id}/installments/', { params: { dealId: model.deal_id, id: model.id } });
}

/** Which claims groups the deal has: by its models' schedule (loan, lease, sale and leaseback). */
export function groupKindOf(models: readonly DealModelView[] | undefined): ClaimsGroupKind {
  return currentModel(models)?.schedule_kind ?? 'REGULAR';
}

export function useClaims(dealId: number, query: Query) {
  return useApi('/api/v1/deals/{dealId}/claims/', { params: { dealId }, query }, { keepPreviousData: true });
}

export function useClaimsGroups(dealId: number, kind: ClaimsGroupKind, query: Query) {
  const params = { params: { dealId }, query };
  // One hook per kind keeps each call typed by its own contract; only the deal's kind fetches.
  const regular = useApi(kind === 'REGULAR' ? '/api/v1/deals/{dealId}/claims-group/' : null, params, { keepPreviousData: true });
  const lease = useApi(kind === 'LEASE' ? '/api/v1/deals/{dealId}/claims-group-lease/' : null, params, { keepPreviousData: true });
  const leaseback = useApi(kind === 'LEASEBACK' ? '/api/v1/deals/{dealId}/claims-group-leaseback/' : null, params, { keepPreviousData: true });
  return kind === 'LEASE' ? lease : kind === 'LEASEBACK' ? leaseback : regular;
}

export function useClaimsSettings(dealId: number, type: string) {
  const swr = useApi('/api/v1/deals/{dealId}/claims-settings/', { params: { dealId }, query: { ...ALL_ROWS, ordering: 'type', type } });
  return { ...swr, rows: swr.data?.results };
}

/**
 * After a write: refetch everything of this deal (the header's amounts and state, every tab's
 * lists, the tab's own included) and the deals list, whose amounts may have changed too.
 */
export function useRevalidateDeal(dealId: number) {
  const { mutate } = useSWRConfig();
  const own = deal(dealId);
  return () => mutate((key) => typeof key === 'string' && (key.startsWith(`${own}/`) || key.startsWith(`${own}?`) || key.startsWith('/api/v1/deals/?')));
}
