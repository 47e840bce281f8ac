import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { fetchJson } from '../shared/api';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SWRConfig
      value={{
        fetcher: (path: string) => fetchJson(path),
        // Applicants fill long forms; refetching on every tab switch would only flicker.
        revalidateOnFocus: false,
        shouldRetryOnError: false,
      }}
    >
      {children}
    </SWRConfig>
  );
}
