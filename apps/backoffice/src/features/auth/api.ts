import type { TokenRequest } from '@lending/contracts';
import { api, AUTH_PATHS } from '../../shared/api';

export function obtainTokens(credentials: TokenRequest) {
  return api.post(AUTH_PATHS.token, credentials, { auth: false });
}

/** Revokes this browser's session (the cookie's refresh token) and clears the cookie. */
export function revokeSession() {
  return api.post(AUTH_PATHS.logout, {});
}

/** "Odhlásit všude": every session of the signed-in user, in every browser. */
export function revokeAllSessions() {
  return api.post(AUTH_PATHS.logoutAll, undefined);
}
