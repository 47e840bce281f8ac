import type { ScreeningDetail } from '@lending/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { polling } from '../../shared/polling';
import { page as drfPage, mockApi, type RecordedCall, type Reply } from '../../test/fetch-mock';
import { asListItem, finishedScreening, leadListItem, personDetail, personSummary, screeningDetail } from '../../test/fixtures';
import { currentUrl, meHandler, renderApp } from '../../test/render-app';
import './index';

function personApi(extra: Record<string, (call: RecordedCall) => Reply | Promise<Reply>> = {}, screenings: () => ScreeningDetail[] = () => []) {
  return mockApi({
    ...meHandler(),
    'GET /api/v1/persons/55/': () => ({ status: 200, body: personDetail() }),
    'GET /api/v1/persons/55/person/': () => ({ status: 200, body: personSummary() }),
    'GET /api/v1/persons/55/deals/': () => ({ status: 200, body: drfPage([]) }),
    'GET /api/v1/persons/55/distraint/': () => ({ status: 200, body: [] }),
    'GET /api/v1/persons/55/realty-rights/': () => ({ status: 200, body: [] }),
    'GET /api/v1/persons/55/screenings/': () => ({ status: 200, body: drfPage(screenings().map(asListItem)) }),
    'GET /api/v1/leads/': () => ({ status: 200, body: drfPage([leadListItem()]) }),
    ...extra,
  });
}

beforeEach(() => {
  sessionStorage.clear();
  polling.intervalMs = 30;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  polling.intervalMs = 2000;
});

