import type { CollectionQueueItem, NotificationView, StaffRole } from '@lending/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../shared/toast';
import { page as drfPage, mockApi, type RecordedCall } from '../../test/fetch-mock';
import { currentUrl, meHandler, renderApp } from '../../test/render-app';
// Loaded up front, so the lazy routes resolve at once in every test.
import './index';

type Handlers = Parameters<typeof mockApi>[0];

function queueItem(overrides: Partial<CollectionQueueItem> = {}): CollectionQueueItem {
  return {
    deal: 415,
    contract_number: '2025000415',
    debtor: { id: 55, name: 'Jiří Dvořák' },
    type: 'CONSUMER_LOAN',
    days_past_due: 45,
    bucket: '31-60',
    overdue_amount: '21197.56',
    breaches: ['NON_PAYING'],
    last_contact: '2025-03-03T09:15:00.000Z',
    next_step: { code: 'REMINDER_2', title: '2. upomínka', state: 'PREPARED', date: '2025-03-10' },
    promise: { id: 61, state: 'OPEN', promised_on: '2025-03-14', amount: '10598.78' },
    collector: { id: 7, name: 'Jana Dvořáková' },
    next_action_on: '2025-03-15',
    ...overrides,
  };
}

function notification(overrides: Partial<NotificationView> = {}): NotificationView {
  return {
    id: 901,
    name: 'NOTICE_COPY',
    type: 'SMS',
    state: 'FAILED',
    entity_type: 'notice',
    entity_id: '202',
    recipient: '+420603999888',
    subject: null,
    body: 'Evidujeme u Vás dlužnou částku 21 197,56 Kč po splatnosti. Uhraďte ji prosím do 24. 3. 2025.',
    attempts: 3,
    error: 'Operátor odmítl číslo.',
    has_attachment: false,
    sent_at: null,
    created_at: '2025-03-05T08:00:00.000Z',
    ...overrides,
  };
}

function deskApi(role: StaffRole = 'COLLECTIONS', extra: Handlers = {}) {
  return mockApi({
    ...meHandler(role),
    'GET /api/v1/approvals/': () => ({ status: 200, body: drfPage([]) }),
    'GET /api/v1/collections/queue/': () => ({
      status: 200,
      body: drfPage([queueItem(), queueItem({ deal: 416, contract_number: null, debtor: { id: 56, name: 'Marie Svobodová' }, days_past_due: 95, bucket: '91+', collector: null, promise: null, next_step: null, last_contact: null })], 2),
    }),
    'GET /api/v1/collections/collectors/': () => ({ status: 200, body: [{ id: 7, name: 'Petr Svoboda' }, { id: 9, name: 'Lucie Horáková' }] }),
    'GET /api/v1/notifications/': () => ({ status: 200, body: drfPage([notification(), notification({ id: 900, type: 'EMAIL', state: 'SENT', recipient: 'jiri.dvorak@seznam.cz', subject: 'Upomínka – smlouva 2025000415', attempts: 1, error: null, sent_at: '2025-03-04T08:00:00.000Z' })]) }),
    ...extra,
  });
}

const text = (element: Element | null) => element?.textContent?.replace(/[\u00a0\u202f]/g, ' ') ?? '';
const listQueries = (calls: RecordedCall[], path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).map((c) => Object.fromEntries(c.query));

