import type { StaffRole } from '@lending/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { dealListItem } from '../../test/deal-fixtures';
import { page as drfPage, mockApi, type RecordedCall, type Reply } from '../../test/fetch-mock';
import { currentUrl, meHandler, renderApp } from '../../test/render-app';
import { polling } from '../../shared/polling';
import { allocatedPayment, payment, statement } from '../../test/payment-fixtures';
// Loaded up front, so the lazy route resolves at once in every test.
import './index';

type Handlers = Parameters<typeof mockApi>[0];

function paymentsApi(role: StaffRole = 'ACCOUNTANT', extra: Handlers = {}) {
  return mockApi({
    ...meHandler(role),
    'GET /api/v1/payments/': () => ({ status: 200, body: drfPage([payment(), payment({ id: 9003, amount: '800.00', variable_symbol: null, counter_account_name: 'Neznámý plátce' }), allocatedPayment()], 45) }),
    'GET /api/v1/payments/statements/': () => ({ status: 200, body: drfPage([]) }),
    ...extra,
  });
}

const listCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/api/v1/payments/' && call.method === 'GET');
const lastQuery = (calls: RecordedCall[]) => Object.fromEntries(listCalls(calls).at(-1)?.query ?? []);
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

/** XMLHttpRequest as the client's upload uses it: records what was sent and answers `reply`. */
function stubUpload(reply: Reply) {
  const sent: { method: string; url: string; body: unknown; headers: Record<string, string> }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    private request = { method: '', url: '', headers: {} as Record<string, string> };
    open(method: string, url: string) {
      this.request = { method, url, headers: {} };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    getResponseHeader() {
      return null;
    }
    abort() {}
    send(body: unknown) {
      sent.push({ ...this.request, body });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      setTimeout(() => {
        this.status = reply.status;
        this.responseText = reply.body === undefined ? '' : JSON.stringify(reply.body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const originalInterval = polling.intervalMs;
beforeEach(() => {
  sessionStorage.clear();
  polling.intervalMs = 30;
});
afterEach(() => {
  polling.intervalMs = originalInterval;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('payments inbox', () => {
  it('opens on the unpaired queue, newest first, with Czech amounts, dates and pairing', async () => {
    const { calls } = paymentsApi();
    renderApp('/payments');

    expect(await screen.findByText('Neznámý plátce')).toBeTruthy();
    expect(lastQuery(calls)).toEqual({ page: '1', page_size: '20', ordering: '-date', unpaired: 'true' });
    const nav = screen.getByRole('navigation', { name: 'Hlavní navigace' });
    expect(within(nav).getByRole('link', { name: 'Platby' }).getAttribute('aria-current')).toBe('page');

    const unpaired = rowOf('Neznámý plátce');
    expect(within(unpaired).getByText('800 Kč')).toBeTruthy();
    expect(within(unpaired).getByText('Nespárovaná')).toBeTruthy();
    expect(within(unpaired).getByText('12. 3. 2025')).toBeTruthy();
    const first = screen.getByRole('checkbox', { name: 'Vybrat platbu č. 9001' }).closest('tr')!;
    expect(within(first).getByText('12 500,50 Kč')).toBeTruthy();
    expect(within(first).getByText('Nezařazeno')).toBeTruthy();
    expect(within(first).getByText('Bankovní převod')).toBeTruthy();
    const paired = screen.getByRole('checkbox', { name: 'Vybrat platbu č. 9002' }).closest('tr')!;
    expect(within(paired).getByRole('link', { name: 'Obchod #501' }).getAttribute('href')).toBe('/deals/501');
    expect(screen.getByText('Nalezeno 45 plateb.')).toBeTruthy();
  });

  it('puts every filter into the URL and the request, and the form follows the URL', async () => {
    const user = userEvent.setup();
    const { calls } = paymentsApi();
    const { router } = renderApp('/payments?page=2');
    await screen.findByText('Neznámý plátce');

    const filters = screen.getByRole('search', { name: 'Filtr plateb' });
    await user.type(within(filters).getByLabelText('Vyhledat'), ' Dvořák ');
    await user.selectOptions(within(filters).getByLabelText('Párování'), 'Všechny');
    await user.selectOptions(within(filters).getByLabelText('Kategorie'), 'Interní splátka');
    await user.click(within(filters).getByRole('button', { name: 'Další filtry' }));
    await user.selectOptions(within(filters).getByLabelText('Typ platby'), 'Hotovost');
    await user.type(within(filters).getByLabelText('Datum od'), '2025-03-01');
    await user.type(within(filters).getByLabelText('Datum do'), '2025-03-31');
    await user.type(within(filters).getByLabelText('Číslo obchodu'), '501');
    await user.click(within(filters).getByRole('button', { name: 'Hledat' }));

    // "Všechny" asks without `unpaired`; a new search starts again at page 1.
    const asked = { search: 'Dvořák', category: 'INTERNAL_INSTALLMENT', payment_type: 'CASH', date_from: '2025-03-01', date_to: '2025-03-31', deal: '501' };
    await waitFor(() => expect(lastQuery(calls)).toEqual({ page: '1', page_size: '20', ordering: '-date', ...asked }));
    const url = new URL(currentUrl(router), 'http://x');
    expect(url.pathname).toBe('/payments');
    expect(Object.fromEntries(url.searchParams)).toEqual({ ...asked, unpaired: 'all' });
    expect(screen.getByRole('button', { name: 'Odebrat filtr Kategorie: Interní splátka' })).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Párování'), 'Jen spárované');
    await user.click(screen.getByRole('button', { name: 'Hledat' }));
    await waitFor(() => expect(lastQuery(calls).unpaired).toBe('false'));

    // Back restores the earlier list, and the form shows its filters.
    await router.navigate(-1);
    await waitFor(() => expect(lastQuery(calls).unpaired).toBeUndefined());
    expect((screen.getByLabelText('Párování') as HTMLSelectElement).value).toBe('all');
    await router.navigate(-1);
    await waitFor(() => expect(lastQuery(calls)).toEqual({ page: '2', page_size: '20', ordering: '-date', unpaired: 'true' }));
    expect((screen.getByLabelText('Vyhledat') as HTMLInputElement).value).toBe('');
  });

  it('refuses a reversed date range and a bad deal number before asking', async () => {
    const user = userEvent.setup();
    const { calls } = paymentsApi();
    renderApp('/payments');
    await screen.findByText('Neznámý plátce');
    const before = listCalls(calls).length;

    await user.click(screen.getByRole('button', { name: 'Další filtry' }));
    await user.type(screen.getByLabelText('Datum od'), '2025-04-01');
    await user.type(screen.getByLabelText('Datum do'), '2025-03-01');
    await user.type(screen.getByLabelText('Číslo obchodu'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Hledat' }));

    expect(await screen.findByText('Datum od nesmí být po datu do.')).toBeTruthy();
    expect(screen.getByText('Zadejte číslo obchodu (kladné celé číslo).')).toBeTruthy();
    expect(listCalls(calls)).toHaveLength(before);
  });

  it('sorts by a column header and pages, in the URL and the request', async () => {
    const user = userEvent.setup();
    const { calls } = paymentsApi();
    const { router } = renderApp('/payments');
    await screen.findByText('Neznámý plátce');

    expect(screen.getByRole('columnheader', { name: /Datum/ }).getAttribute('aria-sort')).toBe('descending');
    await user.click(screen.getByRole('button', { name: /Částka/ }));
    await waitFor(() => expect(lastQuery(calls).ordering).toBe('amount'));
    expect(currentUrl(router)).toBe('/payments?ordering=amount');
    await user.click(within(screen.getByRole('navigation', { name: 'Stránkování plateb' })).getByRole('button', { name: 'Další strana' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ page: '2', ordering: 'amount', unpaired: 'true' }));
  });

  it("opens a payment's allocation: each claim, its type, due date, amount and the rule in Czech", async () => {
    const user = userEvent.setup();
    paymentsApi();
    renderApp('/payments?unpaired=all');
    await screen.findByText('Neznámý plátce');

    const toggle = screen.getByRole('button', { name: 'Rozúčtování platby č. 9002' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = screen.getByRole('table', { name: 'Rozúčtování platby č. 9002' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent?.replace(/\u00a0/g, ' ')))).toEqual([
      ['Úrok z prodlení', '28. 2. 2025', '150 Kč', 'Splatné úroky z prodlení'],
      ['Úrok', '15. 2. 2025', '2 050 Kč', 'Splatné úroky'],
      ['Jistina', '15. 2. 2025', '7 700 Kč', 'Splatná jistina'],
    ]);
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('č. 71');
    expect(screen.getByText(/^Nerozúčtováno 100,50\sKč: zůstává jako přeplatek na obchodu\.$/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Rozúčtování platby č. 9001' }));
    expect(screen.getByText('Platba není přiřazena k obchodu, proto není rozúčtována.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Skrýt rozúčtování platby č. 9002' }));
    expect(screen.queryByRole('table', { name: 'Rozúčtování platby č. 9002' })).toBeNull();
  });

  it('pairs the chosen payments to a deal found by search, and reloads the inbox', async () => {
    const user = userEvent.setup();
    const { calls } = paymentsApi('ACCOUNTANT', {
      'GET /api/v1/deals/': (call) => ({ status: 200, body: drfPage(call.query.get('search') === 'Dvořák' ? [dealListItem()] : []) }),
      'PATCH /api/v1/payments/bulk_assign_deals/': () => ({ status: 200, body: { results: [allocatedPayment({ id: 9001 }), allocatedPayment({ id: 9003 })] } }),
    });
    renderApp('/payments');
    await screen.findByText('Neznámý plátce');

    const assign = screen.getByRole('button', { name: 'Přiřadit k obchodu' }) as HTMLButtonElement;
    expect(assign.disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Vybrat platbu č. 9001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Vybrat platbu č. 9003' }));
    await user.click(screen.getByRole('button', { name: 'Přiřadit k obchodu (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Přiřadit k obchodu' });
    expect(within(dialog).getByText(/Vybráno: 2 platby/)).toBeTruthy();
    // What is being assigned: amount, date, symbols, payer, message.
    const assigned = within(within(dialog).getByRole('list', { name: 'Přiřazované platby' })).getAllByRole('listitem').map((li) => li.textContent?.replace(/\s+/g, ' '));
    expect(assigned).toEqual(['12 500,50 Kč ze dne 12. 3. 2025, VS 9999999999, plátce Jiří DvořákZpráva: splátka březen', '800 Kč ze dne 12. 3. 2025, plátce Neznámý plátceZpráva: splátka březen']);
    await user.type(within(dialog).getByLabelText('Vyhledat obchod'), 'Dvořák');
    // Each candidate with what it owes and what is overdue.
    await user.click(await within(dialog).findByLabelText(/#501 Jiří Dvořák, smlouva SU-2025-0501, VS 2500050117, dluží .*, po splatnosti 12\s345,60\sKč/));
    expect((within(dialog).getByLabelText('Číslo obchodu') as HTMLInputElement).value).toBe('501');
    const before = listCalls(calls).length;
    await user.click(within(dialog).getByRole('button', { name: 'Přiřadit' }));

    expect(await screen.findByText('2 platby přiřazeny k obchodu #501.')).toBeTruthy();
    const patch = calls.filter((call) => call.method === 'PATCH');
    expect(patch.map((call) => call.body)).toEqual([{ payments: [9001, 9003], deal: 501 }]);
    expect(calls.find((call) => call.path === '/api/v1/deals/')?.query.get('search')).toBe('Dvořák');
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Vybrat platbu č. 9001' }) as HTMLInputElement).checked).toBe(false);
  });

  it('pairs all rows of the page to a deal typed by its number', async () => {
    const user = userEvent.setup();
    const { calls } = paymentsApi('ADMIN', {
      'PATCH /api/v1/payments/bulk_assign_deals/': () => ({ status: 200, body: { results: [] } }),
    });
    renderApp('/payments');
    await screen.findByText('Neznámý plátce');

    await user.click(screen.getByRole('checkbox', { name: 'Vybrat všechny platby na stránce' }));
    await user.click(screen.getByRole('button', { name: 'Přiřadit k obchodu (3)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Přiřadit k obchodu' });
    await user.click(within(dialog).getByRole('button', { name: 'Přiřadit' }));
    expect(within(dialog).getAllByText(/Zadejte číslo obchodu nebo obchod vyhledejte./).length).toBeGreaterThan(0);
    await user.type(within(dialog).getByLabelText('Číslo obchodu'), '77');
    await user.click(within(dialog).getByRole('button', { name: 'Přiřadit' }));

    await screen.findByText('3 platby přiřazeny k obchodu #77.');
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ payments: [9001, 9003, 9002], deal: 77 }]);
  });

  it("shows the API's 400 at the deal field and its 409 refusal, in Czech", async () => {
    const user = userEvent.setup();
    let answer: Reply = { status: 400, body: { deal: ['Obchod neexistuje.'] } };
    paymentsApi('ACCOUNTANT', { 'PATCH /api/v1/payments/bulk_assign_deals/': () => answer });
    renderApp('/payments');
    await screen.findByText('Neznámý plátce');

    await user.click(screen.getByRole('checkbox', { name: 'Vybrat platbu č. 9001' }));
    await user.click(screen.getByRole('button', { name: 'Přiřadit k obchodu (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Přiřadit k obchodu' });
    await user.type(within(dialog).getByLabelText('Číslo obchodu'), '999');
    await user.click(within(dialog).getByRole('button', { name: 'Přiřadit' }));
    expect(await within(dialog).findByText('Obchod: Obchod neexistuje.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Číslo obchodu').getAttribute('aria-invalid')).toBe('true');

    answer = { status: 409, body: { detail: 'Storno platby patří k obchodu původní platby; přiřaďte původní platbu.' } };
    await user.click(within(dialog).getByRole('button', { name: 'Přiřadit' }));
    const alert = await within(dialog).findByText('Storno platby patří k obchodu původní platby; přiřaďte původní platbu.');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('dialog', { name: 'Přiřadit k obchodu' })).toBeTruthy();
  });

  it.each<StaffRole>(['VIEWER', 'UNDERWRITER', 'COLLECTIONS'])('offers %s no writes: no selection, no pairing, no import', async (role) => {
    paymentsApi(role);
    renderApp('/payments');
    await screen.findByText('Neznámý plátce');
    await waitFor(() => expect(screen.queryByRole('checkbox')).toBeNull());
    expect(screen.queryByRole('button', { name: /Přiřadit k obchodu/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Import bankovního výpisu' })).toBeNull();
    // Reading is for everyone: the allocation still opens.
    expect(screen.getByRole('button', { name: 'Rozúčtování platby č. 9002' })).toBeTruthy();
  });
});

describe('statement import', () => {
  it('uploads the file, shows the import progress, then the summary with errors in Czech', async () => {
    // Fake timers that also follow real time, so the polls and Testing Library's waits run as usual.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const sent = stubUpload({ status: 202, body: statement() });
    let polls = 0;
    const { calls } = paymentsApi('ACCOUNTANT', {
      'GET /api/v1/payments/statements/31/': () => {
        polls += 1;
        if (polls < 3) return { status: 200, body: statement({ state: 'PROCESSING', total_lines: 10, processed: 4 }) };
        return {
          status: 200,
          body: statement({
            state: 'DONE',
            total_lines: 10,
            processed: 10,
            created: 7,
            paired: 5,
            unpaired: 2,
            duplicates_skipped: 2,
            errors: ['Řádek 9: chybí datum zaúčtování.'],
            finished_at: '2025-03-12T08:00:05.000Z',
          }),
        };
      },
    });
    renderApp('/payments');
    const input = await screen.findByLabelText('Soubor výpisu');
    const file = new File(['<Document/>'], 'vypis-2025-03.xml', { type: 'application/xml' });
    await user.upload(input, file);
    const listBefore = listCalls(calls).length;
    await user.click(screen.getByRole('button', { name: 'Nahrát výpis' }));

    const progress = await screen.findByRole('progressbar', { name: 'Zpracováno řádků' });
    expect(progress.getAttribute('value')).toBe('4');
    expect(progress.getAttribute('max')).toBe('10');
    expect(screen.getByText('4 z 10')).toBeTruthy();
    expect(screen.getByText(/Zpracovává se/)).toBeTruthy();

    const summary = await screen.findByLabelText('Výsledek importu', {}, { timeout: 3000 });
    const facts = Object.fromEntries(within(summary).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toEqual({ 'Řádků ve výpisu': '10', 'Nové platby': '7', Spárováno: '5', Nespárováno: '2', 'Přeskočeno duplicit': '2' });
    expect(screen.getByText('Řádek 9: chybí datum zaúčtování.')).toBeTruthy();
    expect(screen.getByText(/Dokončeno/)).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Zpracováno řádků' })).toBeNull();

    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/v1/payments/statements/' });
    expect(sent[0]?.headers.Authorization).toBe('Bearer access-token');
    expect((sent[0]?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((sent[0]?.body as FormData).get('file') as File).name).toBe('vypis-2025-03.xml');
    // What the import booked shows in the inbox; polling stopped once it was done.
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(listBefore));
    const pollsAtEnd = polls;
    // Ten polling intervals on the fake clock: an import still polled would have been asked again.
    await act(() => vi.advanceTimersByTimeAsync(10 * polling.intervalMs));
    expect(polls).toBe(pollsAtEnd);
  });

  it('says in Czech why a file was refused (400, 413), and that a statement was imported before', async () => {
    const user = userEvent.setup();
    stubUpload({ status: 400, body: { file: ['Nahrajte výpis ve formátu camt.053 (XML) nebo GPC (ABO).'] } });
    const { calls } = paymentsApi('ADMIN', {
      // As the API reads a statement back: `already_imported` is only ever in the upload's answer.
      'GET /api/v1/payments/statements/31/': () => ({
        status: 200,
        body: statement({ state: 'DONE', total_lines: 4, processed: 4, created: 4, paired: 4, already_imported: false, detail: null }),
      }),
    });
    renderApp('/payments');
    await user.click(await screen.findByRole('button', { name: 'Nahrát výpis' }));
    expect(await screen.findByText('Vyberte soubor s výpisem.')).toBeTruthy();

    await user.upload(screen.getByLabelText('Soubor výpisu'), new File(['nic'], 'poznamky.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Nahrát výpis' }));
    expect(await screen.findByText('Nahrajte výpis ve formátu camt.053 (XML) nebo GPC (ABO).')).toBeTruthy();
    expect(screen.getByLabelText('Soubor výpisu').getAttribute('aria-invalid')).toBe('true');

    stubUpload({ status: 413, body: { detail: 'Výpis je příliš velký (nejvýše 20 MB).' } });
    await user.upload(screen.getByLabelText('Soubor výpisu'), new File(['<Document/>'], 'rok-2024.xml', { type: 'application/xml' }));
    await user.click(screen.getByRole('button', { name: 'Nahrát výpis' }));
    expect(await screen.findByText('Výpis je příliš velký (nejvýše 20 MB).')).toBeTruthy();

    // The same file again while its first upload is still being imported: the API answers that
    // statement, still processing, and says it was uploaded before.
    const before = 'Tento výpis už byl naimportován dne 12. 3. 2025 – nic nového nevzniklo. Počty jsou z původního importu.';
    stubUpload({ status: 200, body: statement({ state: 'PROCESSING', total_lines: 4, processed: 1, already_imported: true, detail: before }) });
    await user.upload(screen.getByLabelText('Soubor výpisu'), new File(['<Document/>'], 'vypis-2025-03.xml', { type: 'application/xml' }));
    await user.click(screen.getByRole('button', { name: 'Nahrát výpis' }));
    expect(await screen.findByText(before)).toBeTruthy();
    // Still said once the statement has been read back: the summary shows only with the read-back's
    // DONE, and its figures are labelled as the first import's, not as new.
    const summary = await screen.findByLabelText('Výsledek původního importu ze dne 12. 3. 2025');
    expect(calls.some((c) => c.path === '/api/v1/payments/statements/31/')).toBe(true);
    expect(within(summary).getByText('Nové platby').nextElementSibling?.textContent).toBe('4');
    expect(screen.queryByLabelText('Výsledek importu')).toBeNull();
    expect(screen.getByText(before)).toBeTruthy();
  });
});
