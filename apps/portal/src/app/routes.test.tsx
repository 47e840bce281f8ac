import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client } from '../shared/api';
import { STEP_FAILED } from '../features/loan-application/useStepSubmit';
import { AppRoutes } from './routes';

const seen = { location: '' };
function LocationSpy() {
  const current = useLocation();
  useEffect(() => {
    seen.location = `${current.pathname}${current.search}`;
  });
  return null;
}

function renderAt(path: string) {
  render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: (key: string) => client.get(key), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationSpy />
      </MemoryRouter>
    </SWRConfig>,
  );
}

function form(state: string | null, extra: Record<string, unknown> = {}) {
  return {
    token: 'A'.repeat(32),
    type: 'CONSUMER_LOAN',
    state,
    data: { value: 200000, installment_value: 5000 },
    raw_data: { value: 200000, installment_value: 5000 },
    config: {},
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    utm_source: null,
    utm_campaign: null,
    utm_medium: null,
    is_offer_applied: false,
    offer_drafts: [],
    applied_offer: null,
    reference: null,
    co_debtors: [],
    ...extra,
  };
}

function mockFetch(handler: (url: string, init?: RequestInit) => { status: number; body?: unknown }) {
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { status, body } = handler(String(input), init);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('portal routes', () => {
  it('shows the Crossroad with both loan types and the intro only on /', async () => {
    renderAt('/');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Půjčka bez zbytečných starostí');
    expect((await screen.findByRole('link', { name: /Podnikám/ })).getAttribute('href')).toBe('/vyse-pujcky?type=INVESTMENT_LOAN');
    expect(screen.getByRole('link', { name: /Nepodnikám/ }).getAttribute('href')).toBe('/vyse-pujcky?type=CONSUMER_LOAN');
  });

  it('renders the footer help block with the default helpline', () => {
    renderAt('/');

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Bezplatná linka')).toBeTruthy();
    expect(within(footer).getByRole('link', { name: '800 100 200' }).getAttribute('href')).toBe('tel:+420800100200');
    expect(within(footer).getByText('Po–Pá 9–17')).toBeTruthy();
    expect(within(footer).getByText('Na trhu již 11 let')).toBeTruthy();
    expect(within(footer).getByRole('button', { name: 'Nastavení cookies' })).toBeTruthy();
  });

  it('stores the cookie choice', async () => {
    renderAt('/');
    await userEvent.click(screen.getByRole('button', { name: 'Nastavení cookies' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Analytické cookies' }));
    await userEvent.click(screen.getByRole('button', { name: 'Uložit nastavení' }));
    expect(JSON.parse(localStorage.getItem('portal:cookie-consent')!)).toMatchObject({ analytics: true, marketing: false });
  });

  it('goes from a choice to the loan amount step with the stepper and the defaults', async () => {
    renderAt('/');

    await userEvent.click(await screen.findByRole('link', { name: /Nepodnikám/ }));

    // The location commits once the lazy loan page has loaded (the router navigates in a
    // transition); its first, cold import took over a second on a busy 2-core CI machine.
    await waitFor(() => expect(seen.location).toBe('/vyse-pujcky?type=CONSUMER_LOAN'), { timeout: 5_000 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Výše půjčky' })).toBeTruthy();
    const stepper = screen.getByRole('navigation', { name: 'Postup žádosti' });
    const labels = within(stepper)
      .getAllByRole('listitem')
      .map((item) => item.textContent?.replace(/\s*\(.*\)$/, '').replace(/^\d/, ''));
    expect(labels).toEqual(['Výše půjčky', 'Osobní údaje', 'Zajištění', 'Dokumenty']);
    expect(screen.getByText('Spotřebitelská půjčka')).toBeTruthy();
    expect((screen.getByLabelText('Výše půjčky') as HTMLInputElement).value).toBe('50\u00a0000');
    expect((screen.getByLabelText('Měsíční splátka') as HTMLInputElement).value).toBe('1\u00a0000');
    expect(screen.queryByLabelText('Účel úvěru')).toBeNull();
    // The header intro belongs to the Crossroad only.
    expect(screen.queryByText('Půjčka bez zbytečných starostí')).toBeNull();
    expect(screen.getByRole('button', { name: 'Potřebuji novou žádost' })).toBeTruthy();
  });

  it('shows the contract messages inline and in the summary without calling the API', async () => {
    const fetch = mockFetch(() => ({ status: 500 }));
    renderAt('/vyse-pujcky?type=CONSUMER_LOAN');
    const amount = await screen.findByLabelText('Výše půjčky');
    await userEvent.clear(amount);
    await userEvent.type(amount, '10000');
    await userEvent.click(screen.getByRole('button', { name: 'Pokračovat' }));

    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText('Opravte prosím chyby ve formuláři')).toBeTruthy();
    expect(within(summary).getByRole('link', { name: 'Výše půjčky: Minimální hodnota je 50 tisíc Kč' }).getAttribute('href')).toBe('#loan-value');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['Podnikám', 'INVESTMENT_LOAN', 'Podnikatelský úvěr', { purpose: 'Nákup stroje' }],
    ['Nepodnikám', 'CONSUMER_LOAN', 'Spotřebitelská půjčka', {}],
  ] as const)('creates the form of the chosen type (%s: %s) with the UTM of the first visit and moves to the person step', async (choice, type, label, extra) => {
    // The API's part played straight: the form it creates is of the type the request asked for,
    // and reading it back answers that form, so a wrong type sent shows in the URL and the page.
    let created: ReturnType<typeof form> | null = null;
    const fetch = mockFetch((url, init) => {
      if (url.startsWith('/api/v1/forms/?') && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { type: string; value: number; installment_value: number };
        created = form('BASIC_DEAL_INFO', { type: body.type, data: { value: body.value, installment_value: body.installment_value }, raw_data: { value: body.value, installment_value: body.installment_value } });
        return { status: 201, body: created };
      }
      if (created && url.startsWith(`/api/v1/forms/${created.token}/`)) return { status: 200, body: created };
      return { status: 404, body: { detail: 'Žádost nebyla nalezena.' } };
    });
    renderAt('/?utm_source=seznam&utm_campaign=jaro');
    await userEvent.click(await screen.findByRole('link', { name: new RegExp(`^${choice}`) }));
    expect(await screen.findByText(label)).toBeTruthy();
    if ('purpose' in extra) await userEvent.type(await screen.findByLabelText('Účel úvěru'), extra.purpose);
    else expect(screen.queryByLabelText('Účel úvěru')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Pokračovat' }));

    await waitFor(() => expect(seen.location).toBe(`/osobni-udaje?token=${'A'.repeat(32)}&type=${type}`));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/forms/?utm_source=seznam&utm_campaign=jaro');
    expect(JSON.parse(String(init?.body))).toEqual({ type, value: 50000, installment_value: 1000, ...extra });
    expect(await screen.findByRole('heading', { level: 1, name: 'Osobní údaje' })).toBe(document.activeElement);
    expect(screen.getByText(label)).toBeTruthy();
  });

  it("a refused step says what the server said about too many requests, not that the step failed", async () => {
    const detail = 'Příliš mnoho požadavků z Vaší sítě. Zkuste to prosím znovu za 4 minuty.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ detail }), { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '212' } })),
    );
    renderAt('/vyse-pujcky?type=CONSUMER_LOAN');
    await userEvent.click(await screen.findByRole('button', { name: 'Pokračovat' }, { timeout: 5_000 }));

    expect((await screen.findByText(detail)).getAttribute('role')).toBe('status');
    expect(screen.queryByText(STEP_FAILED)).toBeNull();
    expect(seen.location).toBe('/vyse-pujcky?type=CONSUMER_LOAN');
  });

  it('sends a loan step without a valid type back to the Crossroad', async () => {
    renderAt('/vyse-pujcky?type=NONSENSE');

    expect(await screen.findByRole('link', { name: /Podnikám/ })).toBeTruthy();
    await waitFor(() => expect(seen.location).toBe('/'));
  });

  it('shows NotFound for unknown paths and returns to the start', async () => {
    renderAt('/tohle-neexistuje');

    expect((await screen.findByRole('heading', { level: 1, name: 'Stránka neexistuje' })).textContent).toBe('Stránka neexistuje');
    await userEvent.click(screen.getByRole('link', { name: 'Zpět na začátek' }));

    await waitFor(() => expect(seen.location).toBe('/'));
    expect(await screen.findByRole('link', { name: /Nepodnikám/ })).toBeTruthy();
  });
});

describe('application start', () => {
  it.each([
    ['BASIC_DEAL_INFO', '/vyse-pujcky', '/osobni-udaje'],
    ['PERSON_INFO', '/osobni-udaje', '/zajisteni'],
    ['COLLATERAL_INFO', '/vyse-pujcky', '/dokumenty'],
  ])('a form in %s opened at %s continues at %s', async (state, opened, expected) => {
    mockFetch((url) => (url.includes('/documents/') ? { status: 404, body: {} } : { status: 200, body: form(state) }));
    renderAt(`${opened}?token=${'A'.repeat(32)}`);
    await waitFor(() => expect(seen.location.split('?')[0]).toBe(expected));
  });

  it('a closed form starts a new one at the Crossroad', async () => {
    mockFetch(() => ({ status: 200, body: form('CLOSED') }));
    renderAt(`/dokumenty?token=${'A'.repeat(32)}`);
    await waitFor(() => expect(seen.location).toBe('/'));
    expect(await screen.findByRole('link', { name: /Podnikám/ })).toBeTruthy();
  });

  it('a form that cannot be loaded is reported and the applicant starts again', async () => {
    mockFetch(() => ({ status: 404, body: { detail: 'Žádost nebyla nalezena.' } }));
    renderAt(`/osobni-udaje?token=${'B'.repeat(32)}`);
    expect(await screen.findByText('Nepodařilo se načíst žádost')).toBeTruthy();
    await waitFor(() => expect(seen.location).toBe('/'));
  });

  it('stays on Documents with a token', async () => {
    mockFetch((url) => (url.includes('/documents/') ? { status: 404, body: {} } : { status: 200, body: form('PERSON_INFO') }));
    renderAt(`/dokumenty?token=${'A'.repeat(32)}`);
    expect(await screen.findByText('Nepodařilo se načíst bankovní výpisy.')).toBeTruthy();
    expect(seen.location.split('?')[0]).toBe('/dokumenty');
  });

  it('the guard sends Cover and Documents without a token to the Crossroad', async () => {
    renderAt('/zajisteni');
    await waitFor(() => expect(seen.location).toBe('/'));
    renderAt('/dokumenty');
    await waitFor(() => expect(seen.location).toBe('/'));
  });

  it('returning from the bank cuts the token to 32 characters and confirms', async () => {
    mockFetch((url) => (url.includes('/documents/') ? { status: 404, body: {} } : { status: 200, body: form('COLLATERAL_INFO') }));
    renderAt(`/dokumenty?token=${'A'.repeat(32)}?clientId=xyz`);
    expect(await screen.findByText('Napojení Vaší banky proběhlo úspěšně')).toBeTruthy();
    expect(seen.location).toBe(`/dokumenty?token=${'A'.repeat(32)}&screening=true`);
  });

  it('shows the offer from the link in the confirmation dialog and reports a malformed one', async () => {
    const offer = btoa(JSON.stringify({ value: 180000, installment_value: 4500 }));
    const fetch = mockFetch((url) => (url.includes('/documents/') ? { status: 404, body: {} } : { status: 200, body: form('COLLATERAL_INFO') }));
    renderAt(`/dokumenty?token=${'A'.repeat(32)}&offer=${offer}`);
    const dialog = await screen.findByRole('dialog', { name: 'Potvrzení nabídky' });
    expect(within(dialog).getByText('180 000 Kč')).toBeTruthy();
    expect(within(dialog).getByText('4 500 Kč měsíčně')).toBeTruthy();
    // Confirmed with the amounts as the API writes money (docs/decisions/0023).
    await userEvent.click(within(dialog).getByRole('button', { name: 'Potvrdit nabídku' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/question/'))).toBe(true));
    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/question/'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ type: 'SAVE_APPLICATION_OFFER', value: '180000.00', installment_value: '4500.00' });
  });

  it('reports a malformed offer', async () => {
    mockFetch((url) => (url.includes('/documents/') ? { status: 404, body: {} } : { status: 200, body: form('COLLATERAL_INFO') }));
    renderAt(`/dokumenty?token=${'A'.repeat(32)}&offer=${btoa('{"value":1}')}`);
    expect(await screen.findByText('Offer is not in valid format')).toBeTruthy();
  });
});