beforeEach(() => {
  sessionStorage.clear();
  for (const toast of toasts.current()) toasts.dismiss(toast.id);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Vymáhání (the collections queue)', () => {
  it('lists the overdue deals with their figures in Czech, linked to the deal\'s Upomínky tab, from the navigation', async () => {
    const { calls } = deskApi('VIEWER');
    renderApp('/');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Vymáhání' }));
    const table = await screen.findByRole('table', { name: 'Obchody k vymáhání' });
    const first = within(table).getByRole('rowheader', { name: /Obchod #415/ }).closest('tr')!;
    expect(within(first).getByRole('link', { name: 'Obchod #415' }).getAttribute('href')).toBe('/deals/415?tab=notices');
    for (const shown of ['Jiří Dvořák', '45', '31–60 dní', '21 197,56 Kč', 'Neplacení', '2. upomínka', 'Připraveno k odeslání', 'Čeká', '10 598,78 Kč do', 'Jana Dvořáková']) {
      expect(text(first)).toContain(shown);
    }
    const second = within(table).getByRole('rowheader', { name: /Obchod #416/ }).closest('tr')!;
    expect(text(second)).toContain('Nepřiřazeno');
    expect(text(second)).toContain('Zatím žádný');
    expect(listQueries(calls, '/api/v1/collections/queue/')[0]).toEqual({ ordering: 'priority', page: '1', page_size: '20' });
    // A VIEWER reads the queue, without the assignment.
    expect(screen.queryByRole('checkbox', { name: 'Vybrat obchod #415' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Přiřadit mně/ })).toBeNull();
  });

  it('filters and orders the queue through the query (collector "me", bucket, breach, promise, search)', async () => {
    const user = userEvent.setup();
    const { calls } = deskApi();
    const { router } = renderApp('/collections');
    await screen.findByRole('table', { name: 'Obchody k vymáhání' });
    const filters = screen.getByRole('search', { name: 'Filtr fronty vymáhání' });
    await user.selectOptions(within(filters).getByLabelText('Vymáhá'), 'me');
    await user.selectOptions(within(filters).getByLabelText('Prodlení'), '91+');
    await user.selectOptions(within(filters).getByLabelText('Slib platby'), 'BROKEN');
    await user.type(within(filters).getByLabelText('Vyhledat'), 'Dvořák');
    await user.click(within(filters).getByRole('button', { name: 'Hledat' }));
    await waitFor(() => expect(listQueries(calls, '/api/v1/collections/queue/').at(-1)).toEqual({ ordering: 'priority', search: 'Dvořák', bucket: '91+', collector: 'me', promise: 'BROKEN', page: '1', page_size: '20' }));
    expect(currentUrl(router)).toContain('collector=me');

    await user.selectOptions(screen.getByLabelText('Řazení'), '-overdue_amount');
    await waitFor(() => expect(listQueries(calls, '/api/v1/collections/queue/').at(-1)?.ordering).toBe('-overdue_amount'));
    await user.click(screen.getByRole('button', { name: /^DPD/ }));
    await waitFor(() => expect(listQueries(calls, '/api/v1/collections/queue/').at(-1)?.ordering).toBe('days_past_due'));
  });

  it('assigns the chosen deals to the signed-in collector or a chosen one, and unassigns them', async () => {
    const user = userEvent.setup();
    const { calls } = deskApi('COLLECTIONS', { 'POST /api/v1/collections/assign/': (call) => ({ status: 200, body: { updated: (call.body as { deals: number[] }).deals.length } }) });
    renderApp('/collections');
    await screen.findByRole('table', { name: 'Obchody k vymáhání' });
    const assignMe = screen.getByRole('button', { name: /Přiřadit mně/ }) as HTMLButtonElement;
    expect(assignMe.disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Vybrat obchod #415' }));
    await user.click(screen.getByRole('checkbox', { name: 'Vybrat obchod #416' }));
    await user.click(screen.getByRole('button', { name: 'Přiřadit mně (2)' }));
    expect(await screen.findByText('Přiřazeno (vám): 2 obchody.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ deals: [415, 416], collector: 7 });

    await user.click(screen.getByRole('checkbox', { name: 'Vybrat obchod #415' }));
    const toChosen = screen.getByRole('button', { name: 'Přiřadit vybranému (1)' }) as HTMLButtonElement;
    expect(toChosen.disabled).toBe(true);
    await user.selectOptions(screen.getByLabelText('Pracovník'), 'Lucie Horáková');
    await user.click(toChosen);
    expect(await screen.findByText('Přiřazeno (Lucie Horáková): 1 obchod.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ deals: [415], collector: 9 });

    await user.click(screen.getByRole('checkbox', { name: 'Vybrat obchod #416' }));
    await user.click(screen.getByRole('button', { name: 'Zrušit přiřazení (1)' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ deals: [416], collector: null }));
  });

  it('exports the queue with the same filters and ordering as CSV', async () => {
    const user = userEvent.setup();
    const { calls } = deskApi('VIEWER', {
      'GET /api/v1/collections/queue/export/': () => ({ status: 200, raw: 'deal;debtor\n415;Jiří Dvořák\n', headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="vymahani.csv"' } }),
    });
    renderApp('/collections?bucket=31-60&collector=none&ordering=-days_past_due');
    await screen.findByRole('table', { name: 'Obchody k vymáhání' });
    await user.click(screen.getByRole('button', { name: 'Exportovat CSV' }));
    await waitFor(() => expect(listQueries(calls, '/api/v1/collections/queue/export/')).toEqual([{ ordering: '-days_past_due', bucket: '31-60', collector: 'none', format: 'csv' }]));
  });
});

describe('Odeslané zprávy (the outbox)', () => {
  it('lists the messages in Czech with the failed one\'s error, and filters by channel and state', async () => {
    const user = userEvent.setup();
    const { calls } = deskApi('VIEWER');
    renderApp('/notifications');
    const table = await screen.findByRole('table', { name: 'Odeslané zprávy' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(text(rows[1]!)).toContain('Nepodařilo se odeslat');
    expect(text(rows[1]!)).toContain('Operátor odmítl číslo.');
    expect(text(rows[1]!)).toContain('Kopie odeslané upomínky (upomínka)');
    expect(text(rows[1]!)).toContain('Evidujeme u Vás dlužnou částku');
    expect(text(rows[2]!)).toContain('Upomínka – smlouva 2025000415');
    expect(text(rows[2]!)).toContain('E-mail');
    // The API's own order (failed first) unless staff sort otherwise.
    expect(listQueries(calls, '/api/v1/notifications/')[0]).toEqual({ page: '1', page_size: '20' });

    const filters = screen.getByRole('search', { name: 'Filtr zpráv' });
    await user.selectOptions(within(filters).getByLabelText('Kanál'), 'SMS');
    await user.selectOptions(within(filters).getByLabelText('Stav'), 'FAILED');
    await user.type(within(filters).getByLabelText('ID záznamu'), '202');
    await user.click(within(filters).getByRole('button', { name: 'Hledat' }));
    await waitFor(() => expect(listQueries(calls, '/api/v1/notifications/').at(-1)).toEqual({ page: '1', page_size: '20', notification_type: 'SMS', state: 'FAILED', entity_id: '202' }));
  });
});
