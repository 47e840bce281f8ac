import { api, useApi } from '../../shared/api';

// The navigation's "Ke schválení (N)" (ROLES.md §2). The app shell imports this file directly,
// not the feature's index, so the approvals screen stays in its own lazily loaded chunk; for
// the same reason it imports nothing from @lending/contracts at run time (zod stays out of the
// first load).

/** How often the count is asked again while the back-office is open. */
export const APPROVALS_COUNT_REFRESH_MS = 60_000;

const COUNT_QUERY = { actionable: true, page_size: 1 } as const;

/**
 * The SWR key of the count: GET /approvals/?actionable=true&page_size=1. It starts with the
 * approvals prefix, so the screen's revalidation after a decision refreshes it too.
 */
export const APPROVALS_COUNT_KEY = api.url('/api/v1/approvals/', { query: COUNT_QUERY });

/** How many pending requests the signed-in user may decide; undefined until known. */
export function useActionableApprovalsCount(): number | undefined {
  const { data } = useApi('/api/v1/approvals/', { query: COUNT_QUERY }, { refreshInterval: APPROVALS_COUNT_REFRESH_MS });
  return data?.count;
}
