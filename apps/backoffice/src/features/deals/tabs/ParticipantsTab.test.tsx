import type { DealParticipantView } from '@lending/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, page } from '../../../test/fetch-mock';
import { personListItem } from '../../../test/fixtures';
import { ParticipantsTab } from './ParticipantsTab';
import { NOW, renderTab } from './tab-test-utils';

const borrower: DealParticipantView = { id: 11, deal_id: 7, person: { id: 55, name: 'Jiří Dvořák' }, role: 'BORROWER', created_at: NOW, updated_at: NOW };
const pledger: DealParticipantView = { id: 12, deal_id: 7, person: { id: 56, name: 'Marie Dvořáková' }, role: 'PLEDGER', created_at: NOW, updated_at: NOW };

const listCalls = (calls: { method: string; path: string }[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/deals/7/participants/').length;

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ParticipantsTab', () => {
  it('lists persons with links and Czech roles, and adds one found by search', async () => {
    const user = userEvent.setup();
    let rows = [borrower];
    const { calls } = mockApi({
      'GET /api/v1/deals/7/participants/': () => ({ status: 200, body: page(rows) }),
      'GET /api/v1/persons/': (call) => ({
        status: 200,
        body: page(call.query.get('search')?.startsWith('Dvo') ? [personListItem(), personListItem({ id: 56, name: 'Marie Dvořáková', first_name: 'Marie', last_name: 'Dvořáková', birth_date: '1987-09-02' })] : []),
      }),
      'POST /api/v1/deals/7/participants/': () => {
        rows = [borrower, pledger];
        return { status: 201, body: pledger };
      },
    });
    const { router } = renderTab(<ParticipantsTab dealId={7} canWrite />);

    const table = await screen.findByRole('table', { name: 'Účastníci' });
    expect(within(table).getByText('Vydlužitel')).toBeTruthy();
    const link = within(table).getByRole('link', { name: 'Jiří Dvořák' });
    expect(link.getAttribute('href')).toBe('/persons/55');

    await user.click(screen.getByRole('button', { name: 'Přidat účastníka' }));
    const dialog = await screen.findByRole('dialog', { name: 'Přidat účastníka' });
    await user.type(within(dialog).getByLabelText('Osoba: hledat'), 'Dvoř');
    const personSelect = within(dialog).getByRole('combobox', { name: /^Osoba/ });
    await within(personSelect).findByRole('option', { name: 'Marie Dvořáková, nar. 2. 9. 1987' });
    await user.selectOptions(personSelect, 'Marie Dvořáková, nar. 2. 9. 1987');
    await user.selectOptions(within(dialog).getByLabelText(/^Role/), 'Zástavce');
    await user.click(within(dialog).getByRole('button', { name: 'Přidat' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ person: 56, role: 'PLEDGER' });
    expect(await screen.findByRole('link', { name: 'Marie Dvořáková' })).toBeTruthy();
    expect(screen.getByText('Zástavce')).toBeTruthy();

    await user.click(link);
    expect(router.state.location.pathname).toBe('/persons/55');
  });

  it('shows a duplicate refused by the API inside the add dialog', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/v1/deals/7/participants/': () => ({ status: 200, body: page([borrower]) }),
      'GET /api/v1/persons/': () => ({ status: 200, body: page([personListItem()]) }),
      'POST /api/v1/deals/7/participants/': () => ({ status: 400, body: { role: ['Tato osoba už v obchodu má tuto roli.'] } }),
    });
    renderTab(<ParticipantsTab dealId={7} canWrite />);
    await user.click(await screen.findByRole('button', { name: 'Přidat účastníka' }));
    const dialog = await screen.findByRole('dialog', { name: 'Přidat účastníka' });
    await user.type(within(dialog).getByLabelText('Osoba: hledat'), 'Jiří');
    const personSelect = within(dialog).getByRole('combobox', { name: /^Osoba/ });
    await within(personSelect).findByRole('option', { name: 'Jiří Dvořák, nar. 12. 4. 1985' });
    await user.selectOptions(personSelect, 'Jiří Dvořák, nar. 12. 4. 1985');
    await user.selectOptions(within(dialog).getByLabelText(/^Role/), 'Vydlužitel');
    await user.click(within(dialog).getByRole('button', { name: 'Přidat' }));

    const role = within(dialog).getByLabelText(/^Role/);
    await waitFor(() => expect(role.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${role.id}-error`)?.textContent).toContain('Tato osoba už v obchodu má tuto roli.');
  });

  it('changes a role (204 without a body) and shows the refetched list', async () => {
    const user = userEvent.setup();
    let rows = [borrower, pledger];
    const { calls } = mockApi({
      'GET /api/v1/deals/7/participants/': () => ({ status: 200, body: page(rows) }),
      'PATCH /api/v1/deals/7/participants/12/': (call) => {
        rows = [borrower, { ...pledger, role: (call.body as { role: DealParticipantView['role'] }).role }];
        return { status: 204 };
      },
    });
    renderTab(<ParticipantsTab dealId={7} canWrite />);

    await user.click(await screen.findByRole('button', { name: 'Upravit Marie Dvořáková (Zástavce)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Změnit roli účastníka' });
    await user.selectOptions(within(dialog).getByLabelText(/^Role/), 'Dlužník');
    const before = listCalls(calls);
    await user.click(within(dialog).getByRole('button', { name: 'Uložit' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ role: 'DEBTOR' });
    await waitFor(() => expect(listCalls(calls)).toBeGreaterThan(before));
    const table = screen.getByRole('table', { name: 'Účastníci' });
    await waitFor(() => expect(within(table).getByText('Dlužník')).toBeTruthy());
    expect(within(table).queryByText('Zástavce')).toBeNull();
    expect(await screen.findByText('Role účastníka byla změněna.')).toBeTruthy();
  });

  it('shows why the last debtor cannot be removed', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/v1/deals/7/participants/': () => ({ status: 200, body: page([borrower]) }),
      'DELETE /api/v1/deals/7/participants/11/': () => ({
        status: 409,
        body: { detail: 'Obchod v tomto stavu musí mít dlužníka (BORROWER nebo DEBTOR); nejprve přidejte jiného.' },
      }),
    });
    renderTab(<ParticipantsTab dealId={7} canWrite />);
    await user.click(await screen.findByRole('button', { name: 'Odebrat Jiří Dvořák (Vydlužitel)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Odebrat?' });
    await user.click(within(dialog).getByRole('button', { name: 'Odebrat' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('musí mít dlužníka');
  });

  it('shows a VIEWER the list without write buttons', async () => {
    mockApi({ 'GET /api/v1/deals/7/participants/': () => ({ status: 200, body: page([borrower, pledger]) }) });
    renderTab(<ParticipantsTab dealId={7} canWrite={false} />);
    await screen.findByRole('table', { name: 'Účastníci' });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
