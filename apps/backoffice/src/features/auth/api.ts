import type { CurrentUser, TokenRequest, TokenResponse } from '@lending/contracts';
import useSWR from 'swr';
import { api, AUTH_PATHS } from '../../shared/api';

export type { CurrentUser };

export function obtainTokens(credentials: TokenRequest): Promise<TokenResponse> {
  return api.post<TokenResponse>(AUTH_PATHS.token, credentials, { auth: false });
}

export function revokeRefreshToken(refresh: string): Promise<void> {
  return api.post<void>(AUTH_PATHS.logout, { refresh });
}

export function useCurrentUser() {
  return useSWR<CurrentUser>(AUTH_PATHS.me);
}
