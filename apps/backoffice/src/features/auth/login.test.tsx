import { permissionsOf } from '@lending/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { routes } from '../../app/routes';
import { getTokens, setTokens } from '../../shared/session';
import { mockApi } from '../../test/fetch-mock';

const admin = { id: 1, email: 'admin@demo.cz', role: 'ADMIN', role_label: 'Administrátor', first_name: 'Eva', last_name: 'Nováková', permissions: permissionsOf('ADMIN') };

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <RouterProvider router={router} />
      </SWRConfig>
    </AppProviders>,
  );
  return router;
}

async function submitLogin(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Heslo'), password);
  await user.click(screen.getByRole('button', { name: 'Přihlásit se' }));
}


afterEach(() => {
  vi.unstubAllGlobals();
});

describe('login', () => {
  it('redirects an anonymous visitor to the login page once the session cookie gives no session', async () => {
    const { calls } = mockApi({ 'POST /api/v1/auth/token/refresh/': () => ({ status: 401, body: { detail: 'Nebyly zadány přihlašovací údaje.' } }) });
    const router = renderApp('/');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getByRole('button', { name: 'Přihlásit se' })).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/v1/auth/token/refresh/']);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a new tab or a reload stays signed in: the session cookie gives it an access token (ROLES.md §3)', async () => {
    const { calls } = mockApi({
      'POST /api/v1/auth/token/refresh/': () => ({ status: 200, body: { access: 'from-cookie' } }),
      'GET /api/v1/auth/me/': () => ({ status: 200, body: admin }),
    });
    const router = renderApp('/neco/jineho');

    expect(await screen.findByText('Přihlášen: admin@demo.cz (Administrátor)')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/neco/jineho');
    // The page never sees the refresh token: the body is empty, the cookie carries it.
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/v1/auth/token/refresh/', body: {} });
    expect(calls.find((c) => c.path === '/api/v1/auth/me/')?.headers.get('Authorization')).toBe('Bearer from-cookie');
    expect(getTokens()).toEqual({ access: 'from-cookie' });
  });

  it('shows a Czech error on 401 and stores no tokens', async () => {
    const { calls } = mockApi({
      'POST /api/v1/auth/token/': () => ({ status: 401, body: { detail: 'No active account found' } }),
    });
    renderApp('/login');

    await submitLogin('admin@demo.cz', 'spatne-heslo');

    expect((await screen.findByRole('alert')).textContent).toBe('Nesprávný e-mail nebo heslo.');
    expect(calls[0]?.body).toEqual({ email: 'admin@demo.cz', password: 'spatne-heslo' });
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
    expect(getTokens()).toBeNull();
  });

  it('tells the user to wait on 429', async () => {
    mockApi({ 'POST /api/v1/auth/token/': () => ({ status: 429, body: { detail: 'Throttled' } }) });
    renderApp('/login');

    await submitLogin('admin@demo.cz', 'heslo');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Příliš mnoho pokusů o přihlášení. Zkuste to prosím později.',
    );
  });

  it('shows 400 messages at their fields', async () => {
    mockApi({
      'POST /api/v1/auth/token/': () => ({ status: 400, body: { email: ['Zadejte platnou e-mailovou adresu.'] } }),
    });
    renderApp('/login');

    await submitLogin('admin@', 'heslo');

    const emailInput = await screen.findByLabelText('E-mail');
    await waitFor(() => expect(emailInput.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = emailInput.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toContain('Zadejte platnou e-mailovou adresu.');
    expect(screen.getByLabelText('Heslo').getAttribute('aria-invalid')).toBeNull();
  });

  it('validates empty fields without calling the API', async () => {
    const { calls } = mockApi({});
    renderApp('/login');

    await userEvent.click(screen.getByRole('button', { name: 'Přihlásit se' }));

    expect(await screen.findByText('Zadejte e-mail.')).toBeTruthy();
    expect(screen.getByText('Zadejte heslo.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('signs in, shows the user with a Czech role and signs out', async () => {
    const { calls } = mockApi({
      'POST /api/v1/auth/token/': () => ({ status: 200, body: { access: 'access-1', refresh: 'refresh-1' } }),
      'GET /api/v1/auth/me/': () => ({ status: 200, body: admin }),
      'POST /api/v1/auth/logout/': () => ({ status: 204 }),
    });
    const router = renderApp('/login');

    await submitLogin('admin@demo.cz', 'Spravne-heslo-1');

    expect(await screen.findByText('Přihlášen: admin@demo.cz (Administrátor)')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    // Only the access token, in memory: the refresh token is the HttpOnly cookie's.
    expect(getTokens()).toEqual({ access: 'access-1' });
    expect(JSON.stringify({ ...sessionStorage, ...localStorage })).not.toContain('refresh-1');
    const me = calls.find((call) => call.path === '/api/v1/auth/me/');
    expect(me?.headers.get('Authorization')).toBe('Bearer access-1');

    await userEvent.click(screen.getByRole('button', { name: 'Odhlásit se' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/v1/auth/logout/', body: {} });
    expect(getTokens()).toBeNull();
    expect(screen.getByRole('button', { name: 'Přihlásit se' })).toBeTruthy();
  });

  it('signs out everywhere: every session of the user is revoked and the login says so', async () => {
    const { calls } = mockApi({
      'GET /api/v1/auth/me/': () => ({ status: 200, body: admin }),
      'POST /api/v1/auth/logout-all/': () => ({ status: 200, body: { revoked: 3 } }),
    });
    setTokens({ access: 'a' });
    const router = renderApp('/');

    await userEvent.click(await screen.findByRole('button', { name: 'Odhlásit všude' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/v1/auth/logout-all/' });
    expect(getTokens()).toBeNull();
    expect((await screen.findByRole('status')).textContent).toBe('Byli jste odhlášeni na všech zařízeních a ve všech prohlížečích.');
  });

  it('returns to the page the user originally asked for', async () => {
    mockApi({
      'POST /api/v1/auth/token/refresh/': () => ({ status: 401, body: { detail: 'Nebyly zadány přihlašovací údaje.' } }),
      'POST /api/v1/auth/token/': () => ({ status: 200, body: { access: 'a', refresh: 'r' } }),
      'GET /api/v1/auth/me/': () => ({ status: 200, body: { ...admin, role: 'COLLECTIONS', role_label: 'Vymáhání', permissions: permissionsOf('COLLECTIONS') } }),
    });
    const router = renderApp('/neco/jineho');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    await submitLogin('admin@demo.cz', 'heslo');

    await waitFor(() => expect(router.state.location.pathname).toBe('/neco/jineho'));
    expect(await screen.findByText('Přihlášen: admin@demo.cz (Vymáhání)')).toBeTruthy();
  });

  it('sends an already signed-in user from /login to the dashboard', () => {
    mockApi({ 'GET /api/v1/auth/me/': () => ({ status: 200, body: admin }) });
    setTokens({ access: 'a', refresh: 'r' });

    const router = renderApp('/login');

    expect(router.state.location.pathname).toBe('/');
  });
});
