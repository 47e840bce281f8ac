import type { SWRConfiguration } from 'swr';
import { client } from './api';

// Passed to each useSWR instead of a <SWRConfig> at the root: the root would pull swr into
// the first load of the Crossroad, which needs no data at all.
export const swrOptions = {
  // never: the caller's useSWR<T> decides what the answer is.
  fetcher: (path: string) => client.get<never>(path),
  // Applicants fill long forms; refetching on every tab switch would only flicker.
  revalidateOnFocus: false,
  shouldRetryOnError: false,
} satisfies SWRConfiguration;
