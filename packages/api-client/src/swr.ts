import type { ParamsOf, PathOf, ResponseOf } from '@lending/contracts/endpoints';
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import type { ApiClient } from './client.ts';
import type { Query } from './query.ts';

type Nullable<T> = { [K in keyof T]: T[K] | null | undefined };

export interface ApiReadOptions<P extends string> {
  /** A missing value (null, undefined) means "not yet": nothing is fetched. */
  params?: Nullable<ParamsOf<P>>;
  query?: Query;
}

/**
 * SWR over the typed client: `useApi('/api/v1/leads/{id}/', { params: { id } })` answers the
 * lead as its contract types it. The key is the call's URL, so revalidating by URL prefix
 * (after a write) reaches it; a null path or a missing parameter fetches nothing.
 */
export function createUseApi(client: ApiClient) {
  return function useApi<P extends PathOf<'GET'>>(
    path: P | null,
    options: ApiReadOptions<P> = {},
    config?: SWRConfiguration<ResponseOf<'GET', P>>,
  ): SWRResponse<ResponseOf<'GET', P>, unknown> {
    const params = (options.params ?? {}) as Record<string, string | number | null | undefined>;
    const ready = path !== null && Object.values(params).every((value) => value !== null && value !== undefined);
    const key = ready ? client.url(path, { params: params as Record<string, string | number>, query: options.query }) : null;
    return useSWR<ResponseOf<'GET', P>, unknown>(key, (url: string) => client.get<ResponseOf<'GET', P>>(url), config);
  };
}
