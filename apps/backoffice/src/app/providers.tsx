import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { swrFetcher } from '../shared/api';
import { ApiError } from '@lending/api-client';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SWRConfig
      value={{
        fetcher: swrFetcher,
        // Client errors will not fix themselves by retrying; network and server errors might.
        shouldRetryOnError: (error: unknown) => !(error instanceof ApiError && error.status < 500),
        errorRetryCount: 2,
      }}
    >
      {children}
    </SWRConfig>
  );
}
