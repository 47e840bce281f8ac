import type { ScreeningDetail } from '@lending/contracts';
import { withQuery, type QueryValue, type ResponseOf } from '@lending/api-client';
import { useRef } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useApi } from '../../shared/api';
import { isRunning, polling } from '../../shared/polling';

export const PERSONS_PATH = '/api/v1/persons/';

export const personPaths = {
  list: (query: Record<string, QueryValue>) => withQuery(PERSONS_PATH, query),
  /** The list of these filters and ordering as a file (docs/decisions/0016). */
  export: (format: 'csv' | 'xlsx', filters: Record<string, QueryValue>) => withQuery(`${PERSONS_PATH}export/`, { format, ...filters }),
  detail: (id: number) => `${PERSONS_PATH}${id}/`,
  summary: (id: number) => `${PERSONS_PATH}${id}/person/`,
  createLead: (id: number) => `${PERSONS_PATH}${id}/lead/`,
  addresses: (id: number) => `${PERSONS_PATH}${id}/address/`,
  contacts: (id: number) => `${PERSONS_PATH}${id}/contact/`,
  blacklist: (id: number) => `${PERSONS_PATH}${id}/blacklist/`,
  labels: (id: number) => `${PERSONS_PATH}${id}/labels/`,
  deals: (id: number, query: Record<string, QueryValue>) => withQuery(`${PERSONS_PATH}${id}/deals/`, query),
  distraints: (id: number) => `${PERSONS_PATH}${id}/distraint/`,
  distraintsDownload: (id: number) => `${PERSONS_PATH}${id}/distraint/download/`,
  realtyRights: (id: number) => `${PERSONS_PATH}${id}/realty-rights/`,
  realtyRightsDownload: (id: number) => `${PERSONS_PATH}${id}/realty-rights/download/`,
  screenings: (id: number) => `${PERSONS_PATH}${id}/screenings/`,
  screeningList: (id: number, query: Record<string, QueryValue>) => withQuery(`${PERSONS_PATH}${id}/screenings/`, query),
  screening: (personId: number, id: number) => `${PERSONS_PATH}${personId}/screenings/${id}/`,
  screeningDownload: (personId: number, id: number) => `${PERSONS_PATH}${personId}/screenings/${id}/download/`,
  /** Leads of the person: the leads list filtered by person. */
  leads: (id: number, query: Record<string, QueryValue>) => withQuery('/api/v1/leads/', { person: id, ...query }),
};

// Lists whose key (with its query) the screen builds: typed by their endpoint's contract.
export function usePersonList(key: string) {
  return useSWR<ResponseOf<'GET', '/api/v1/persons/'>>(key, { keepPreviousData: true });
}

export function usePerson(id: number | null) {
  return useApi('/api/v1/persons/{id}/', { params: { id } });
}

export function usePersonSummary(id: number) {
  return useApi('/api/v1/persons/{id}/person/', { params: { id } });
}

export function usePersonDeals(key: string) {
  return useSWR<ResponseOf<'GET', '/api/v1/persons/{personId}/deals/'>>(key, { keepPreviousData: true });
}

export function usePersonLeads(key: string) {
  return useSWR<ResponseOf<'GET', '/api/v1/leads/'>>(key, { keepPreviousData: true });
}

export function useDistraints(personId: number) {
  const swr = useApi('/api/v1/persons/{personId}/distraint/', { params: { personId } });
  return { ...swr, rows: swr.data };
}

export function useRealtyRights(personId: number) {
  const swr = useApi('/api/v1/persons/{personId}/realty-rights/', { params: { personId } });
  return { ...swr, rows: swr.data };
}

/** The list; running screenings are polled one by one (useScreening), not the whole list. */
export function useScreenings(key: string) {
  return useSWR<ResponseOf<'GET', '/api/v1/persons/{personId}/screenings/'>>(key, { keepPreviousData: true });
}

/**
 * One screening, polled until it ends; `onSettled` runs once, when it is first seen finished or
 * failed. Once: settling revalidates the person, which fetches this screening again until the
 * list says it ended, and each answer would settle it anew (a loop of requests that, when the
 * list answers slower than the screening, never lets the list's answer land).
 */
export function useScreening(personId: number, id: number, running: boolean, onSettled: (screening: ScreeningDetail) => void) {
  const settled = useRef(false);
  return useApi(running ? '/api/v1/persons/{personId}/screenings/{id}/' : null, { params: { personId, id } }, {
    refreshInterval: (data) => (!data || isRunning(data.state) ? polling.intervalMs : 0),
    onSuccess: (data) => {
      if (isRunning(data.state) || settled.current) return;
      settled.current = true;
      onSettled(data);
    },
  });
}

/** After a write: the person's detail, summary and every list under /persons/{id}/. */
export function useRevalidatePerson(personId: number) {
  const { mutate } = useSWRConfig();
  return () =>
    mutate(
      (key) =>
        typeof key === 'string' &&
        (key.startsWith(personPaths.detail(personId)) || key.startsWith(`${PERSONS_PATH}?`) || key.startsWith(`/api/v1/leads/?person=${personId}`)),
    );
}
