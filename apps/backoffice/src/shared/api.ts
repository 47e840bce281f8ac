import { ApiError, createApiClient } from '@lending/api-client';
import { createUseApi } from '@lending/api-client/swr';
import { clearTokens, getTokens, setTokens } from './session';

export const AUTH_PATHS = {
  token: '/api/v1/auth/token/',
  refresh: '/api/v1/auth/token/refresh/',
  me: '/api/v1/auth/me/',
  logout: '/api/v1/auth/logout/',
} as const;

/**
 * The one way the back-office talks to the API (@lending/api-client, ADR 0029). It sends the
 * staff access token; on 401 it refreshes the token once (one refresh for all calls that hit
 * the expiry together) and repeats the call; when that fails the session ends as "expired",
 * which sends the user to the login page.
 */
export const api = createApiClient({
  auth: {
    token: () => getTokens()?.access ?? null,
    async refresh() {
      const tokens = getTokens();
      if (!tokens) return null;
      try {
        const renewed = await api.post(AUTH_PATHS.refresh, { refresh: tokens.refresh }, { auth: false });
        // A server that rotates refresh tokens sends a new one; otherwise keep ours.
        const rotated = (renewed as { refresh?: string }).refresh;
        setTokens({ access: renewed.access, refresh: rotated ?? tokens.refresh });
        return renewed.access;
      } catch (error) {
        if (error instanceof ApiError) return null;
        throw error;
      }
    },
    onExpired: () => clearTokens('expired'),
  },
});

/** SWR over the client, typed by the contracts: `useApi('/api/v1/leads/{id}/', { params: { id } })`. */
export const useApi = createUseApi(api);

/** SWR fetcher of keys that are URLs already. */
export const swrFetcher = <T>(path: string): Promise<T> => api.get<T>(path);
