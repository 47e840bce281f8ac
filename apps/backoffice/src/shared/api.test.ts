import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/fetch-mock';
import { ApiError } from '@lending/api-client';
import { staffUser } from '../test/render-app';
import { api } from './api';
import { getTokens, setTokens, subscribeToSession } from './session';

beforeEach(() => {
  sessionStorage.clear();
  setTokens({ access: 'old-access', refresh: 'refresh-1' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('refreshes an expired access token once and retries', async () => {
    const { calls } = mockApi({
      'GET /api/v1/auth/me/': ({ headers }) =>
        headers.get('Authorization') === 'Bearer new-access'
          ? { status: 200, body: staffUser() }
          : { status: 401, body: { detail: 'Token expired' } },
      'POST /api/v1/auth/token/refresh/': () => ({ status: 200, body: { access: 'new-access' } }),
    });

    await expect(api.get('/api/v1/auth/me/')).resolves.toEqual(staffUser());

    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/v1/auth/me/',
      'POST /api/v1/auth/token/refresh/',
      'GET /api/v1/auth/me/',
    ]);
    // The refresh token is the HttpOnly session cookie's: the body names none.
    expect(calls[1]?.body).toEqual({});
    expect(calls[1]?.headers.has('Authorization')).toBe(false);
    expect(getTokens()).toEqual({ access: 'new-access' });
  });

  it('shares one refresh between parallel requests', async () => {
    const { calls } = mockApi({
      'GET /api/v1/auth/me/': ({ headers }) =>
        headers.get('Authorization') === 'Bearer new-access' ? { status: 200, body: staffUser() } : { status: 401 },
      'POST /api/v1/auth/token/refresh/': () => ({ status: 200, body: { access: 'new-access' } }),
    });

    await Promise.all([api.get('/api/v1/auth/me/'), api.get('/api/v1/auth/me/')]);

    expect(calls.filter((call) => call.path === '/api/v1/auth/token/refresh/')).toHaveLength(1);
  });

  it('logs out when the refresh token is rejected too', async () => {
    const sessionChanged = vi.fn();
    const unsubscribe = subscribeToSession(sessionChanged);
    mockApi({
      'GET /api/v1/auth/me/': () => ({ status: 401 }),
      'POST /api/v1/auth/token/refresh/': () => ({ status: 401, body: { detail: 'Token is blacklisted' } }),
    });

    const failure = await api.get('/api/v1/auth/me/').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect(getTokens()).toBeNull();
    expect(sessionChanged).toHaveBeenCalled();
    unsubscribe();
  });

  it('passes other errors through with their DRF body', async () => {
    mockApi({ 'POST /api/v1/deals/': () => ({ status: 400, body: { amount: ['Povinné pole.'] } }) });

    const failure = (await api.post('/api/v1/deals/', {}).catch((error: unknown) => error)) as ApiError;

    expect(failure.status).toBe(400);
    expect(failure.fieldErrors).toEqual({ amount: ['Povinné pole.'] });
    expect(getTokens()?.access).toBe('old-access');
  });
});
