import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dealListItem } from '../../test/deal-fixtures';
import { page as drfPage, mockApi, type RecordedCall } from '../../test/fetch-mock';
import { currentUrl, meHandler, renderApp } from '../../test/render-app';
// Loaded up front, so the lazy route resolves at once in every test.
import './index';

function dealsApi(count = 45) {
  return mockApi({
    ...meHandler(),
    'GET /api/v1/deals/': () => ({
      status: 200,
      body: drfPage(
        [
          dealListItem(),
          dealListItem({ id: 502, borrower: null, state: 'NEW_APPLICATION', days_past_due: 0, dpd_bucket: '0', breach_types: [], outstanding: '0.00', overdue: '0.00', contract_number: null }),
        ],
        count,
      ),
    }),
    'GET /api/v1/deals/export/': (call) => ({
      status: 200,
      raw: new Blob(['\ufeffDlužník;Číslo\r\n'], { type: 'text/csv' }),
      headers: { 'Content-Type': 'text/csv', 'Content-Disposition': `attachment; filename="obchody-2025-03-14.${call.query.get('format')}"` },
    }),
  });
}

const listCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/api/v1/deals/');
const lastQuery = (calls: RecordedCall[]) => Object.fromEntries(listCalls(calls).at(-1)?.query ?? []);

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('deals list', () => {
  it('asks for the first page newest first and shows each deal: link, Czech labels, money, DPD and breaches', async () => {
    const { calls } = dealsApi();
    renderApp('/deals');

    const link = await screen.findByRole('link', { name: 'Jiří Dvořák' });
    expect(link.getAttribute('href')).toBe('/deals/501');
    const nav = screen.getByRole('navigation', { name: 'Hlavní navigace' });
    expect(within(nav).getByRole('link', { name: 'Obchody' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Bez dlužníka (obchod #502)' }).getAttribute('href')).toBe('/deals/502');
    expect(lastQuery(calls)).toEqual({ page: '1', page_size: '20', ordering: '-created_at' });

    const row = link.closest('tr')!;
    expect(within(row).getByText('Aktivní')).toBeTruthy();
    expect(within(row).getByText('Spotřebitelský úvěr')).toBeTruthy();
    expect(within(row).getByText('231 456,78 Kč')).toBeTruthy();
    expect(within(row).getByText('12 345,60 Kč')).toBeTruthy();
    expect(within(row).getByText('250 000 Kč')).toBeTruthy();
    const dpd = within(row).getByText('45 dní');
    expect(dpd.className).toContain('badge--warning');
    expect(dpd.parentElement?.getAttribute('title')).toBe('31–60 dní po splatnosti');
    expect(within(row).getByText('Neplacení').className).toContain('badge--danger');

    const other = screen.getByRole('link', { name: 'Bez dlužníka (obchod #502)' }).closest('tr')!;
    expect(within(other).getByText('Bez prodlení').className).toContain('badge--success');
    expect(screen.getByText('Nalezeno 45 obchodů.')).toBeTruthy();
  });

  it('puts every filter into the URL and the request, and restores the form from the URL', async () => {
    const user = userEvent.setup();
    const { calls } = dealsApi();
    const { router } = renderApp('/deals?page=2');
    await screen.findByRole('link', { name: 'Jiří Dvořák' });

    const filters = screen.getByRole('search', { name: 'Filtr obchodů' });
    await user.type(within(filters).getByLabelText('Vyhledat'), ' Dvořák ');
    await user.click(within(within(filters).getByRole('group', { name: 'Stav' })).getByLabelText('Aktivní'));
    await user.click(within(filters).getByLabelText('31–60 dní po splatnosti'));
    await user.click(within(filters).getByRole('button', { name: 'Další filtry' }));
    await user.click(within(within(filters).getByRole('group', { name: 'Typ obchodu' })).getByLabelText('Spotřebitelský úvěr'));
    await user.click(within(within(filters).getByRole('group', { name: 'Porušení smlouvy' })).getByLabelText('Neplacení'));
    await user.type(within(filters).getByLabelText('Hodnota od'), '100 000');
    await user.type(within(filters).getByLabelText('Hodnota do'), '300 000,50');
    await user.click(within(within(filters).getByRole('group', { name: 'Důvod uzavření' })).getByLabelText('Řádně splaceno'));
    await user.type(within(filters).getByLabelText('ID osoby'), '55');
    await user.type(within(filters).getByLabelText('ID obchodů'), '501, 502');
    await user.type(within(filters).getByLabelText('Externí ID'), 'X-1,X-2');
    await user.selectOptions(within(filters).getByLabelText('ABP'), 'Ne');
    await user.selectOptions(within(filters).getByLabelText('Insolvence'), 'Ano');
    await user.selectOptions(within(filters).getByLabelText('V likvidaci'), 'Ne');
    await user.click(within(within(filters).getByRole('group', { name: 'Má všechna nastavení' })).getByLabelText('Vypnout výzvy k blokační smlouvě'));
    await user.click(within(within(filters).getByRole('group', { name: 'Nemá žádné z nastavení' })).getByLabelText('Vypnout upomínky za neplacení'));
    await user.click(within(filters).getByRole('button', { name: 'Hledat' }));

    const expected = {
      search: 'Dvořák',
      state: 'ACTIVE',
      days_past_due: '31-60',
      type: 'CONSUMER_LOAN',
      breach_type: 'NON_PAYING',
      value_from: '100000',
      value_to: '300000.50',
      closed_reason: 'CLOSED_DULY',
      person: '55',
      id: '501,502',
      external_id: 'X-1,X-2',
      abp: 'false',
      insolvency: 'true',
      liquidated: 'false',
      settings_on: 'DISABLE_BLOCKAGE_AGREEMENT_NOTICE',
      settings_off: 'DISABLE_NON_PAYING_NOTICE',
    };
    // A new search starts again at page 1.
    await waitFor(() => expect(lastQuery(calls)).toEqual({ page: '1', page_size: '20', ordering: '-created_at', ...expected }));
    const url = new URL(currentUrl(router), 'http://x');
    expect(url.pathname).toBe('/deals');
    expect(Object.fromEntries(url.searchParams)).toEqual(expected);
    expect(screen.getByRole('button', { name: 'Odebrat filtr Stav: Aktivní' })).toBeTruthy();

    // Back restores the previous list and the form follows the URL.
    await router.navigate(-1);
    await waitFor(() => expect(lastQuery(calls)).toEqual({ page: '2', page_size: '20', ordering: '-created_at' }));
    expect((screen.getByLabelText('Vyhledat') as HTMLInputElement).value).toBe('');

    // Loaded from a URL, the form shows its filters.
    await router.navigate('/deals?days_past_due=91%2B,45&state=CLOSED');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ days_past_due: '91+,45', state: 'CLOSED' }));
    expect((screen.getByLabelText('Více než 90 dní po splatnosti') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Dní po splatnosti') as HTMLInputElement).value).toBe('91+,45');
  });

  it('refuses nonsense in the filters before asking, in Czech at the field', async () => {
    const user = userEvent.setup();
    const { calls } = dealsApi();
    renderApp('/deals');
    await screen.findByRole('link', { name: 'Jiří Dvořák' });
    const before = listCalls(calls).length;

    await user.type(screen.getByLabelText('Dní po splatnosti'), 'hodně');
    await user.click(screen.getByRole('button', { name: 'Další filtry' }));
    await user.type(screen.getByLabelText('Hodnota od'), '5000');
    await user.type(screen.getByLabelText('Hodnota do'), '4999,99');
    await user.click(screen.getByRole('button', { name: 'Hledat' }));

    expect(await screen.findByText(/Zadejte počet dní/)).toBeTruthy();
    expect(screen.getByText('Spodní mez částky nesmí být vyšší než horní.')).toBeTruthy();
    expect(listCalls(calls)).toHaveLength(before);
  });

  it('sorts by clicking a column header, into the URL and the request', async () => {
    const user = userEvent.setup();
    const { calls } = dealsApi();
    const { router } = renderApp('/deals');
    await screen.findByRole('link', { name: 'Jiří Dvořák' });

    expect(screen.getByRole('columnheader', { name: /Založeno/ }).getAttribute('aria-sort')).toBe('descending');
    await user.click(screen.getByRole('button', { name: /DPD/ }));
    await waitFor(() => expect(lastQuery(calls).ordering).toBe('days_past_due'));
    expect(currentUrl(router)).toBe('/deals?ordering=days_past_due');
    await user.click(screen.getByRole('button', { name: /DPD/ }));
    await waitFor(() => expect(lastQuery(calls).ordering).toBe('-days_past_due'));
    expect(screen.getByRole('columnheader', { name: /DPD/ }).getAttribute('aria-sort')).toBe('descending');
    // What the deals owe sorts too (issue 22 §3).
    await user.click(screen.getByRole('button', { name: /^Dluží/ }));
    await waitFor(() => expect(lastQuery(calls).ordering).toBe('outstanding'));
    await user.click(screen.getByRole('button', { name: /^Po splatnosti/ }));
    await waitFor(() => expect(lastQuery(calls).ordering).toBe('overdue'));
  });

  it('pages through the list', async () => {
    const user = userEvent.setup();
    const { calls } = dealsApi(45);
    const { router } = renderApp('/deals');
    await screen.findByRole('link', { name: 'Jiří Dvořák' });

    await user.click(within(screen.getByRole('navigation', { name: 'Stránkování obchodů' })).getByRole('button', { name: 'Další strana' }));
    await waitFor(() => expect(lastQuery(calls).page).toBe('2'));
    expect(currentUrl(router)).toBe('/deals?page=2');
  });

  it('exports the filtered, sorted list as CSV and XLSX with the staff token', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:deals');
    const { calls } = dealsApi();
    renderApp('/deals?state=ACTIVE&ordering=-value&page=3');
    await screen.findByRole('link', { name: 'Jiří Dvořák' });

    await user.click(screen.getByRole('button', { name: 'Exportovat CSV' }));
    expect(await screen.findByText('Soubor obchody-2025-03-14.csv byl stažen.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Exportovat XLSX' }));
    expect(await screen.findByText('Soubor obchody-2025-03-14.xlsx byl stažen.')).toBeTruthy();

    const exports = calls.filter((call) => call.path === '/api/v1/deals/export/');
    // The list's filters and ordering, without paging.
    expect(exports.map((call) => Object.fromEntries(call.query))).toEqual([
      { format: 'csv', ordering: '-value', state: 'ACTIVE' },
      { format: 'xlsx', ordering: '-value', state: 'ACTIVE' },
    ]);
    expect(exports[0]?.headers.get('Authorization')).toBe('Bearer access-token');
    expect(createObjectURL).toHaveBeenCalledTimes(2);
  });

  it('says so when nothing matches, and shows a Czech error with retry when the list fails', async () => {
    mockApi({ ...meHandler(), 'GET /api/v1/deals/': () => ({ status: 200, body: drfPage([]) }) });
    renderApp('/deals?state=CLOSED');
    expect(await screen.findByText('Žádné obchody neodpovídají filtru.')).toBeTruthy();
    vi.unstubAllGlobals();

    mockApi({ ...meHandler(), 'GET /api/v1/deals/': () => ({ status: 500 }) });
    renderApp('/deals?state=ACTIVE');
    const alert = await screen.findByRole('alert', {}, { timeout: 15000 });
    expect(alert.textContent).toContain('Obchody se nepodařilo načíst.');
    expect(within(alert).getByRole('button', { name: 'Zkusit znovu' })).toBeTruthy();
  }, 20000);
});