describe('person detail', () => {
  it('shows the header from the summary and the related leads of the person', async () => {
    const { calls } = personApi();
    renderApp('/persons/55');

    expect(await screen.findByRole('heading', { level: 1, name: 'Jiří Dvořák' })).toBeTruthy();
    expect(screen.getByText(/850412\/\*{4}/, { selector: '.page-header__subtitle' })).toBeTruthy();
    const leads = screen.getByRole('region', { name: 'Žádosti' });
    expect((await within(leads).findByRole('link', { name: 'Žádost #101' })).getAttribute('href')).toBe('/leads/101');
    const leadQuery = calls.find((c) => c.path === '/api/v1/leads/')?.query;
    expect(leadQuery?.get('person')).toBe('55');
  });

  it('settles a finished screening once, though settling fetches it again until the slower list says so', async () => {
    // Fake timers that also follow real time: the answers' latencies below and the polls run on
    // them, and the end jumps the clock instead of sleeping.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    let stored: ScreeningDetail[] = [];
    let summaries = 0;
    personApi(
      {
        'GET /api/v1/persons/55/person/': () => {
          summaries += 1;
          return { status: 200, body: personSummary() };
        },
        'POST /api/v1/persons/55/screenings/': () => {
          stored = [screeningDetail()];
          // The job ends at once: the first poll sees it finished, the list answers later.
          setTimeout(() => (stored = [finishedScreening()]), 20);
          return { status: 202, body: stored[0] };
        },
        'GET /api/v1/persons/55/screenings/31/': async () => {
          await later(40);
          return { status: 200, body: stored[0] };
        },
      },
      () => stored,
    );
    // The list is the slow one.
    const fetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      const answer = await fetch(input, init);
      if (input.includes('/screenings/?')) await later(120);
      return answer;
    });
    polling.intervalMs = 2000;
    renderApp('/persons/55');

    const section = await screen.findByRole('region', { name: 'Prověrky' });
    await user.selectOptions(await within(section).findByLabelText('Druh prověrky'), 'Insolvenční rejstřík (ISIR)');
    await user.click(within(section).getByRole('button', { name: 'Spustit prověrku' }));
    await within(section).findByRole('button', { name: 'Stáhnout PDF' }, { timeout: 3000 });
    // Five polling intervals on the fake clock, each far longer than a round of the loop
    // (screening 40 ms, list 120 ms): a loop would have fetched the summary again.
    await act(() => vi.advanceTimersByTimeAsync(5 * polling.intervalMs));
    // Loaded, revalidated when the screening started, and once more when it ended: no loop.
    expect(summaries).toBe(3);
  });

  it('runs a screening, polls it until FINISHED and downloads its PDF', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pdf');
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    let stored: ScreeningDetail[] = [];
    let polls = 0;
    const { calls } = personApi(
      {
        'POST /api/v1/persons/55/screenings/': () => {
          stored = [screeningDetail()];
          return { status: 202, body: stored[0] };
        },
        'GET /api/v1/persons/55/screenings/31/': () => {
          polls += 1;
          // PENDING, then IN_PROGRESS, then done.
          if (polls === 1) return { status: 200, body: screeningDetail() };
          if (polls === 2) return { status: 200, body: screeningDetail({ state: 'IN_PROGRESS', state_label: 'Zpracovává se' }) };
          stored = [finishedScreening()];
          return { status: 200, body: stored[0] };
        },
        'GET /api/v1/persons/55/screenings/31/download/': () => ({
          status: 200,
          raw: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': "attachment; filename*=UTF-8''prov%C4%9Brka-ISIR-Dvo%C5%99%C3%A1k.pdf" },
        }),
      },
      () => stored,
    );
    renderApp('/persons/55');

    const section = await screen.findByRole('region', { name: 'Prověrky' });
    await within(section).findByText('Na osobě zatím nebyla spuštěna žádná prověrka.');
    await user.click(within(section).getByRole('button', { name: 'Spustit prověrku' }));
    expect((await within(section).findByRole('alert')).textContent).toContain('Druh prověrky: Pole je povinné');

    await user.selectOptions(within(section).getByLabelText('Druh prověrky'), 'Insolvenční rejstřík (ISIR)');
    await user.click(within(section).getByRole('button', { name: 'Spustit prověrku' }));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ type: 'ISIR_INSOLVENCY' });

    // The running screening is polled one by one until it ends; then the list shows the PDF.
    const download = await within(section).findByRole('button', { name: 'Stáhnout PDF' }, { timeout: 3000 });
    expect(polls).toBeGreaterThanOrEqual(3);
    expect(within(section).getByText('Rizikový nález')).toBeTruthy();
    expect(within(section).getByText('Dokončeno', { selector: '.badge' })).toBeTruthy();
    expect(within(section).getByText('Prověrka Insolvenční rejstřík (ISIR) je dokončena: Rizikový nález.')).toBeTruthy();
    // Nothing polls a finished screening.
    const settledPolls = polls;
    // Ten polling intervals on the fake clock: a screen that still polled would have asked again.
    await act(() => vi.advanceTimersByTimeAsync(10 * polling.intervalMs));
    expect(polls).toBe(settledPolls);

    await user.click(download);
    await waitFor(() => expect(clicked).toEqual(['prověrka-ISIR-Dvořák.pdf']));
    const fileCall = calls.find((c) => c.path === '/api/v1/persons/55/screenings/31/download/');
    expect(fileCall?.headers.get('Authorization')).toBe('Bearer access-token');
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect(await screen.findByText('Soubor prověrka-ISIR-Dvořák.pdf byl stažen.')).toBeTruthy();
  });

  it('reports a failed download', async () => {
    const user = userEvent.setup();
    personApi(
      { 'GET /api/v1/persons/55/screenings/31/download/': () => ({ status: 404, body: { detail: 'Protokol prověrky nebyl nalezen.' } }) },
      () => [finishedScreening()],
    );
    renderApp('/persons/55');

    await user.click(await screen.findByRole('button', { name: 'Stáhnout PDF' }));
    expect(await screen.findByText('Soubor se nepodařilo stáhnout. Protokol prověrky nebyl nalezen.')).toBeTruthy();
  });

  it('creates a lead for the person and opens it', async () => {
    const user = userEvent.setup();
    personApi({
      'POST /api/v1/persons/55/lead/': () => ({
        status: 201,
        body: { id: 140, source: 'BACKOFFICE', state: 'NEW', person_id: 55, deal_type: null, value: null, created_at: '2025-03-05T10:00:00.000Z' },
      }),
      'GET /api/v1/leads/140/': () => ({ status: 404, body: { detail: 'Lead nebyl nalezen.' } }),
    });
    const { router } = renderApp('/persons/55');

    await user.click(await screen.findByRole('button', { name: 'Založit žádost' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/leads/140'));
    expect(await screen.findByText('Žádost #140 byla založena.')).toBeTruthy();
  });

  it('adds a label and puts the person on the blacklist with a reason', async () => {
    const user = userEvent.setup();
    const { calls } = personApi({
      'POST /api/v1/persons/55/labels/': () => ({ status: 201, body: { id: 9, person_id: 55, name: 'VIP klient', color: null, created_at: '2025-03-05T08:00:00.000Z', updated_at: '2025-03-05T08:00:00.000Z' } }),
      'POST /api/v1/persons/55/blacklist/': () => ({ status: 201, body: { id: 4, person_id: 55, reason: 'Padělaná výplatní páska', created_by_id: 7, created_at: '2025-03-05T08:01:00.000Z' } }),
    });
    renderApp('/persons/55');

    const labels = await screen.findByRole('region', { name: 'Štítky' });
    await user.type(within(labels).getByLabelText(/Název štítku/), 'VIP klient');
    await user.click(within(labels).getByRole('button', { name: 'Přidat štítek' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/v1/persons/55/labels/' && c.method === 'POST')?.body).toEqual({ name: 'VIP klient', color: null }));

    const blacklist = screen.getByRole('region', { name: 'Černá listina' });
    await user.click(within(blacklist).getByRole('button', { name: 'Zařadit na černou listinu' }));
    expect((await within(blacklist).findByRole('alert')).textContent).toContain('Uveďte důvod zařazení na černou listinu.');
    await user.type(within(blacklist).getByLabelText(/Důvod zařazení/), 'Padělaná výplatní páska');
    await user.click(within(blacklist).getByRole('button', { name: 'Zařadit na černou listinu' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/v1/persons/55/blacklist/')?.body).toEqual({ reason: 'Padělaná výplatní páska' }));
    expect(await screen.findByText('Osoba byla zařazena na černou listinu.')).toBeTruthy();
  });
});
