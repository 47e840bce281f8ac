import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PersonDealItem, StaffRole } from '@lending/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dealDetail } from '../../test/deal-fixtures';
import { page as drfPage, mockApi, type RecordedCall, type Reply } from '../../test/fetch-mock';
import { personDetail, personSummary } from '../../test/fixtures';
import { currentUrl, meHandler, renderApp } from '../../test/render-app';
import '../../test/all-features';

const personDeal: PersonDealItem = {
  id: 501,
  type: 'CONSUMER_LOAN',
  state: 'ACTIVE',
  value: '250000.00',
  contract_number: 'SU-2025-0501',
  variable_symbol: '2500050117',
  roles: ['BORROWER'],
  created_at: '2025-02-01T09:00:00.000Z',
  closed_at: null,
};

function personApi(role: StaffRole, extra: Record<string, (call: RecordedCall) => Reply> = {}) {
  return mockApi({
    ...meHandler(role),
    'GET /api/v1/persons/55/': () => ({ status: 200, body: personDetail() }),
    'GET /api/v1/persons/55/person/': () => ({ status: 200, body: personSummary() }),
    'GET /api/v1/persons/55/deals/': () => ({ status: 200, body: drfPage([personDeal]) }),
    'GET /api/v1/persons/55/distraint/': () => ({ status: 200, body: [] }),
    'GET /api/v1/persons/55/realty-rights/': () => ({ status: 200, body: [] }),
    'GET /api/v1/persons/55/screenings/': () => ({ status: 200, body: drfPage([]) }),
    'GET /api/v1/leads/': () => ({ status: 200, body: drfPage([]) }),
    ...extra,
  });
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('deals of a person', () => {
  it('links each deal to its page and creates a new one, shown at once', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { calls } = personApi('UNDERWRITER', {
      'POST /api/v1/persons/55/deals/': () =>
        ++attempts === 1
          ? { status: 400, body: { value: ['Částka je vyšší, než osoba smí dostat.'] } }
          : { status: 201, body: { ...personDeal, id: 777, state: 'NEW_APPLICATION', contract_number: null, value: '180000.00' } },
      'GET /api/v1/deals/777/': () => ({ status: 200, body: dealDetail({ id: 777, state: 'NEW_APPLICATION' }) }),
    });
    const { router } = renderApp('/persons/55');

    const section = (await screen.findByRole('heading', { name: 'Obchody' })).closest('section')!;
    expect((await within(section).findByRole('link', { name: 'SU-2025-0501' })).getAttribute('href')).toBe('/deals/501');

    await user.click(within(section).getByRole('button', { name: 'Vytvořit obchod' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vytvořit obchod' });
    await user.type(within(dialog).getByLabelText(/Výše úvěru/), '180 000');
    await user.selectOptions(within(dialog).getByLabelText(/Typ obchodu/), 'INVESTMENT_LOAN');
    await user.click(within(dialog).getByRole('button', { name: 'Vytvořit obchod' }));
    // A 400 stands at its field, in Czech.
    expect((await within(dialog).findAllByText(/Částka je vyšší, než osoba smí dostat\./)).length).toBeGreaterThan(0);
    expect(within(dialog).getByLabelText(/Výše úvěru/).getAttribute('aria-invalid')).toBe('true');

    await user.click(within(dialog).getByRole('button', { name: 'Vytvořit obchod' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/deals/777'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Obchod #777' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ type: 'INVESTMENT_LOAN', value: '180000.00', role: 'BORROWER', note: null });
  });

  it('shows VIEWER the deals without the create button', async () => {
    personApi('VIEWER');
    renderApp('/persons/55');
    const section = (await screen.findByRole('heading', { name: 'Obchody' })).closest('section')!;
    expect(await within(section).findByRole('link', { name: 'SU-2025-0501' })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Vytvořit obchod' })).toBeNull();
  });
});
