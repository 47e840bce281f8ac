import { withQuery, type Query, type ResponseOf } from '@lending/api-client';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '../../shared/api';

// The collections desk (docs/decisions/0048): the queue of overdue deals and the outbox of
// notifications. Lists are keyed by their URL, so a write refetches them by prefix.

export const QUEUE_PATH = '/api/v1/collections/queue/';
export const NOTIFICATIONS_PATH = '/api/v1/notifications/';

export const collectionsPaths = {
  queue: (query: Query) => withQuery(QUEUE_PATH, query),
  /** The queue of these filters and ordering as a file (GET /collections/queue/export/). */
  queueExport: (format: 'csv' | 'xlsx', filters: Query) => withQuery(`${QUEUE_PATH}export/`, { ...filters, format }),
  notifications: (query: Query) => withQuery(NOTIFICATIONS_PATH, query),
};

export function useCollectionQueue(key: string) {
  return useSWR<ResponseOf<'GET', '/api/v1/collections/queue/'>>(key, { keepPreviousData: true });
}

export function useNotificationList(key: string) {
  return useSWR<ResponseOf<'GET', '/api/v1/notifications/'>>(key, { keepPreviousData: true });
}

/** The staff deals can be assigned to (GET /collections/collectors/). */
export function useCollectors() {
  return useSWR<ResponseOf<'GET', '/api/v1/collections/collectors/'>>('/api/v1/collections/collectors/');
}

/** Assigns the deals to a collector (a COLLECTIONS or ADMIN user), or unassigns them (null). */
export function assignCollector(deals: number[], collector: number | null) {
  return api.post('/api/v1/collections/assign/', { deals, collector });
}

/** After an assignment: the queue (every filter and page of it). */
export function useRevalidateQueue() {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => typeof key === 'string' && key.startsWith(QUEUE_PATH));
}
