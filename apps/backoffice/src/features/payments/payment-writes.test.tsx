import type { ApprovalRequestView, StaffRole } from '@lending/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { page as drfPage, mockApi, type Reply } from '../../test/fetch-mock';
import { meHandler, renderApp } from '../../test/render-app';
import { allocatedPayment, payment, statement } from '../../test/payment-fixtures';
// Loaded up front, so the lazy route resolves at once in every test.
import './index';

// The inbox's writes of issue 22 §3 (ADR 0047): a payment entered by hand (four-eyes from the
// threshold), "Upravit" of one payment, the suggested deal of an unpaired one, how each payment
// was paired, and the statement-import history.

type Handlers = Parameters<typeof mockApi>[0];

const suggested = payment({ id: 9005, amount: '300.00', variable_symbol: null, counter_account_name: 'Plátce s návrhem', suggested_deal: 77 });
const byVs = allocatedPayment({ paired_by: 'VARIABLE_SYMBOL' });
const manual = payment({ id: 9006, amount: '450.00', counter_account_name: 'Hotovostní plátce', source: 'MANUAL', entry_method: 'CASH', payment_type: 'CASH', statement: null, deal: 12, paired_by: 'MANUAL_ENTRY' });

function paymentsApi(role: StaffRole = 'ACCOUNTANT', extra: Handlers = {}) {
  return mockApi({
    ...meHandler(role),
    'GET /api/v1/payments/': () => ({ status: 200, body: drfPage([payment(), suggested, byVs, manual]) }),
    'GET /api/v1/payments/statements/': () => ({ status: 200, body: drfPage([]) }),
    'GET /api/v1/approvals/': () => ({ status: 200, body: drfPage([]) }),
    ...extra,
  });
}

const request: ApprovalRequestView = {
  object: 'approval_request',
  id: 44,
  action: 'MANUAL_PAYMENT',
  state: 'PENDING',
  summary: 'Ruční zadání platby (Hotovost): 12 000 Kč ze dne 12. 3. 2025 — obchod #501',
  deal: 501,
  amount: '12000.00',
  input: {},
  maker: { id: 1, name: 'Lenka Černá' },
  created_at: '2026-11-27T10:00:00.000Z',
  expires_at: '2026-12-04T10:00:00.000Z',
  decided_by: null,
  decided_at: null,
  reason: null,
  failure: null,
  result: null,
};

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

beforeEach(() => sessionStorage.clear());

