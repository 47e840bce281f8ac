import { currentUser, detailResponse, fieldErrorsResponse, logoutRequest, refreshRequest, refreshResponse, tokenRequest, tokenResponse } from '@lending/contracts';
import { access, defineRoute, Reply, type RouteDef } from '../../http/routes.ts';
import { getCurrentUser } from './get-current-user.ts';
import { issueTokens } from './issue-tokens.ts';
import { cookieValue, DEVICE_COOKIE, DEVICE_TOKEN_DAYS } from './login-devices.ts';
import { refreshAccessToken } from './refresh-access-token.ts';
import { revokeRefreshToken } from './revoke-refresh-token.ts';

const tags = ['auth'];
const errors = {
  400: { description: 'Chybné údaje', schema: fieldErrorsResponse },
  401: { description: 'Neplatné přihlašovací údaje', schema: detailResponse },
};

export const authRoutes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: '/api/v1/auth/token/',
    access: access.public,
    summary: 'Staff login: obtain an access (15 min) and a refresh (7 days) token',
    tags,
    body: tokenRequest,
    responses: {
      200: { description: 'Tokens; also sets the login-device cookie (HttpOnly, this path only) that exempts this browser from the per-account throttle', schema: tokenResponse },
      ...errors,
      429: { description: 'Too many failed logins (of this address, or of this account from anywhere for unknown devices)', schema: detailResponse },
    },
    handler: async ({ deps, actor, body, req, res }) => {
      const { deviceToken, ...tokens } = await issueTokens(deps, actor, { credentials: body, device: cookieValue(req.headers.cookie, DEVICE_COOKIE) });
      res.cookie(DEVICE_COOKIE, deviceToken, {
        httpOnly: true,
        secure: req.secure,
        sameSite: 'strict',
        path: '/api/v1/auth/token/',
        maxAge: DEVICE_TOKEN_DAYS * 86_400_000,
      });
      return tokens;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/auth/token/refresh/',
    access: access.public,
    summary: 'Exchange a refresh token for a new access token',
    tags,
    body: refreshRequest,
    responses: { 200: { description: 'New access token', schema: refreshResponse }, ...errors },
    handler: ({ deps, actor, body }) => refreshAccessToken(deps, actor, { token: body }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/auth/me/',
    access: access.staff('staff.read'),
    summary: 'The signed-in staff user',
    tags,
    responses: { 200: { description: 'Current user', schema: currentUser }, 401: errors[401] },
    handler: ({ deps, actor }) => getCurrentUser(deps, actor, {}),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/auth/logout/',
    access: access.staff('staff.read'),
    summary: 'Revoke a refresh token',
    tags,
    body: logoutRequest,
    responses: { 204: { description: 'Revoked' }, ...errors },
    handler: async ({ deps, actor, body }) => {
      await revokeRefreshToken(deps, actor, { token: body });
      return new Reply(204);
    },
  }),
];
