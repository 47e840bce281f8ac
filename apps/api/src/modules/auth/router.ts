import { currentUser, detailResponse, fieldErrorsResponse, logoutAllResponse, logoutRequest, refreshRequest, refreshResponse, tokenRequest, tokenResponse } from '@lending/contracts';
import type { Request, Response } from 'express';
import { access, defineRoute, Reply, type RouteDef } from '../../http/routes.ts';
import { getCurrentUser } from './get-current-user.ts';
import { issueTokens } from './issue-tokens.ts';
import { cookieValue, DEVICE_COOKIE, DEVICE_TOKEN_DAYS } from './login-devices.ts';
import { refreshAccessToken } from './refresh-access-token.ts';
import { revokeAllSessions } from './revoke-all-sessions.ts';
import { revokeRefreshToken } from './revoke-refresh-token.ts';
import { REFRESH_TOKEN_TTL_SECONDS } from './tokens.ts';

/**
 * The staff session cookie (ROLES.md §3, docs/decisions/0015): the refresh token, HttpOnly (no
 * script reads it), SameSite=Strict (no other site's page sends it), Secure behind TLS, sent only
 * to /api/v1/auth/. It keeps staff signed in across tabs and reloads while the access token lives
 * in the page's memory. It carries no personal data: a signed random id and the user's number.
 */
export const SESSION_COOKIE = 'lending_session';
const sessionCookie = (req: Request) => ({ httpOnly: true, secure: req.secure, sameSite: 'strict' as const, path: '/api/v1/auth/' });
const setSession = (req: Request, res: Response, refresh: string) => res.cookie(SESSION_COOKIE, refresh, { ...sessionCookie(req), maxAge: REFRESH_TOKEN_TTL_SECONDS * 1000 });
const clearSession = (req: Request, res: Response) => res.clearCookie(SESSION_COOKIE, sessionCookie(req));

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
      setSession(req, res, tokens.refresh);
      return tokens;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/auth/token/refresh/',
    access: access.public,
    summary: 'Exchange a refresh token for a new access token: the body\'s, or (body left out) the session cookie\'s that the login set',
    tags,
    body: refreshRequest,
    responses: { 200: { description: 'New access token', schema: refreshResponse }, ...errors },
    handler: ({ deps, actor, body, req }) => refreshAccessToken(deps, actor, { refresh: body.refresh ?? cookieValue(req.headers.cookie, SESSION_COOKIE) }),
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
    summary: 'Revoke a refresh token: the body\'s, or (body left out) the session cookie\'s; the cookie is cleared',
    tags,
    body: logoutRequest,
    responses: { 204: { description: 'Revoked' }, ...errors },
    handler: async ({ deps, actor, body, req, res }) => {
      await revokeRefreshToken(deps, actor, { refresh: body.refresh ?? cookieValue(req.headers.cookie, SESSION_COOKIE) });
      clearSession(req, res);
      return new Reply(204);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/auth/logout-all/',
    access: access.staff('staff.read'),
    summary: 'Sign out everywhere (our addition, ROLES.md §3): revoke every refresh token of the caller; access tokens end within 15 minutes',
    tags,
    responses: { 200: { description: 'How many sessions were revoked', schema: logoutAllResponse }, 401: errors[401] },
    handler: async ({ deps, actor, req, res }) => {
      const done = await revokeAllSessions(deps, actor, {});
      clearSession(req, res);
      return done;
    },
  }),
];
