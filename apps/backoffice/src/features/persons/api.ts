import type {
  Distraint,
  LeadListItem,
  PersonDealItem,
  PersonDetail,
  PersonListItem,
  PersonSummary,
  RealtyRight,
  ScreeningDetail,
  ScreeningListItem,
} from '@lending/contracts';
import useSWR, { useSWRConfig } from 'swr';
import type { Page } from '../../shared/page';
import { isRunning, polling } from '../../shared/polling';
import { withQuery, type QueryValue } from '../../shared/query';

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

export function usePersonList(key: string) {
  return useSWR<Page<PersonListItem>>(key, { keepPreviousData: true });
}

export function usePerson(id: number | null) {
  return useSWR<PersonDetail>(id ? personPaths.detail(id) : null);
}

export function usePersonSummary(id: number) {
  return useSWR<PersonSummary>(personPaths.summary(id));
}

export function usePersonDeals(key: string) {
  return useSWR<Page<PersonDealItem>>(key, { keepPreviousData: true });
}

export function usePersonLeads(key: string) {
  return useSWR<Page<LeadListItem>>(key, { keepPreviousData: true });
}

export function useDistraints(personId: number) {
  const swr = useSWR<Distraint[]>(personPaths.distraints(personId));
  return { ...swr, rows: swr.data };
}

export function useRealtyRights(personId: number) {
  const swr = useSWR<RealtyRight[]>(personPaths.realtyRights(personId));
  return { ...swr, rows: swr.data };
}

/** The list; running screenings are polled one by one (useScreening), not the whole list. */
export function useScreenings(key: string) {
  return useSWR<Page<ScreeningListItem>>(key, { keepPreviousData: true });
}

/** One screening, polled until it ends; `onSettled` runs when it is seen finished or failed. */
export function useScreening(personId: number, id: number, running: boolean, onSettled: (screening: ScreeningDetail) => void) {
  return useSWR<ScreeningDetail>(running ? personPaths.screening(personId, id) : null, {
    refreshInterval: (data) => (!data || isRunning(data.state) ? polling.intervalMs : 0),
    onSuccess: (data) => {
      if (!isRunning(data.state)) onSettled(data);
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
