import { ApiError, createApiClient } from '@lending/api-client';
import { createUseApi } from '@lending/api-client/swr';
import { clearTokens, getTokens, restoreSession, setTokens } from './session';

export const AUTH_PATHS = {
  token: '/api/v1/auth/token/',
  refresh: '/api/v1/auth/token/refresh/',
  me: '/api/v1/auth/me/',
  logout: '/api/v1/auth/logout/',
  logoutAll: '/api/v1/auth/logout-all/',
} as const;

/**
 * A new access token from the session cookie (the refresh token the page never sees, ROLES.md
 * §3); null when the API refuses it (signed out, expired, revoked).
 */
async function renewAccess(): Promise<string | null> {
  try {
    const renewed = await api.post(AUTH_PATHS.refresh, {}, { auth: false });
    return renewed.access;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

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
      if (!getTokens()) return null;
      const access = await renewAccess();
      if (access) setTokens({ access });
      return access;
    },
    onExpired: () => clearTokens('expired'),
  },
});

/** A page opened without a token (a new tab, a reload): the session cookie's, if there is one. */
export const resumeSession = () => restoreSession(renewAccess);

/** SWR over the client, typed by the contracts: `useApi('/api/v1/leads/{id}/', { params: { id } })`. */
export const useApi = createUseApi(api);

/** SWR fetcher of keys that are URLs already. */
export const swrFetcher = <T>(path: string): Promise<T> => api.get<T>(path);
