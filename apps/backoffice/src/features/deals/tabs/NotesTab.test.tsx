import type { DealNoteView } from '@lending/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, page } from '../../../test/fetch-mock';
import { NotesTab } from './NotesTab';
import { NOW, renderTab } from './tab-test-utils';

const note: DealNoteView = {
  id: 1,
  deal_id: 7,
  text: 'Klient volal, splátku pošle v pátek.',
  author: { id: 7, name: 'Jana Dvořáková', email: 'jana.dvorakova@demo.cz' },
  created_at: NOW,
};

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('NotesTab', () => {
  it('lists notes with their authors and adds one (text required)', async () => {
    const user = userEvent.setup();
    let rows = [note];
    const { calls } = mockApi({
      'GET /api/v1/deals/7/notes/': () => ({ status: 200, body: page(rows) }),
      'POST /api/v1/deals/7/notes/': (call) => {
        const created = { ...note, id: 2, text: (call.body as { text: string }).text };
        rows = [created, ...rows];
        return { status: 201, body: created };
      },
    });
    renderTab(<NotesTab dealId={7} canWrite />);
    const list = await screen.findByRole('list', { name: 'Poznámky k obchodu' });
    expect(within(list).getByText('Klient volal, splátku pošle v pátek.')).toBeTruthy();
    expect(within(list).getByText('Jana Dvořáková')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Přidat poznámku' }));
    const dialog = await screen.findByRole('dialog', { name: 'Přidat poznámku' });
    await user.click(within(dialog).getByRole('button', { name: 'Uložit poznámku' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Text poznámky: Pole je povinné');
    await user.type(within(dialog).getByLabelText(/Text poznámky/), 'Zaslána upomínka.');
    await user.click(within(dialog).getByRole('button', { name: 'Uložit poznámku' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ text: 'Zaslána upomínka.' });
    expect(await within(list).findByText('Zaslána upomínka.')).toBeTruthy();
  });

  it('shows a VIEWER the notes without the add button', async () => {
    mockApi({ 'GET /api/v1/deals/7/notes/': () => ({ status: 200, body: page([note]) }) });
    renderTab(<NotesTab dealId={7} canWrite={false} />);
    await screen.findByRole('list', { name: 'Poznámky k obchodu' });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
