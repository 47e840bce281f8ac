import type { DealObligationView } from '@lending/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, page } from '../../../test/fetch-mock';
import { ObligationsTab } from './ObligationsTab';
import { NOW, renderTab } from './tab-test-utils';

const deed: DealObligationView = {
  id: 3,
  deal_id: 7,
  type: 'NOTARIAL_DEED',
  description: 'Notářský zápis se svolením k vykonatelnosti',
  due_date: '2025-04-30',
  fulfilled_at: null,
  note: null,
  created_at: NOW,
  updated_at: NOW,
};

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ObligationsTab', () => {
  it('lists the obligations, adds one through the dialog and refetches the list', async () => {
    const user = userEvent.setup();
    let rows = [deed];
    const { calls } = mockApi({
      'GET /api/v1/deals/7/obligations/': () => ({ status: 200, body: page(rows) }),
      'POST /api/v1/deals/7/obligations/': (call) => {
        const created = { ...deed, id: 4, ...(call.body as object) } as DealObligationView;
        rows = [...rows, created];
        return { status: 201, body: created };
      },
    });
    renderTab(<ObligationsTab dealId={7} canWrite />);

    const table = await screen.findByRole('table', { name: 'Povinnosti' });
    expect(within(table).getByText('Notářský zápis')).toBeTruthy();
    expect(within(table).getByText('30. 4. 2025')).toBeTruthy();
    expect(within(table).getByText('Nesplněno')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Přidat povinnost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Přidat povinnost' });
    await user.click(within(dialog).getByRole('button', { name: 'Uložit' }));
    // The contract's own message, before anything is sent.
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Druh povinnosti:');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.selectOptions(within(dialog).getByLabelText(/Druh povinnosti/), 'Zástavní právo');
    await user.type(within(dialog).getByLabelText('Splatnost'), '2025-05-31');
    await user.type(within(dialog).getByLabelText('Poznámka'), 'Vklad do katastru');
    await user.click(within(dialog).getByRole('button', { name: 'Uložit' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      type: 'PLEDGE_RIGHT',
      description: null,
      due_date: '2025-05-31',
      fulfilled_at: null,
      note: 'Vklad do katastru',
    });
    expect(await screen.findByText('Povinnost byla přidána.')).toBeTruthy();
    expect(await screen.findByText('Zástavní právo')).toBeTruthy();
  });

  it('shows the API 400 at its field in Czech', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/v1/deals/7/obligations/': () => ({ status: 200, body: page([deed]) }),
      'PUT /api/v1/deals/7/obligations/3/': () => ({ status: 400, body: { fulfilled_at: ['Povinnost nelze splnit v budoucnosti.'] } }),
    });
    renderTab(<ObligationsTab dealId={7} canWrite />);

    await user.click(await screen.findByRole('button', { name: 'Upravit povinnost Notářský zápis' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upravit povinnost' });
    expect((within(dialog).getByLabelText(/Popis/) as HTMLInputElement).value).toBe('Notářský zápis se svolením k vykonatelnosti');
    await user.type(within(dialog).getByLabelText(/Splněno/), '2030-01-01T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Uložit' }));

    const field = within(dialog).getByLabelText(/Splněno/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${field.id}-error`)?.textContent).toContain('Povinnost nelze splnit v budoucnosti.');
  });

  it('shows a VIEWER no write buttons', async () => {
    mockApi({ 'GET /api/v1/deals/7/obligations/': () => ({ status: 200, body: page([deed]) }) });
    renderTab(<ObligationsTab dealId={7} canWrite={false} />);
    await screen.findByRole('table', { name: 'Povinnosti' });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
