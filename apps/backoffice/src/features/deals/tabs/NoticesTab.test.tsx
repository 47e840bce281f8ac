import { approvalMessages, collectionsMessages, type ApprovalRequestView, type Notice, type NoticeGroup, type PromiseToPay } from '@lending/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../../shared/toast';
import { mockApi, page, type Reply } from '../../../test/fetch-mock';
import { NoticesTab } from './NoticesTab';
import { NOW, renderTab } from './tab-test-utils';

type Handlers = Parameters<typeof mockApi>[0];

function notice(overrides: Partial<Notice> = {}): Notice {
  return {
    id: 301,
    group: 21,
    person: { id: 55, name: 'Jiří Dvořák' },
    role: 'BORROWER',
    channel: 'EMAIL',
    state: 'PREPARED',
    recipient: 'jiri.dvorak@seznam.cz',
    sent_at: null,
    error: null,
    notification: null,
    has_pdf: false,
    ...overrides,
  };
}

function group(overrides: Partial<NoticeGroup> = {}): NoticeGroup {
  return {
    id: 21,
    deal: 7,
    step: { code: 'REMINDER_2', title: '2. upomínka', position: 2, auto_send: false },
    title: '2. upomínka',
    round: { id: 4, breach_type: 'NON_PAYING', started_on: '2025-02-16', ended_on: null },
    notice_type: 'PAYMENT_REMINDER',
    state: 'PREPARED',
    date: '2025-03-10',
    deadline: '2025-03-24',
    channels: ['EMAIL', 'MAIL'],
    registered: true,
    note: 'Volat před odesláním.',
    created_by: null,
    sent_by: null,
    sent_at: null,
    cancelled_at: null,
    cancel_reason: null,
    created_at: NOW,
    notices: [notice(), notice({ id: 302, channel: 'MAIL', recipient: 'Husova 12, 602 00 Brno' })],
    ...overrides,
  };
}

const sentGroup = group({
  id: 20,
  step: { code: 'REMINDER_1', title: '1. upomínka', position: 1, auto_send: true },
  title: '1. upomínka',
  state: 'SENT',
  date: '2025-02-20',
  deadline: '2025-03-06',
  channels: ['EMAIL', 'SMS'],
  registered: false,
  note: null,
  sent_by: { id: 3, name: 'Petr Svoboda' },
  sent_at: '2025-02-20T08:00:00.000Z',
  notices: [
    notice({ id: 201, group: 20, state: 'SENT', sent_at: '2025-02-20T08:00:00.000Z', has_pdf: true, notification: { id: 901, state: 'SENT', error: null } }),
    notice({
      id: 202,
      group: 20,
      person: { id: 56, name: 'Marie Dvořáková' },
      role: 'ACCESSORY_DEBTOR',
      channel: 'SMS',
      state: 'SENT',
      recipient: '+420603999888',
      sent_at: '2025-02-20T08:00:00.000Z',
      notification: { id: 902, state: 'FAILED', error: 'Operátor odmítl číslo.' },
    }),
  ],
});

const approval: ApprovalRequestView = {
  object: 'approval_request',
  id: 44,
  action: 'NOTICE_ACCELERATION',
  state: 'PENDING',
  summary: 'Odeslání upomínek — obchod #7',
  deal: 7,
  amount: null,
  input: {},
  maker: { id: 1, name: 'Lenka Černá' },
  created_at: NOW,
  expires_at: NOW,
  decided_by: null,
  decided_at: null,
  reason: null,
  failure: null,
  result: null,
};

const openPromise: PromiseToPay = {
  id: 61,
  deal: 7,
  call: 71,
  made_on: '2025-03-03',
  promised_on: '2025-03-14',
  amount: '10598.78',
  state: 'OPEN',
  paid_amount: null,
  resolved_on: null,
  created_by: { id: 7, name: 'Jana Dvořáková' },
  created_at: NOW,
};

function tabApi(extra: Handlers = {}, groups: NoticeGroup[] = [group(), sentGroup]) {
  return mockApi({
    'GET /api/v1/deals/7/notice-groups/': () => ({ status: 200, body: page(groups) }),
    'GET /api/v1/deals/7/collection-calls/': () => ({
      status: 200,
      body: [{ id: 71, deal: 7, person: { id: 55, name: 'Jiří Dvořák' }, called_at: NOW, outcome: 'REACHED', note: 'Slíbil zaplatit do pátku.', next_action_on: '2025-03-15', created_by: { id: 7, name: 'Jana Dvořáková' }, promise: 61 }],
    }),
    'GET /api/v1/deals/7/promises-to-pay/': () => ({ status: 200, body: [openPromise, { ...openPromise, id: 60, state: 'KEPT', paid_amount: '5000.00', resolved_on: '2025-02-28' }] }),
    'GET /api/v1/deals/7/participants/': () => ({
      status: 200,
      body: page([{ id: 1, deal_id: 7, person: { id: 57, name: 'Karel Novák' }, role: 'PLEDGER', created_at: NOW, updated_at: NOW }]),
    }),
    ...extra,
  });
}

