import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/fetch-mock';
import { meHandler, renderApp } from '../test/render-app';
import '../test/all-features';

afterEach(() => vi.unstubAllGlobals());

const deal = { kind: 'DEAL' as const, id: 415, label: 'Obchod #415 · SU-2025-0415', detail: 'Jana Nováková · Spotřebitelský úvěr · Aktivní' };
const person = (id: number, label: string) => ({ kind: 'PERSON' as const, id, label, detail: 'nar. 2. 9. 1987' });

describe('the header search', () => {
  it('opens the one deal a number finds, straight away', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ ...meHandler(), 'GET /api/v1/search/': () => ({ status: 200, body: { deals: [deal], persons: [], more_deals: false, more_persons: false, only: deal } }) });
    const { router } = renderApp('/');
    const search = await screen.findByRole('search', { name: 'Hledat obchod nebo osobu' });
    await user.type(within(search).getByLabelText('Hledat obchod nebo osobu'), '415');
    await user.click(within(search).getByRole('button', { name: 'Hledat obchod nebo osobu' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/deals/415'));
    expect(calls.find((c) => c.path === '/api/v1/search/')?.query.get('q')).toBe('415');
  });

  it('lists several matches to choose from, with a way to the full list', async () => {
    const user = userEvent.setup();
    mockApi({
      ...meHandler(),
      'GET /api/v1/search/': () => ({ status: 200, body: { deals: [deal], persons: [person(55, 'Jana Nováková'), person(56, 'Jana Novák')], more_deals: false, more_persons: true, only: null } }),
    });
    const { router } = renderApp('/');
    const search = await screen.findByRole('search', { name: 'Hledat obchod nebo osobu' });
    await user.type(within(search).getByLabelText('Hledat obchod nebo osobu'), 'Jana Nov{Enter}');
    const results = await screen.findByRole('region', { name: 'Výsledky hledání „Jana Nov“' });
    expect(within(results).getByRole('link', { name: 'Obchod #415 · SU-2025-0415' }).getAttribute('href')).toBe('/deals/415');
    expect(within(results).getByRole('link', { name: 'Zobrazit všechny v seznamu' }).getAttribute('href')).toBe('/persons?search=Jana%20Nov');
    await user.click(within(results).getByRole('link', { name: 'Jana Novák' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/persons/56'));
    expect(screen.queryByRole('region', { name: /Výsledky hledání/ })).toBeNull();
  });

  it('asks for 2 characters before calling the API, and says when nothing is found', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ ...meHandler(), 'GET /api/v1/search/': () => ({ status: 200, body: { deals: [], persons: [], more_deals: false, more_persons: false, only: null } }) });
    renderApp('/');
    const search = await screen.findByRole('search', { name: 'Hledat obchod nebo osobu' });
    const input = within(search).getByLabelText('Hledat obchod nebo osobu');
    await user.type(input, 'x{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Zadejte alespoň 2 znaky.');
    expect(calls.some((c) => c.path === '/api/v1/search/')).toBe(false);
    await user.type(input, 'yz{Enter}');
    expect(await screen.findByText('Nic nenalezeno.')).toBeTruthy();
  });

  it('folds the navigation behind a Menu button (narrow screens) that says whether it is open', async () => {
    const user = userEvent.setup();
    mockApi({ ...meHandler() });
    renderApp('/');
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    await user.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Hlavní navigace' }).getAttribute('data-open')).toBe('true');
    await user.click(within(screen.getByRole('navigation', { name: 'Hlavní navigace' })).getByRole('link', { name: 'Obchody' }));
    await waitFor(() => expect(menu.getAttribute('aria-expanded')).toBe('false'));
  });
});
