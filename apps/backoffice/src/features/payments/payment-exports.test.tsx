import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page as drfPage, mockApi, type RecordedCall } from '../../test/fetch-mock';
import { meHandler, renderApp } from '../../test/render-app';
import { payment } from '../../test/payment-fixtures';
// Loaded up front, so the lazy route resolves at once in every test.
import './index';

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const csvHeaders = (name: string) => ({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"` });

/** A body that sends `first`, then waits for `release()` before the rest (or a failure): a long export midway. */
function gatedBody(first: string, rest: string, fail = false) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(first));
      await gate;
      if (fail) controller.error(new TypeError('network reset'));
      else {
        controller.enqueue(encoder.encode(rest));
        controller.close();
      }
    },
  });
  return { stream, release };
}

const queryOf = (calls: RecordedCall[], path: string) => calls.filter((c) => c.path === path).map((c) => Object.fromEntries(c.query));

function inboxApi(extra: Parameters<typeof mockApi>[0]) {
  return mockApi({
    ...meHandler('VIEWER'),
    'GET /api/v1/payments/': () => ({ status: 200, body: drfPage([payment()]) }),
    'GET /api/v1/payments/statements/': () => ({ status: 200, body: drfPage([]) }),
    ...extra,
  });
}

describe('payments inbox exports', () => {
  it("exports the screen's filters (not its page or ordering) and shows the bytes and rows received while it streams", async () => {
    const user = userEvent.setup();
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:platby';
    });
    // 1,234,5xx bytes and three line feeds (the header and two rows) first.
    const first = `ID platby;Datum\r\n1;${'x'.repeat(1_234_500)}\r\n2;20.01.2025\r\n`;
    const rest = '3;21.01.2025\r\n';
    const body = gatedBody(first, rest);
    const { calls } = inboxApi({ 'GET /api/v1/payments/export/': () => ({ status: 200, raw: body.stream, headers: csvHeaders('platby-2026-11-23.csv') }) });
    renderApp('/payments?unpaired=all&payment_type=CASH&date_from=2025-01-01&deal=12&page=2&ordering=amount');

    await user.click(await screen.findByRole('button', { name: 'Exportovat CSV' }));
    await waitFor(() => expect(screen.getByText(/^Staženo /).textContent?.replace(/\u00a0/g, ' ')).toBe('Staženo 1,2 MB, 2 řádků…'));
    // Announced to screen readers as it changes.
    expect(screen.getByText(/^Staženo /).getAttribute('role')).toBe('status');
    expect((screen.getByRole('button', { name: 'Exportovat CSV' }) as HTMLButtonElement).disabled).toBe(true);

    body.release();
    expect(await screen.findByText('Soubor platby-2026-11-23.csv byl stažen.')).toBeTruthy();
    expect(screen.queryByText(/^Staženo /)).toBeNull();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.size).toBe(new TextEncoder().encode(first + rest).length);
    expect(await saved[0]!.text()).toBe(first + rest);
    expect(queryOf(calls, '/api/v1/payments/export/')).toEqual([{ format: 'csv', payment_type: 'CASH', date_from: '2025-01-01', deal: '12' }]);
    expect(calls.find((c) => c.path === '/api/v1/payments/export/')?.headers.get('Authorization')).toBe('Bearer access-token');
  });

  it('the default inbox (the unpaired queue) exports the unpaired payments; XLSX too', async () => {
    const user = userEvent.setup();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:platby');
    const { calls } = inboxApi({
      'GET /api/v1/payments/export/': () => ({ status: 200, raw: 'PK', headers: { 'Content-Disposition': 'attachment; filename="platby-2026-11-23.xlsx"' } }),
    });
    renderApp('/payments');
    await user.click(await screen.findByRole('button', { name: 'Exportovat XLSX' }));
    expect(await screen.findByText('Soubor platby-2026-11-23.xlsx byl stažen.')).toBeTruthy();
    expect(queryOf(calls, '/api/v1/payments/export/')).toEqual([{ format: 'xlsx', unpaired: 'true' }]);
  });

  it("the allocation report takes the screen's dates and deal", async () => {
    const user = userEvent.setup();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:alokace');
    const { calls } = inboxApi({
      'GET /api/v1/payments/allocation-report/': () => ({ status: 200, raw: 'a\r\n', headers: csvHeaders('alokace-2026-11-23.csv') }),
    });
    renderApp('/payments?unpaired=false&date_from=2025-01-01&date_to=2025-02-01&deal=12&category=OTHERS');
    await user.click(await screen.findByRole('button', { name: 'Report alokací CSV' }));
    expect(await screen.findByText('Soubor alokace-2026-11-23.csv byl stažen.')).toBeTruthy();
    expect(queryOf(calls, '/api/v1/payments/allocation-report/')).toEqual([{ format: 'csv', date_from: '2025-01-01', date_to: '2025-02-01', deal: '12' }]);
  });

  it('says in Czech when the export fails, before or during the download', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    const body = gatedBody('ID platby;Datum\r\n', '', true);
    let calls = 0;
    inboxApi({
      'GET /api/v1/payments/export/': () => (++calls === 1 ? { status: 500, body: { detail: 'boom' } } : { status: 200, raw: body.stream, headers: csvHeaders('platby.csv') }),
    });
    renderApp('/payments');
    await user.click(await screen.findByRole('button', { name: 'Exportovat CSV' }));
    expect(await screen.findByText('Soubor se nepodařilo stáhnout. Na serveru došlo k chybě. Zkuste to prosím znovu.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Exportovat CSV' }));
    await screen.findByText(/^Staženo /);
    body.release();
    expect(await screen.findByText('Soubor se nepodařilo stáhnout. Nepodařilo se spojit se serverem. Zkontrolujte připojení a zkuste to znovu.')).toBeTruthy();
    expect(screen.queryByText(/^Staženo /)).toBeNull();
    expect(createObjectURL).not.toHaveBeenCalled();
  });
});
