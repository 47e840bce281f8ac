import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page as drfPage, mockApi, type RecordedCall } from '../../test/fetch-mock';
import { personListItem } from '../../test/fixtures';
import { currentUrl, meHandler, renderApp } from '../../test/render-app';
import './index';

function personsApi() {
  return mockApi({
    ...meHandler(),
    'GET /api/v1/persons/': () => ({
      status: 200,
      body: drfPage(
        [
          personListItem(),
          personListItem({
            id: 56,
            identification_type: 'ICO',
            name: 'Stavby Morava s.r.o.',
            first_name: null,
            last_name: null,
            company_name: 'Stavby Morava s.r.o.',
            birth_number_masked: null,
            company_id: '27074358',
            is_blacklisted: true,
            has_insolvency: false,
          }),
        ],
        2,
      ),
    }),
  });
}

const lastQuery = (calls: RecordedCall[]) => Object.fromEntries(calls.filter((c) => c.path === '/api/v1/persons/').at(-1)?.query ?? []);

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('persons list', () => {
  it('lists persons with masked birth numbers and warning badges', async () => {
    const { calls } = personsApi();
    renderApp('/persons');

    expect((await screen.findByRole('link', { name: 'Jiří Dvořák' })).getAttribute('href')).toBe('/persons/55');
    expect(screen.getByText('850412/****')).toBeTruthy();
    expect(screen.getByText('27074358')).toBeTruthy();
    expect(screen.getByText('Insolvence')).toBeTruthy();
    expect(screen.getByText('Černá listina')).toBeTruthy();
    expect(lastQuery(calls)).toEqual({ page: '1', page_size: '20', ordering: '-created_at' });
  });

  it('maps every filter to the API query and the URL', async () => {
    const user = userEvent.setup();
    const { calls } = personsApi();
    const { router } = renderApp('/persons');
    await screen.findByRole('link', { name: 'Jiří Dvořák' });
    // The form is rebuilt from the URL after each search: always look it up afresh.
    const form = () => screen.getByRole('search', { name: 'Filtr osob' });
    const field = (label: string) => within(form()).getByLabelText(label);

    await user.type(field('Vyhledat'), 'Dvořák');
    await user.type(field('ID osoby'), '55');
    await user.selectOptions(field('Identifikace'), 'Rodné číslo');
    await user.type(field('Rodné číslo'), '850412/1236');
    await user.type(field('IČO'), '27074358');
    await user.type(field('Vynechat osoby'), '12, 15');
    await user.selectOptions(field('Role v obchodu'), 'Dlužník');
    await user.selectOptions(field('Má IČO'), 'Ne');
    await user.selectOptions(field('Má obchod'), 'Ano');
    await user.selectOptions(field('Má exekuci'), 'Ano');
    await user.selectOptions(field('Má insolvenci'), 'Ne');
    await user.selectOptions(field('Na černé listině'), 'Ano');
    await user.selectOptions(field('Interní osoba'), 'Ne');
    await user.click(within(form()).getByRole('button', { name: 'Hledat' }));

    const expected = {
      search: 'Dvořák',
      id: '55',
      identification: 'BIRTH_NUMBER',
      birth_number: '850412/1236',
      company_id: '27074358',
      excluded_ids: '12,15',
      has_role: 'DEBTOR',
      has_company: 'false',
      has_deal: 'true',
      has_execution: 'true',
      has_insolvency: 'false',
      is_blacklisted: 'true',
      is_internal: 'false',
    };
    await waitFor(() => expect(lastQuery(calls)).toEqual({ page: '1', page_size: '20', ordering: '-created_at', ...expected }));
    expect(Object.fromEntries(new URL(currentUrl(router), 'http://x').searchParams)).toEqual(expected);

    // "Vše" drops a boolean filter again.
    await user.selectOptions(field('Má exekuci'), 'Vše');
    await user.click(within(form()).getByRole('button', { name: 'Hledat' }));
    await waitFor(() => expect(lastQuery(calls).has_execution).toBeUndefined());

    await user.click(within(form()).getByRole('button', { name: 'Zrušit filtry' }));
    await waitFor(() => expect(lastQuery(calls)).toEqual({ page: '1', page_size: '20', ordering: '-created_at' }));
    expect(currentUrl(router)).toBe('/persons');
    expect((field('Role v obchodu') as HTMLSelectElement).value).toBe('');
  });

  it('offers every person role as a Czech option', async () => {
    personsApi();
    renderApp('/persons');
    await screen.findByRole('link', { name: 'Jiří Dvořák' });
    // The rarer filters wait behind "Další filtry" (issue 12, item 12).
    const more = screen.getByRole('button', { name: 'Další filtry' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup().click(more);
    expect(screen.getByRole('button', { name: 'Méně filtrů' }).getAttribute('aria-expanded')).toBe('true');
    const options = within(screen.getByLabelText('Role v obchodu')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toHaveLength(20);
    expect(options).toContain('Zástavce nemovitosti');
    expect(within(screen.getByLabelText('Na černé listině')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Vše', 'Ano', 'Ne']);
  });

  it('checks the id filters before asking the API', async () => {
    const user = userEvent.setup();
    const { calls } = personsApi();
    renderApp('/persons');
    await screen.findByRole('link', { name: 'Jiří Dvořák' });
    const before = calls.length;

    await user.type(screen.getByLabelText('Vynechat osoby'), '12;abc');
    await user.click(screen.getByRole('button', { name: 'Hledat' }));

    expect(await screen.findByText('Zadejte čísla osob oddělená čárkou, např. 12,15.')).toBeTruthy();
    expect(calls.length).toBe(before);
  });

  it('sorts by name and restores sorting and page from the URL', async () => {
    const user = userEvent.setup();
    const { calls } = personsApi();
    renderApp('/persons?ordering=-last_name&page=3&has_deal=true');
    await screen.findByRole('link', { name: 'Jiří Dvořák' });
    expect(lastQuery(calls)).toEqual({ page: '3', page_size: '20', ordering: '-last_name', has_deal: 'true' });
    expect((screen.getByLabelText('Má obchod') as HTMLSelectElement).value).toBe('true');
    expect(screen.getByRole('columnheader', { name: /Jméno/ }).getAttribute('aria-sort')).toBe('descending');

    await user.click(screen.getByRole('button', { name: /Jméno/ }));
    await waitFor(() => expect(lastQuery(calls)).toEqual({ page: '1', page_size: '20', ordering: 'last_name', has_deal: 'true' }));
  });
});
