import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toast';
import { Toasts } from './Toasts';

afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('go after their time, an error later when asked, and a message on screen is not repeated', () => {
    vi.useFakeTimers();
    const store = createToastStore({ durationMs: 2000 });
    render(<Toasts store={store} />);

    act(() => {
      store.show('Uloženo', 'success');
      store.show('Uloženo', 'success');
      store.show('Příliš mnoho požadavků.', 'error', 60_000);
    });
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Uloženo', 'Příliš mnoho požadavků.']);
    expect(screen.queryByRole('button')).toBeNull();

    act(() => vi.advanceTimersByTime(2000));
    expect(store.current().map((t) => t.message)).toEqual(['Příliš mnoho požadavků.']);
    act(() => vi.advanceTimersByTime(58_000));
    expect(store.current()).toEqual([]);
  });

  it('in the back-office: errors are assertive and stay until closed', async () => {
    const user = userEvent.setup();
    const store = createToastStore({ durationMs: 6000, errorsStay: true });
    const { container } = render(<Toasts store={store} dismissible />);
    act(() => store.show('Soubor se nepodařilo stáhnout.', 'error'));

    const assertive = container.querySelector('[aria-live="assertive"]') as HTMLElement;
    expect(within(assertive).getByRole('status').textContent).toBe('Soubor se nepodařilo stáhnout.');
    await user.click(within(assertive).getByRole('button', { name: 'Zavřít zprávu' }));
    expect(store.current()).toEqual([]);
  });
});
