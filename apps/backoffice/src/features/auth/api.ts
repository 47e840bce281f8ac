import type { TokenRequest } from '@lending/contracts';
import { api, AUTH_PATHS } from '../../shared/api';

export function obtainTokens(credentials: TokenRequest) {
  return api.post(AUTH_PATHS.token, credentials, { auth: false });
}

export function revokeRefreshToken(refresh: string) {
  return api.post(AUTH_PATHS.logout, { refresh });
}
