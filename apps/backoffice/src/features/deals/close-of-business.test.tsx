import { closeOfBusinessMessages, type CloseOfBusinessRun, type StaffRole } from '@lending/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { polling } from '../../shared/polling';
import { closeOfBusinessRun } from '../../test/deal-fixtures';
import { page as drfPage, mockApi, type RecordedCall, type Reply } from '../../test/fetch-mock';
import { meHandler, renderApp } from '../../test/render-app';
import { lateEveningInUtcBrowser, PRAGUE_DAY_OF_LATE_EVENING } from '../../test/clock';
import './index';

function cobApi(role: StaffRole, runs: () => CloseOfBusinessRun[], extra: Record<string, (call: RecordedCall) => Reply | Promise<Reply>> = {}) {
  return mockApi({
    ...meHandler(role),
    'GET /api/v1/close-of-business/': () => ({ status: 200, body: drfPage(runs()) }),
    ...extra,
  });
}

const listCalls = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/close-of-business/');

beforeEach(() => {
  sessionStorage.clear();
  polling.intervalMs = 30;
});
afterEach(() => {
  vi.unstubAllGlobals();
  polling.intervalMs = 2000;
});

describe('close of business', () => {
  it('is in the navigation and lists the closed days with what each did', async () => {
    cobApi('VIEWER', () => [closeOfBusinessRun()]);
    renderApp('/close-of-business');

    expect(within(await screen.findByRole('navigation', { name: 'Hlavní navigace' })).getByRole('link', { name: 'Uzávěrka dne' }).getAttribute('href')).toBe('/close-of-business');
    const row = (await screen.findByRole('rowheader', { name: '14. 3. 2025' })).closest('tr')!;
    expect(within(row).getByText('Automaticky (noční úloha)')).toBeTruthy();
    expect(within(row).getByText('1 834,27 Kč')).toBeTruthy();
    expect(within(row).getByText('60 / 15 / 7 / 5')).toBeTruthy();
    // Running it is for ADMIN and ACCOUNTANT only.
    expect(screen.queryByRole('button', { name: 'Spustit uzávěrku' })).toBeNull();
  });

  it('runs the close for a date, shows progress while it runs, then its result', async () => {
    const user = userEvent.setup();
    let finish: (reply: Reply) => void = () => {};
    const done = closeOfBusinessRun({ business_date: '2025-03-15', stats: { ...closeOfBusinessRun().stats!, trigger: 'STAFF', overdue_deals: 91, breaches_started: 4 } });
    let runs = [closeOfBusinessRun()];
    const { calls } = cobApi('ACCOUNTANT', () => runs, {
      'POST /api/v1/close-of-business/': () => new Promise<Reply>((resolve) => (finish = resolve)),
    });
    // The form offers today's business date: Prague's, already the 16th at 23:30 UTC.
    onTestFinished(lateEveningInUtcBrowser());
    renderApp('/close-of-business');

    const date = await screen.findByLabelText(/Obchodní den/);
    expect((date as HTMLInputElement).value).toBe(PRAGUE_DAY_OF_LATE_EVENING);
    await user.clear(date);
    await user.type(date, '2025-03-15');
    await user.click(screen.getByRole('button', { name: 'Spustit uzávěrku' }));

    expect(await screen.findByRole('button', { name: 'Uzávěrka běží…' })).toHaveProperty('disabled', true);
    // While it runs, the list is polled so a run in progress shows.
    const before = listCalls(calls).length;
    runs = [{ id: 900, business_date: '2025-03-15', started_at: '2025-03-15T20:00:00.000Z', finished_at: null, stats: null }, ...runs];
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before + 1));
    expect(await screen.findByText(/Běží od/)).toBeTruthy();

    runs = [done, closeOfBusinessRun()];
    finish({ status: 200, body: { runs: [done] } });
    expect(await screen.findByText('Uzávěrka proběhla: 1 uzavřený den.')).toBeTruthy();
    const result = screen.getByRole('region', { name: 'Výsledek uzávěrky' });
    expect(within(result).getByText('Uzavřeno: 15. 3. 2025.')).toBeTruthy();
    expect(within(result).getByText('Obchody po splatnosti').nextElementSibling?.textContent).toBe('91');
    expect(within(result).getByText('Nová porušení smlouvy').nextElementSibling?.textContent).toBe('4');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ business_date: '2025-03-15' });
    expect(await screen.findByRole('button', { name: 'Spustit uzávěrku' })).toHaveProperty('disabled', false);
  });

  it('shows the API’s Czech refusal of a future date at the field', async () => {
    const user = userEvent.setup();
    cobApi('ADMIN', () => [], {
      'POST /api/v1/close-of-business/': () => ({ status: 400, body: { business_date: [closeOfBusinessMessages.future] } }),
    });
    renderApp('/close-of-business');

    expect(await screen.findByText('Zatím nebyl uzavřen žádný den.')).toBeTruthy();
    const date = screen.getByLabelText(/Obchodní den/);
    await user.clear(date);
    await user.type(date, '2099-01-01');
    await user.click(screen.getByRole('button', { name: 'Spustit uzávěrku' }));
    expect((await screen.findAllByText(new RegExp(closeOfBusinessMessages.future.slice(0, 40)))).length).toBeGreaterThan(0);
    expect(screen.getByLabelText(/Obchodní den/).getAttribute('aria-invalid')).toBe('true');
  });

  it('polls a run the nightly job has in progress until it ends', async () => {
    // Fake timers that also follow real time, so the polls and Testing Library's waits run as usual.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    let polls = 0;
    cobApi('VIEWER', () => {
      polls += 1;
      return polls < 3 ? [{ id: 901, business_date: '2025-03-15', started_at: '2025-03-15T23:00:00.000Z', finished_at: null, stats: null }] : [closeOfBusinessRun({ business_date: '2025-03-15' })];
    });
    renderApp('/close-of-business');
    expect(await screen.findByText(/Běží od/)).toBeTruthy();
    expect(await screen.findByText(/Dokončeno/)).toBeTruthy();
    const settled = polls;
    // Ten polling intervals on the fake clock: a screen that still polled would have asked again.
    await act(() => vi.advanceTimersByTimeAsync(10 * polling.intervalMs));
    expect(polls).toBe(settled);
  });
});
