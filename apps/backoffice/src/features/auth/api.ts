import type { CurrentUser, TokenRequest } from '@lending/contracts';
import { api, AUTH_PATHS, useApi } from '../../shared/api';

export type { CurrentUser };

export function obtainTokens(credentials: TokenRequest) {
  return api.post(AUTH_PATHS.token, credentials, { auth: false });
}

export function revokeRefreshToken(refresh: string) {
  return api.post(AUTH_PATHS.logout, { refresh });
}

export function useCurrentUser() {
  return useApi(AUTH_PATHS.me);
}