async function openManualDialog() {
  const user = userEvent.setup();
  await screen.findByText('Plátce s návrhem');
  await user.click(screen.getByRole('button', { name: 'Zadat platbu ručně' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Zadat platbu ručně' }) };
}

async function fill(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const control = within(dialog).queryByLabelText(label) ?? within(dialog).getByLabelText(`${label} (povinné)`);
    if (control.tagName === 'SELECT') await user.selectOptions(control, value);
    else {
      await user.clear(control);
      await user.type(control, value);
    }
  }
}

describe('a payment entered by hand', () => {
  it('checks the form in Czech before sending, then books it and says where it went', async () => {
    const booked = payment({ id: 9100, amount: '12000.00', source: 'MANUAL', entry_method: 'CASH', payment_type: 'CASH', deal: 501, paired_by: 'VARIABLE_SYMBOL', statement: null });
    const { calls } = paymentsApi('ACCOUNTANT', { 'POST /api/v1/payments/': () => ({ status: 201, body: booked }) });
    renderApp('/payments');
    const { user, dialog } = await openManualDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Zaúčtovat platbu' }));
    expect(await within(dialog).findByText(/^Jak platba přišla: /)).toBeTruthy();
    expect(within(dialog).getByText(/^Částka: /)).toBeTruthy();
    await fill(user, dialog, { 'Datum platby': '2099-01-01', 'Jak platba přišla': 'Hotovost', Částka: '12 000', 'Účet plátce': '19-2000145398/0800' });
    await user.click(within(dialog).getByRole('button', { name: 'Zaúčtovat platbu' }));
    expect(await within(dialog).findByText('Datum platby: Datum platby nesmí být v budoucnosti.')).toBeTruthy();
    expect(within(dialog).getByText('Účet plátce: Číslo účtu nemá platnou kontrolní číslici (vyhláška ČNB č. 169/2011 Sb.); zkontrolujte ho.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await fill(user, dialog, { 'Datum platby': '2025-03-12', 'Účet plátce': 'CZ65 0800 0000 1920 0014 5399', 'Variabilní symbol': '2500050117', Plátce: 'Jan Novák', Poznámka: 'Pokladna Brno' });
    await user.click(within(dialog).getByRole('button', { name: 'Zaúčtovat platbu' }));

    expect(await screen.findByText(/^Platba č\. 9100 \(12\s000\sKč\) byla zaúčtována k obchodu #501 \(podle variabilního symbolu\)\.$/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/payments/');
    expect(sent).toHaveLength(1);
    const body = sent[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      method: 'CASH',
      date: '2025-03-12',
      amount: '12000.00',
      variable_symbol: '2500050117',
      specific_symbol: null,
      counter_account: '19-2000145399/0800',
      counter_account_name: 'Jan Novák',
      note: 'Pokladna Brno',
      deal: null,
    });
    // A key of this opened form: a retry of it books nothing twice.
    expect(body.idempotency_key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });

  it('over the threshold it waits for a second user (202): says so, and claims no booking', async () => {
    paymentsApi('ADMIN', { 'POST /api/v1/payments/': () => ({ status: 202, body: request }) });
    renderApp('/payments');
    const { user, dialog } = await openManualDialog();
    await fill(user, dialog, { 'Jak platba přišla': 'Hotovost', Částka: '12000', 'Číslo obchodu': '501' });
    // Toasts of earlier tests may still be on screen: only new ones count.
    const booked = () => screen.queryAllByText(/byla zaúčtována/).length;
    const bookedBefore = booked();
    await user.click(within(dialog).getByRole('button', { name: 'Zaúčtovat platbu' }));
    expect(await screen.findByText('Žádost č. 44 čeká na schválení jiným uživatelem; zatím se nic nezměnilo.')).toBeTruthy();
    expect(booked()).toBe(bookedBefore);
  });

  it("shows the API's field errors at their fields and its refusal", async () => {
    let answer: Reply = { status: 400, body: { deal: ['Obchod neexistuje.'] } };
    paymentsApi('ACCOUNTANT', { 'POST /api/v1/payments/': () => answer });
    renderApp('/payments');
    const { user, dialog } = await openManualDialog();
    await fill(user, dialog, { 'Jak platba přišla': 'Poštovní poukázka', Částka: '100', 'Číslo obchodu': '999' });
    await user.click(within(dialog).getByRole('button', { name: 'Zaúčtovat platbu' }));
    expect(await within(dialog).findByText('Číslo obchodu: Obchod neexistuje.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Číslo obchodu').getAttribute('aria-invalid')).toBe('true');

    answer = { status: 409, body: { detail: 'Stejná žádost už čeká na schválení (č. 44).' } };
    await user.click(within(dialog).getByRole('button', { name: 'Zaúčtovat platbu' }));
    expect(await within(dialog).findByText('Stejná žádost už čeká na schválení (č. 44).')).toBeTruthy();
  });
});

describe('each payment in the inbox', () => {
  it('says how it was paired, and that it was entered by hand', async () => {
    paymentsApi('VIEWER');
    renderApp('/payments?unpaired=all');
    await screen.findByText('Plátce s návrhem');
    expect(within(rowOf('2500050117')).getByText('podle VS')).toBeTruthy();
    const manualRow = rowOf('Hotovostní plátce');
    expect(within(manualRow).getByText('zadáno s platbou')).toBeTruthy();
    expect(within(manualRow).getByText('Ruční zadání')).toBeTruthy();
    // A suggestion is shown to every role, its one-click assignment only to those who book.
    expect(within(rowOf('Plátce s návrhem')).getByText(/Návrh:/)).toBeTruthy();
    expect(within(rowOf('Plátce s návrhem')).getByRole('link', { name: 'obchod #77' }).getAttribute('href')).toBe('/deals/77');
    expect(screen.queryByRole('button', { name: /Přiřadit platbu č\. 9005/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Zadat platbu ručně' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Upravit/ })).toBeNull();
  });

  it('assigns an unpaired payment to its suggested deal in one click', async () => {
    const user = userEvent.setup();
    const { calls } = paymentsApi('ACCOUNTANT', {
      'PATCH /api/v1/payments/bulk_assign_deals/': () => ({ status: 200, body: { results: [allocatedPayment({ id: 9005, deal: 77, paired_by: 'STAFF' })] } }),
    });
    renderApp('/payments');
    await screen.findByText('Plátce s návrhem');
    await user.click(screen.getByRole('button', { name: 'Přiřadit platbu č. 9005 k obchodu #77' }));
    expect(await screen.findByText('Platba č. 9005 přiřazena k obchodu #77.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ payments: [9005], deal: 77 }]);
  });

  it('"Upravit" changes its category, symbols and note, with the API\'s field errors at their fields', async () => {
    const user = userEvent.setup();
    let answer: Reply = { status: 400, body: { specific_symbol: ['Symbol tvoří 1 až 10 číslic.'] } };
    const { calls } = paymentsApi('ACCOUNTANT', { 'PATCH /api/v1/payments/9001/': () => answer });
    renderApp('/payments');
    await screen.findByText('Plátce s návrhem');
    await user.click(screen.getByRole('button', { name: 'Upravit platbu č. 9001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upravit platbu č. 9001' });
    expect((within(dialog).getByLabelText('Variabilní symbol') as HTMLInputElement).value).toBe('9999999999');
    // An incoming payment has no purpose to set.
    expect(within(dialog).queryByLabelText('Účel odchozí platby')).toBeNull();

    await user.type(within(dialog).getByLabelText('Specifický symbol'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Uložit platbu' }));
    // Checked before sending, in the API's words.
    expect(await within(dialog).findByText('Specifický symbol: Symbol tvoří 1 až 10 číslic.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Specifický symbol'));
    await user.type(within(dialog).getByLabelText('Specifický symbol'), '77');
    await user.selectOptions(within(dialog).getByLabelText('Kategorie', { exact: false }), 'Interní splátka');
    await user.clear(within(dialog).getByLabelText('Variabilní symbol'));
    await user.type(within(dialog).getByLabelText('Variabilní symbol'), '2500050117');
    await user.type(within(dialog).getByLabelText('Poznámka'), 'Klient opravil VS');
    await user.click(within(dialog).getByRole('button', { name: 'Uložit platbu' }));
    expect(await within(dialog).findByText('Specifický symbol: Symbol tvoří 1 až 10 číslic.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Specifický symbol').getAttribute('aria-invalid')).toBe('true');

    answer = { status: 200, body: payment({ variable_symbol: '2500050117', specific_symbol: '77', category: 'INTERNAL_INSTALLMENT', note: 'Klient opravil VS' }) };
    await user.click(within(dialog).getByRole('button', { name: 'Uložit platbu' }));
    expect(await screen.findByText('Platba č. 9001 byla upravena.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body).at(-1)).toEqual({
      category: 'INTERNAL_INSTALLMENT',
      variable_symbol: '2500050117',
      specific_symbol: '77',
      note: 'Klient opravil VS',
    });
  });
});

describe('statement-import history', () => {
  it('lists every import newest first with its bank, account, period, figures and who; each opens to its detail', async () => {
    const user = userEvent.setup();
    const done = statement({
      id: 31,
      state: 'DONE',
      total_lines: 10,
      processed: 10,
      created: 7,
      paired: 5,
      unpaired: 2,
      duplicates_skipped: 3,
      account: '19-2000145399/0800',
      bank_code: '0800',
      bank: 'Česká spořitelna',
      period_from: '2025-03-01',
      period_to: '2025-03-31',
      created_by: { id: 3, name: 'Lenka Černá' },
      finished_at: '2025-03-12T08:00:05.000Z',
    });
    const failed = statement({ id: 30, file_name: 'rozbity.gpc', format: 'gpc', state: 'FAILED', errors: ['Soubor neobsahuje žádný výpis GPC (záznam 074).'] });
    const { calls } = paymentsApi('VIEWER', {
      'GET /api/v1/payments/statements/': () => ({ status: 200, body: drfPage([done, failed], 2) }),
      'GET /api/v1/payments/statements/31/': () => ({ status: 200, body: done }),
    });
    renderApp('/payments');
    const table = await screen.findByRole('table', { name: 'Historie importů výpisů' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.replace(/\u00a0/g, ' '));
    expect(cells(rows[0]!).slice(1)).toEqual(['vypis-2025-03.xml', 'Česká spořitelna, 19-2000145399/0800', '1. 3. 2025 – 31. 3. 2025', '10', '7', '5', '2', '3', 'Dokončeno', 'Lenka Černá', 'Detail importu vypis-2025-03.xml']);
    expect(cells(rows[1]!).slice(1, 3)).toEqual(['rozbity.gpc', '—']);
    expect(within(rows[1]!).getByText('Import selhal')).toBeTruthy();
    expect(Object.fromEntries(calls.find((c) => c.path === '/api/v1/payments/statements/')!.query)).toEqual({ page: '1', page_size: '20', ordering: '-created_at' });

    await user.click(within(rows[0]!).getByRole('button', { name: 'Detail importu vypis-2025-03.xml' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import výpisu vypis-2025-03.xml' });
    const facts = within(within(dialog).getByLabelText('Výsledek importu'))
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(Object.fromEntries(facts)).toEqual({ 'Řádků ve výpisu': '10', 'Nové platby': '7', Spárováno: '5', Nespárováno: '2', 'Přeskočeno duplicit': '3' });
    expect(within(within(dialog).getByLabelText('Údaje výpisu')).getByText('Lenka Černá')).toBeTruthy();
  });
});
