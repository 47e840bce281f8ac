import type { ClaimsSettingView } from '@lending/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page as drfPage, mockApi, type RecordedCall, type Reply } from '../../../test/fetch-mock';
import { currentUrl } from '../../../test/render-app';
import { ClaimsSettingsTab } from './ClaimsSettingsTab';
import { claimsSetting } from './model-fixtures';
import { renderTab } from './render-tab';

const text = (element: Element) => (element.textContent ?? '').replace(/\s/g, ' ').trim();

function settingsApi(extra: Record<string, (call: RecordedCall) => Reply> = {}) {
  let rows: ClaimsSettingView[] = [claimsSetting(), claimsSetting({ id: 12, type: 'FEE', amount: '150.00', grace_days: 0, is_enabled: false, note: 'Poplatek za správu úvěru' })];
  const api = mockApi({
    'GET /api/v1/deals/7/claims-settings/': (call) => ({ status: 200, body: drfPage(rows.filter((row) => !call.query.get('type') || row.type === call.query.get('type'))) }),
    ...extra,
  });
  return { ...api, setRows: (next: ClaimsSettingView[]) => (rows = next) };
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('claims settings tab', () => {
  it('lists the settings and filters them by type', async () => {
    const user = userEvent.setup();
    const { calls } = settingsApi();
    const { router } = renderTab(<ClaimsSettingsTab dealId={7} canWrite />, '/deals/7?tab=claims-settings');

    const table = await screen.findByRole('table', { name: 'Nastavení pohledávek' });
    const rows = within(table).getAllByRole('row').map(text);
    expect(rows[1]).toContain('Úrok z prodlení—Zákonná (repo sazba ČNB + 8 p. b.)—5Zapnuto');
    expect(rows[2]).toContain('Poplatek150 Kč——0VypnutoPoplatek za správu úvěru');

    await user.selectOptions(screen.getByLabelText('Typ pohledávky'), 'Poplatek');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Nastavení pohledávek' })).getAllByRole('row')).toHaveLength(2));
    expect(calls.at(-1)?.query.get('type')).toBe('FEE');
    expect(currentUrl(router)).toBe('/deals/7?tab=claims-settings&settings.type=FEE');
  });

  it('adds a setting with strings for money and rate and shows a 400 at its field', async () => {
    const user = userEvent.setup();
    const { calls, setRows } = settingsApi({
      'POST /api/v1/deals/7/claims-settings/': (call) => {
        if (calls.filter((c) => c.method === 'POST').length === 1) return { status: 400, body: { type: ['Obchod už má nastavení pro tento typ pohledávky.'] } };
        const created = claimsSetting({ id: 13, type: 'CONTRACTUAL_PENALTY', amount: '2500.00', rate: '0.0500', grace_days: 3 });
        setRows([created]);
        return { status: 201, body: { ...created, ...(call.body as object) } };
      },
    });
    renderTab(<ClaimsSettingsTab dealId={7} canWrite />);

    await user.click(await screen.findByRole('button', { name: 'Přidat nastavení' }));
    const dialog = await screen.findByRole('dialog', { name: 'Přidat nastavení' });
    await user.selectOptions(within(dialog).getByLabelText(/Typ pohledávky/), 'Smluvní pokuta');
    await user.type(within(dialog).getByLabelText(/Částka/), '2 500');
    await user.type(within(dialog).getByLabelText(/Sazba/), '0,05');
    await user.clear(within(dialog).getByLabelText(/Dní odkladu/));
    await user.type(within(dialog).getByLabelText(/Dní odkladu/), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Uložit nastavení' }));

    const type = within(dialog).getByLabelText(/Typ pohledávky/);
    await waitFor(() => expect(type.getAttribute('aria-invalid')).toBe('true'));
    expect(text(within(dialog).getByRole('alert'))).toContain('Typ pohledávky: Obchod už má nastavení pro tento typ pohledávky.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ type: 'CONTRACTUAL_PENALTY', amount: '2500.00', rate: '0.0500', due_day: null, grace_days: 3, is_enabled: true, note: null });

    await user.click(within(dialog).getByRole('button', { name: 'Uložit nastavení' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Nastavení bylo přidáno.')).toBeTruthy();
    expect(text(await screen.findByRole('table', { name: 'Nastavení pohledávek' }))).toContain('Smluvní pokuta2 500 Kč0,05 % ročně');
  });

  it('edits with PUT and shows a refused delete in the dialog', async () => {
    const user = userEvent.setup();
    const { calls } = settingsApi({
      'PUT /api/v1/deals/7/claims-settings/11/': () => ({ status: 200, body: claimsSetting({ rate: '10.0000' }) }),
      'DELETE /api/v1/deals/7/claims-settings/11/': () => ({ status: 409, body: { detail: 'Podle tohoto nastavení už vznikly pohledávky; nelze ho smazat. Můžete ho vypnout.' } }),
    });
    renderTab(<ClaimsSettingsTab dealId={7} canWrite />);

    await user.click(await screen.findByRole('button', { name: 'Upravit nastavení úrok z prodlení' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upravit nastavení' });
    await user.type(within(dialog).getByLabelText(/Sazba/), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Uložit nastavení' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ type: 'PENALTY_INTEREST', amount: null, rate: '10.0000', due_day: null, grace_days: 5, is_enabled: true, note: null });

    await user.click(screen.getByRole('button', { name: 'Smazat nastavení úrok z prodlení' }));
    const confirm = await screen.findByRole('dialog', { name: 'Smazat?' });
    await user.click(within(confirm).getByRole('button', { name: 'Smazat' }));
    expect(text(await within(confirm).findByRole('alert'))).toContain('Podle tohoto nastavení už vznikly pohledávky; nelze ho smazat. Můžete ho vypnout.');
  });

  it('gives VIEWER no write buttons', async () => {
    settingsApi();
    renderTab(<ClaimsSettingsTab dealId={7} canWrite={false} />);
    await screen.findByRole('table', { name: 'Nastavení pohledávek' });
    expect(screen.queryByRole('button', { name: /Přidat|Upravit|Smazat/ })).toBeNull();
  });
});
