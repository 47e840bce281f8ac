import type { ReactNode } from 'react';

/** App-wide providers. SWR is configured per hook (shared/swr.ts) to keep it out of the first load. */
export function AppProviders({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
