import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getTokens } from '../../shared/session';
import { page as drfPage, mockApi } from '../../test/fetch-mock';
import { leadListItem } from '../../test/fixtures';
import { currentUrl, meHandler, renderApp } from '../../test/render-app';
import '../../test/all-features';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('expired session', () => {
  it('sends the user to the login with a message and back to the same list afterwards', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/v1/auth/me/': ({ headers }) =>
        headers.get('Authorization') === 'Bearer fresh-access' ? meHandler()['GET /api/v1/auth/me/']() : { status: 401 },
      'GET /api/v1/leads/': ({ headers }) =>
        headers.get('Authorization') === 'Bearer fresh-access'
          ? { status: 200, body: drfPage([leadListItem()]) }
          : { status: 401, body: { detail: 'Token expired' } },
      'POST /api/v1/auth/token/refresh/': () => ({ status: 401, body: { detail: 'Token is blacklisted' } }),
      'POST /api/v1/auth/token/': () => ({ status: 200, body: { access: 'fresh-access', refresh: 'fresh-refresh' } }),
    });
    const { router } = renderApp('/leads?state=NEW&page=2');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getTokens()).toBeNull();
    expect((await screen.findByRole('status')).textContent).toContain('Vaše přihlášení vypršelo.');

    await user.type(screen.getByLabelText('E-mail'), 'jana.dvorakova@demo.cz');
    await user.type(screen.getByLabelText('Heslo'), 'Spravne-heslo-1');
    await user.click(screen.getByRole('button', { name: 'Přihlásit se' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/leads?state=NEW&page=2'));
    expect(await screen.findByRole('link', { name: 'Jiří Dvořák' })).toBeTruthy();
    const lastList = calls.filter((c) => c.path === '/api/v1/leads/').at(-1);
    expect(lastList?.headers.get('Authorization')).toBe('Bearer fresh-access');
    expect(lastList?.query.get('state')).toBe('NEW');
  });

  it('shows no expiry message on a first visit', async () => {
    mockApi({});
    const { router } = renderApp('/leads', { signedIn: false });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getByRole('button', { name: 'Přihlásit se' })).toBeTruthy();
    expect(screen.queryByText(/vypršelo/)).toBeNull();
  });
});
