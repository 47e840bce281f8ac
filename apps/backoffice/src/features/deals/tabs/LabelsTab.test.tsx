import type { DealLabelView } from '@lending/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, page } from '../../../test/fetch-mock';
import { LabelsTab } from './LabelsTab';
import { NOW, renderTab } from './tab-test-utils';

const vip: DealLabelView = { id: 71, deal_id: 7, name: 'VIP klient', color: '#D32F2F', created_at: NOW, updated_at: NOW };

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LabelsTab', () => {
  it('checks the colour before sending, shows a duplicate name from the API at the field, then adds the label', async () => {
    const user = userEvent.setup();
    let rows = [vip];
    let reply: () => { status: number; body: unknown } = () => ({ status: 400, body: { name: ['Obchod už má štítek s tímto názvem.'] } });
    const { calls } = mockApi({
      'GET /api/v1/deals/7/label/': () => ({ status: 200, body: page(rows) }),
      'POST /api/v1/deals/7/label/': () => reply(),
    });
    renderTab(<LabelsTab dealId={7} canWrite />);
    const table = await screen.findByRole('table', { name: 'Štítky' });
    expect(within(table).getByText('VIP klient')).toBeTruthy();
    expect(within(table).getByText('#D32F2F')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Přidat štítek' }));
    const dialog = await screen.findByRole('dialog', { name: 'Přidat štítek' });
    await user.type(within(dialog).getByLabelText(/Název štítku/), 'vip klient');
    await user.type(within(dialog).getByLabelText(/Barva/), 'červená');
    await user.click(within(dialog).getByRole('button', { name: 'Uložit' }));
    const color = within(dialog).getByLabelText(/Barva/);
    await waitFor(() => expect(document.getElementById(`${color.id}-error`)?.textContent).toContain('Zadejte barvu ve tvaru #RRGGBB.'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(color);
    await user.click(within(dialog).getByRole('button', { name: 'Uložit' }));
    const name = within(dialog).getByLabelText(/Název štítku/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${name.id}-error`)?.textContent).toContain('Obchod už má štítek s tímto názvem.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'vip klient', color: null });

    await user.clear(name);
    await user.type(name, 'Refinancování');
    reply = () => {
      const created = { ...vip, id: 72, name: 'Refinancování', color: null };
      rows = [...rows, created];
      return { status: 201, body: created };
    };
    await user.click(within(dialog).getByRole('button', { name: 'Uložit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(table).findByText('Refinancování')).toBeTruthy();
  });

  it('deletes a label after confirmation', async () => {
    const user = userEvent.setup();
    let rows = [vip];
    const { calls } = mockApi({
      'GET /api/v1/deals/7/label/': () => ({ status: 200, body: page(rows) }),
      'DELETE /api/v1/deals/7/label/71/': () => {
        rows = [];
        return { status: 204 };
      },
    });
    renderTab(<LabelsTab dealId={7} canWrite />);
    await user.click(await screen.findByRole('button', { name: 'Smazat štítek VIP klient' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Smazat?' })).getByRole('button', { name: 'Smazat' }));
    expect(await screen.findByText('Obchod nemá žádné štítky.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});
