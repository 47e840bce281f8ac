import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page as drfPage, mockApi, type RecordedCall } from '../../test/fetch-mock';
import { leadListItem } from '../../test/fixtures';
import { currentUrl, meHandler, renderApp } from '../../test/render-app';
// Loaded up front, so the lazy route resolves at once in every test.
import './index';

function leadsApi(count = 45) {
  return mockApi({
    ...meHandler(),
    'GET /api/v1/leads/': () => ({
      status: 200,
      body: drfPage([leadListItem(), leadListItem({ id: 102, person: null, state: 'CLOSED', value: null })], count),
    }),
  });
}

const listCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/api/v1/leads/');
const lastQuery = (calls: RecordedCall[]) => Object.fromEntries(listCalls(calls).at(-1)?.query ?? []);

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('leads list', () => {
  it('asks for the first page newest first and links rows by name or number', async () => {
    const { calls } = leadsApi();
    renderApp('/leads');

    const link = await screen.findByRole('link', { name: 'Jiří Dvořák' });
    expect(link.getAttribute('href')).toBe('/leads/101');
    expect(screen.getByRole('link', { name: 'Žádost #102' }).getAttribute('href')).toBe('/leads/102');
    expect(lastQuery(calls)).toEqual({ page: '1', page_size: '20', ordering: '-created_at' });
    expect(listCalls(calls)[0]?.headers.get('Authorization')).toBe('Bearer access-token');
    expect(screen.getByText('Zobrazeno 1–20 z 45')).toBeTruthy();
    expect(screen.getByText('Nalezeno 45 žádostí.')).toBeTruthy();
  });

  it('puts the filters into the URL and the request, and restores them from the URL', async () => {
    const user = userEvent.setup();
    const { calls } = leadsApi();
    const { router } = renderApp('/leads?page=2');
    await screen.findByRole('link', { name: 'Jiří Dvořák' });

    const filters = screen.getByRole('search', { name: 'Filtr žádostí' });
    await user.type(within(filters).getByLabelText('Vyhledat'), '  Dvořák ');
    await user.click(within(filters).getByLabelText('Nový'));
    await user.click(within(filters).getByLabelText('Nabídka odeslána'));
    await user.selectOptions(within(filters).getByLabelText('Zdroj'), 'Leadsor');
    await user.selectOptions(within(filters).getByLabelText('Typ obchodu'), 'Spotřebitelský úvěr');
    await user.type(within(filters).getByLabelText('Vytvořeno od'), '2025-03-01');
    await user.type(within(filters).getByLabelText('Vytvořeno do'), '2025-03-31');
    await user.click(within(filters).getByRole('button', { name: 'Hledat' }));

    // A new search starts again at page 1.
    await waitFor(() =>
      expect(lastQuery(calls)).toEqual({
        page: '1',
        page_size: '20',
        ordering: '-created_at',
        state: 'NEW,OFFER_SENT',
        source: 'LEADSOR',
        deal_type: 'CONSUMER_LOAN',
        search: 'Dvořák',
        created_from: '2025-03-01',
        created_to: '2025-03-31',
      }),
    );
    const url = new URL(currentUrl(router), 'http://x');
    expect(url.pathname).toBe('/leads');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      state: 'NEW,OFFER_SENT',
      source: 'LEADSOR',
      deal_type: 'CONSUMER_LOAN',
      search: 'Dvořák',
      created_from: '2025-03-01',
      created_to: '2025-03-31',
    });

    // Back restores the previous list (page 2, no filters) and the form follows the URL.
    await router.navigate(-1);
    await waitFor(() => expect(lastQuery(calls)).toEqual({ page: '2', page_size: '20', ordering: '-created_at' }));
    expect((screen.getByLabelText('Vyhledat') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Nový') as HTMLInputElement).checked).toBe(false);
  });

  it('fills the filter form from the URL on load', async () => {
    const { calls } = leadsApi();
    renderApp('/leads?state=CLOSED&search=Nov%C3%A1k&source=VOLSOR&ordering=value');

    await screen.findByRole('link', { name: 'Jiří Dvořák' });
    expect(lastQuery(calls)).toMatchObject({ state: 'CLOSED', search: 'Novák', source: 'VOLSOR', ordering: 'value' });
    expect((screen.getByLabelText('Uzavřený') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Vyhledat') as HTMLInputElement).value).toBe('Novák');
    expect((screen.getByLabelText('Zdroj') as HTMLSelectElement).value).toBe('VOLSOR');
  });

  it('refuses a date range that ends before it starts', async () => {
    const user = userEvent.setup();
    const { calls } = leadsApi();
    renderApp('/leads');
    await screen.findByRole('link', { name: 'Jiří Dvořák' });
    const before = listCalls(calls).length;

    await user.type(screen.getByLabelText('Vytvořeno od'), '2025-04-01');
    await user.type(screen.getByLabelText('Vytvořeno do'), '2025-03-01');
    await user.click(screen.getByRole('button', { name: 'Hledat' }));

    expect(await screen.findByText(/musí být nejpozději/)).toBeTruthy();
    expect(listCalls(calls)).toHaveLength(before);
  });

  it('sorts by a column header: ascending first, then descending, with aria-sort', async () => {
    const user = userEvent.setup();
    const { calls } = leadsApi();
    const { router } = renderApp('/leads');
    await screen.findByRole('link', { name: 'Jiří Dvořák' });

    const createdHeader = screen.getByRole('columnheader', { name: /Vytvořeno/ });
    expect(createdHeader.getAttribute('aria-sort')).toBe('descending');
    const amountHeader = screen.getByRole('columnheader', { name: /Částka/ });
    expect(amountHeader.getAttribute('aria-sort')).toBeNull();

    await user.click(within(amountHeader).getByRole('button', { name: /Částka/ }));
    await waitFor(() => expect(lastQuery(calls).ordering).toBe('value'));
    expect(currentUrl(router)).toBe('/leads?ordering=value');
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Částka/ }).getAttribute('aria-sort')).toBe('ascending'));

    await user.click(screen.getByRole('button', { name: /Částka/ }));
    await waitFor(() => expect(lastQuery(calls).ordering).toBe('-value'));
    expect(screen.getByRole('columnheader', { name: /Částka/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('pages through the list and changes the page size', async () => {
    const user = userEvent.setup();
    const { calls } = leadsApi(45);
    const { router } = renderApp('/leads?ordering=id');
    await screen.findByRole('link', { name: 'Jiří Dvořák' });

    const pager = screen.getByRole('navigation', { name: 'Stránkování žádostí' });
    expect(within(pager).getByRole('button', { name: 'Strana 1' }).getAttribute('aria-current')).toBe('page');
    expect((within(pager).getByRole('button', { name: 'Předchozí strana' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(pager).getByRole('button', { name: 'Další strana' }));
    await waitFor(() => expect(lastQuery(calls)).toEqual({ page: '2', page_size: '20', ordering: 'id' }));
    expect(currentUrl(router)).toBe('/leads?ordering=id&page=2');

    await user.click(screen.getByRole('button', { name: 'Strana 3' }));
    await waitFor(() => expect(lastQuery(calls).page).toBe('3'));
    expect(screen.getByText('Zobrazeno 41–45 z 45')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Záznamů na stránku'), '50');
    await waitFor(() => expect(lastQuery(calls)).toEqual({ page: '1', page_size: '50', ordering: 'id' }));
    expect(currentUrl(router)).toBe('/leads?ordering=id&page_size=50');
  });

  it('shows a Czech error with retry when the list fails', async () => {
    mockApi({ ...meHandler(), 'GET /api/v1/leads/': () => ({ status: 500 }) });
    renderApp('/leads');

    const alert = await screen.findByRole('alert', {}, { timeout: 15000 });
    expect(alert.textContent).toContain('Žádosti se nepodařilo načíst.');
    expect(alert.textContent).toContain('Na serveru došlo k chybě.');
    expect(within(alert).getByRole('button', { name: 'Zkusit znovu' })).toBeTruthy();
  }, 20000);
});