const text = (element: Element | null) => element?.textContent?.replace(/[\u00a0\u202f]/g, ' ') ?? '';
const card = (name: RegExp) => screen.findByRole('article', { name });

beforeEach(() => {
  sessionStorage.clear();
  for (const toast of toasts.current()) toasts.dismiss(toast.id);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('NoticesTab (Upomínky)', () => {
  it('lists the groups with their Czech states, deadline and channels, and each notice with its delivery (a failed one marked)', async () => {
    tabApi();
    renderTab(<NoticesTab dealId={7} canWrite />);
    const prepared = await card(/^2\. upomínka/);
    expect(text(prepared)).toContain('Připraveno k odeslání');
    expect(text(prepared)).toContain('Splatnost do');
    expect(text(prepared)).toContain('E-mail, Pošta');
    expect(text(prepared)).toContain('Volat před odesláním.');
    const preparedRows = within(prepared).getAllByRole('row');
    expect(preparedRows).toHaveLength(3);
    expect(text(preparedRows[2]!)).toContain('Husova 12, 602 00 Brno');

    const sent = await card(/^1\. upomínka/);
    expect(text(sent)).toContain('Petr Svoboda');
    const failedRow = within(sent).getByRole('rowheader', { name: 'Marie Dvořáková' }).closest('tr')!;
    expect(failedRow.className).toContain('table__row--failed');
    expect(text(failedRow)).toContain('Nepodařilo se odeslat');
    expect(text(failedRow)).toContain('Operátor odmítl číslo.');
    expect(text(failedRow)).toContain('Přistupující dlužník');
    // A sent notice's PDF; the one without a PDF has none. A sent group has no write buttons.
    expect(within(sent).getAllByRole('button', { name: /^PDF/ })).toHaveLength(1);
    expect(within(sent).queryByRole('button', { name: 'Odeslat nyní' })).toBeNull();
    expect(within(prepared).getByRole('button', { name: 'Odeslat nyní' })).toBeTruthy();
  });

  it('shows a notice\'s text in the preview dialog', async () => {
    const user = userEvent.setup();
    tabApi({
      'GET /api/v1/notices/301/preview/': () => ({ status: 200, body: { notice: 301, channel: 'EMAIL', subject: 'Upomínka – smlouva 2025001', text: 'Vážený pane Dvořáku,\nevidujeme dlužnou částku.', frozen: false } }),
    });
    renderTab(<NoticesTab dealId={7} canWrite />);
    const prepared = await card(/^2\. upomínka/);
    await user.click(within(prepared).getByRole('button', { name: 'Náhled upomínky pro Jiří Dvořák (E-mail)' }));
    const dialog = await screen.findByRole('dialog', { name: /Náhled upomínky/ });
    expect(await within(dialog).findByText(/evidujeme dlužnou částku/)).toBeTruthy();
    expect(text(dialog)).toContain('Upomínka – smlouva 2025001');
  });

  it('sends a prepared group now: POST send_notices/ with {} and a toast', async () => {
    const user = userEvent.setup();
    const { calls } = tabApi({ 'POST /api/v1/deals/7/notice-groups/21/send_notices/': () => ({ status: 200, body: group({ state: 'SENT' }) }) });
    renderTab(<NoticesTab dealId={7} canWrite />);
    await user.click(within(await card(/^2\. upomínka/)).getByRole('button', { name: 'Odeslat nyní' }));
    const dialog = await screen.findByRole('dialog', { name: 'Odeslat upomínky nyní' });
    expect(text(dialog)).toContain('2 připravené upomínky');
    await user.click(within(dialog).getByRole('button', { name: 'Odeslat' }));
    expect(await screen.findByText('Upomínky byly odeslány (2. upomínka).')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/v1/deals/7/notice-groups/21/send_notices/');
    expect(post?.body).toEqual({});
  });

  it('says the sending waits for approval when the API answers 202 (four-eyes)', async () => {
    const user = userEvent.setup();
    tabApi({ 'POST /api/v1/deals/7/notice-groups/21/send_notices/': (): Reply => ({ status: 202, body: approval }), 'GET /api/v1/approvals/': () => ({ status: 200, body: page([]) }) });
    renderTab(<NoticesTab dealId={7} canWrite />);
    await user.click(within(await card(/^2\. upomínka/)).getByRole('button', { name: 'Odeslat nyní' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Odeslat upomínky nyní' })).getByRole('button', { name: 'Odeslat' }));
    expect(await screen.findByText(approvalMessages.submitted(44))).toBeTruthy();
    expect(screen.queryByText(/Upomínky byly odeslány/)).toBeNull();
  });

  it('cancels a group only with a reason, sending the full body with state CANCELLED', async () => {
    const user = userEvent.setup();
    const { calls } = tabApi({ 'PUT /api/v1/deals/7/notice-groups/21/': (call) => ({ status: 200, body: group({ state: 'CANCELLED', cancel_reason: (call.body as { cancel_reason: string }).cancel_reason }) }) });
    renderTab(<NoticesTab dealId={7} canWrite />);
    await user.click(within(await card(/^2\. upomínka/)).getByRole('button', { name: 'Zrušit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zrušit upomínku' });
    await user.click(within(dialog).getByRole('button', { name: 'Zrušit upomínku' }));
    expect(text(await within(dialog).findByRole('alert'))).toContain(collectionsMessages.cancelReasonRequired);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(within(dialog).getByLabelText(/Důvod zrušení/), 'Dlužník zaplatil na pobočce.');
    await user.click(within(dialog).getByRole('button', { name: 'Zrušit upomínku' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      date: '2025-03-10',
      channels: ['EMAIL', 'MAIL'],
      addressees: [55],
      note: 'Volat před odesláním.',
      state: 'CANCELLED',
      cancel_reason: 'Dlužník zaplatil na pobočce.',
    });
    expect(await screen.findByText('Upomínka byla zrušena.')).toBeTruthy();
  });

  it('edits a group: channels and addressees (the deal\'s participants offered too) in the full body', async () => {
    const user = userEvent.setup();
    const { calls } = tabApi({ 'PUT /api/v1/deals/7/notice-groups/21/': () => ({ status: 200, body: group() }) });
    renderTab(<NoticesTab dealId={7} canWrite />);
    await user.click(within(await card(/^2\. upomínka/)).getByRole('button', { name: 'Upravit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upravit upomínku' });
    await user.click(await within(dialog).findByRole('checkbox', { name: /Karel Novák/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Pošta' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'E-mail' }));
    await user.click(within(dialog).getByRole('button', { name: 'Uložit změny' }));
    // No channel left: the contract's message, nothing sent.
    expect(text(await within(dialog).findByRole('alert'))).toContain(collectionsMessages.noChannels);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('checkbox', { name: 'SMS' }));
    await user.click(within(dialog).getByRole('button', { name: 'Uložit změny' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ date: '2025-03-10', channels: ['SMS'], addressees: [55, 57], note: 'Volat před odesláním.', state: 'PREPARED' });
  });

  it('lists calls and promises, records a call with a promise and cancels an open promise', async () => {
    const user = userEvent.setup();
    const { calls } = tabApi({
      'POST /api/v1/deals/7/collection-calls/': (call) => ({ status: 201, body: { id: 72, deal: 7, person: null, called_at: NOW, outcome: 'REACHED', note: null, next_action_on: null, created_by: null, ...(call.body as object), promise: 62 } }),
      'POST /api/v1/deals/7/promises-to-pay/61/cancel/': () => ({ status: 200, body: { ...openPromise, state: 'CANCELLED' } }),
    });
    renderTab(<NoticesTab dealId={7} canWrite />);
    const section = await screen.findByRole('region', { name: 'Hovory a sliby' });
    expect(await within(section).findByText('Slíbil zaplatit do pátku.')).toBeTruthy();
    const promises = within(section).getByRole('table', { name: 'Sliby platby' });
    expect(text(promises)).toContain('Čeká');
    expect(text(promises)).toContain('Dodržen');
    expect(within(promises).getAllByRole('button', { name: /^Zrušit/ })).toHaveLength(1);

    await user.click(within(section).getByRole('button', { name: 'Zapsat hovor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zapsat hovor' });
    await user.click(within(dialog).getByRole('button', { name: 'Zapsat hovor' }));
    expect(text(await within(dialog).findByRole('alert'))).toContain('Výsledek hovoru');
    await user.selectOptions(within(dialog).getByLabelText(/Výsledek hovoru/), 'REACHED');
    await user.type(within(dialog).getByLabelText('Poznámka'), 'Zaplatí ve čtvrtek.');
    await user.type(within(dialog).getByLabelText('Slib: zaplatí do'), '2099-03-20');
    await user.type(within(dialog).getByLabelText(/Slib: částka/), '5 000,50');
    await user.click(within(dialog).getByRole('button', { name: 'Zapsat hovor' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === '/api/v1/deals/7/collection-calls/' && c.method === 'POST')?.body).toEqual({
      person: null,
      outcome: 'REACHED',
      note: 'Zaplatí ve čtvrtek.',
      next_action_on: null,
      promise: { promised_on: '2099-03-20', amount: '5000.50' },
    });

    await user.click(within(promises).getByRole('button', { name: /^Zrušit/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Zrušit slib platby' })).getByRole('button', { name: 'Zrušit slib' }));
    expect(await screen.findByText('Slib platby byl zrušen.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/deals/7/promises-to-pay/61/cancel/')).toBe(true);
  });

  it('offers a role without collections.write no write actions', async () => {
    tabApi();
    renderTab(<NoticesTab dealId={7} canWrite={false} />);
    const prepared = await card(/^2\. upomínka/);
    expect(within(prepared).queryByRole('button', { name: 'Odeslat nyní' })).toBeNull();
    expect(within(prepared).queryByRole('button', { name: 'Upravit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Zapsat hovor' })).toBeNull();
  });
});
