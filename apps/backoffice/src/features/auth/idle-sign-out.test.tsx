import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getTokens } from '../../shared/session';
import { mockApi } from '../../test/fetch-mock';
import { meHandler, renderApp } from '../../test/render-app';
import { ACTIVITY_KEY } from './IdleSignOut';
import '../../test/all-features';

// ROLES.md §3: signed out after 30 minutes without activity in any tab, warned a minute before.

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const advance = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

describe('idle sign-out', () => {
  it('warns after 29 minutes without activity, signs out at 30 and the login says why', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockApi({ ...meHandler(), 'POST /api/v1/auth/logout/': () => ({ status: 204 }) });
    const { router } = renderApp('/');
    await screen.findByText(/Přihlášen:/);

    await advance(28 * 60_000);
    expect(screen.queryByRole('dialog', { name: 'Blíží se odhlášení' })).toBeNull();
    await advance(60_000 + 1_000);
    expect(await screen.findByRole('dialog', { name: 'Blíží se odhlášení' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/za \d+ s odhlásíme/);

    await advance(60_000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getTokens()).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/auth/logout/')).toBe(true);
    expect((await screen.findByRole('status')).textContent).toContain('Po 30 minutách nečinnosti jsme vás odhlásili.');
  });

  it('"Zůstat přihlášen" keeps the session; activity in another tab counts too', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ ...meHandler(), 'POST /api/v1/auth/logout/': () => ({ status: 204 }) });
    const { router } = renderApp('/');
    await screen.findByText(/Přihlášen:/);

    await advance(29 * 60_000 + 1_000);
    const dialog = await screen.findByRole('dialog', { name: 'Blíží se odhlášení' });
    act(() => (dialog.querySelector('button.button') as HTMLButtonElement).click());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Blíží se odhlášení' })).toBeNull());

    // 25 minutes on, another tab's user pressed a key: this tab stays signed in past 30 minutes from here.
    await advance(25 * 60_000);
    localStorage.setItem(ACTIVITY_KEY, String(Date.now()));
    await advance(10 * 60_000);
    expect(router.state.location.pathname).toBe('/');
    expect(getTokens()).not.toBeNull();
  });
});
