import type { DealRealtyView, RealtyGroup, RealtyGroupEvaluation } from '@lending/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, page } from '../../../test/fetch-mock';
import { RealtiesTab } from './RealtiesTab';
import { NOW, renderTab } from './tab-test-utils';

const flat: DealRealtyView = {
  id: 31,
  type: 'FLAT',
  whole_address: 'Husova 12, 602 00 Brno',
  city: 'Brno',
  cadastral_area_code: '610372',
  cadastral_area_name: 'Město Brno',
  lv_number: '1234',
  parcel_number: '456/7',
  unit_number: '12/3',
  realty_group_ids: [41],
  from_lead: true,
};
const land: DealRealtyView = { ...flat, id: 32, type: 'LAND', whole_address: null, unit_number: null, parcel_number: '88', realty_group_ids: [], from_lead: false };

const group: RealtyGroup = {
  id: 41,
  deal_id: 7,
  name: 'Byt Husova',
  mortgage: true,
  note: null,
  realties: [{ id: 31, type: 'FLAT', whole_address: 'Husova 12, 602 00 Brno', lv_number: '1234', cadastral_area_name: 'Město Brno' }],
  ltv: null,
  latest_estimation: { id: 51, realty_group_id: 41, value: '3200000.00', estimated_at: '2025-01-15', estimator: 'Ing. Novák', note: null, created_at: NOW },
  created_at: NOW,
  updated_at: NOW,
};

// 2 600 000 / 3 200 000 = 81.25 %: above the 80 % threshold (ADR 0028).
const evaluation: RealtyGroupEvaluation = {
  id: 61,
  realty_group_id: 41,
  evaluated_at: NOW,
  estimation_id: 51,
  estimate: '3200000.00',
  previous_estimate: null,
  outstanding_principal: '2600000.00',
  principal_source: 'CLAIMS',
  ltv: '81.25',
  must_notify: true,
  reason: 'LTV 81,25 % přesahuje 80 %.',
  evaluated_by_id: 7,
};

function realtyApi(extra = {}) {
  return mockApi({
    'GET /api/v1/deals/7/realties/': () => ({ status: 200, body: page([flat, land]) }),
    'GET /api/v1/deals/7/realty-groups/': (call) => ({ status: 200, body: page(call.query.get('mortgage') === 'false' ? [] : [group]) }),
    ...extra,
  });
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RealtiesTab', () => {
  it('lists realties and groups, filters by mortgage, and shows the LTV evaluation in Czech', async () => {
    const user = userEvent.setup();
    const { calls } = realtyApi({ 'POST /api/v1/deals/7/realty-groups/41/evaluate_notification/': () => ({ status: 201, body: evaluation }) });
    const { router } = renderTab(<RealtiesTab dealId={7} canWrite />);

    const realties = await screen.findByRole('table', { name: 'Nemovitosti obchodu' });
    expect(within(realties).getByText('Pozemek')).toBeTruthy();
    expect(await within(realties).findByText('Byt Husova')).toBeTruthy();
    const groups = screen.getByRole('table', { name: 'Skupiny nemovitostí' });
    expect(within(groups).getByText(/3\s200\s000 Kč \(15\. 1\. 2025\)/)).toBeTruthy();

    await user.click(within(groups).getByRole('button', { name: 'Vyhodnotit LTV skupiny Byt Husova' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vyhodnocení LTV: Byt Husova' });
    expect(within(dialog).getByText('Dlužníka je nutné vyrozumět')).toBeTruthy();
    expect(within(dialog).getByText('LTV 81,25 % přesahuje 80 %.')).toBeTruthy();
    expect(within(dialog).getByText('81,25 %')).toBeTruthy();
    expect(within(dialog).getByText('2 600 000 Kč (nesplacená jistina z pohledávek)')).toBeTruthy();
    expect(within(dialog).getByText('3 200 000 Kč')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/evaluate_notification/'))).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Zavřít' }));

    await user.selectOptions(screen.getByLabelText('Zástava'), 'Ne');
    expect(router.state.location.search).toBe('?mortgage=false');
    expect(await screen.findByText('Žádná skupina neodpovídá filtru.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/deals/7/realty-groups/' && c.query.get('mortgage') === 'false')).toBe(true);
  });

  it('says when the debtor need not be notified, and shows a refusal', async () => {
    const user = userEvent.setup();
    let answer = { status: 201, body: { ...evaluation, ltv: '62.50', outstanding_principal: '2000000.00', must_notify: false, reason: '' } as RealtyGroupEvaluation | { detail: string } };
    realtyApi({ 'POST /api/v1/deals/7/realty-groups/41/evaluate_notification/': () => answer });
    renderTab(<RealtiesTab dealId={7} canWrite />);
    await user.click(await screen.findByRole('button', { name: 'Vyhodnotit LTV skupiny Byt Husova' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vyhodnocení LTV: Byt Husova' });
    expect(within(dialog).getByText('Vyrozumění dlužníka není potřeba')).toBeTruthy();
    expect(within(dialog).getByText('62,5 %')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Zavřít' }));

    answer = { status: 409, body: { detail: 'Skupina nemá žádný odhad hodnoty; LTV nelze spočítat.' } };
    await user.click(screen.getByRole('button', { name: 'Vyhodnotit LTV skupiny Byt Husova' }));
    expect(await screen.findByText('LTV se nepodařilo vyhodnotit. Skupina nemá žádný odhad hodnoty; LTV nelze spočítat.')).toBeTruthy();
  });

  it('creates a group of chosen realties and shows a 400 at the name', async () => {
    const user = userEvent.setup();
    let reply: { status: number; body: unknown } = { status: 400, body: { name: ['Zadejte název skupiny.'] } };
    const { calls } = realtyApi({ 'POST /api/v1/deals/7/realty-groups/': () => reply });
    renderTab(<RealtiesTab dealId={7} canWrite />);
    await user.click(await screen.findByRole('button', { name: 'Přidat skupinu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Přidat skupinu nemovitostí' });
    await user.type(within(dialog).getByLabelText(/Název/), 'Pozemek u Brna');
    await user.click(within(dialog).getByLabelText('Nemovitosti jsou zastaveny (zástavní právo)'));
    await user.click(within(dialog).getByLabelText('Pozemek'));
    await user.click(within(dialog).getByRole('button', { name: 'Uložit' }));

    const name = within(dialog).getByLabelText(/Název/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${name.id}-error`)?.textContent).toContain('Zadejte název skupiny.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Pozemek u Brna', mortgage: true, note: null, realties: [32] });

    reply = { status: 201, body: { ...group, id: 42, name: 'Pozemek u Brna' } };
    await user.click(within(dialog).getByRole('button', { name: 'Uložit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Skupina byla přidána.')).toBeTruthy();
  });

  it('shows a VIEWER no write buttons', async () => {
    realtyApi();
    renderTab(<RealtiesTab dealId={7} canWrite={false} />);
    await screen.findByRole('table', { name: 'Skupiny nemovitostí' });
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Historie skupiny Byt Husova']);
  });
});

describe('RealtiesTab delete', () => {
  it('explains why an evaluated group stays', async () => {
    const user = userEvent.setup();
    realtyApi({
      'DELETE /api/v1/deals/7/realty-groups/41/': () => ({ status: 409, body: { detail: 'Skupina už byla vyhodnocena; nelze ji smazat.' } }),
    });
    renderTab(<RealtiesTab dealId={7} canWrite />);
    await user.click(await screen.findByRole('button', { name: 'Smazat skupinu Byt Husova' }));
    const dialog = await screen.findByRole('dialog', { name: 'Smazat skupinu nemovitostí?' });
    await user.click(within(dialog).getByRole('button', { name: 'Smazat' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Skupina už byla vyhodnocena; nelze ji smazat.');
  });
});

describe('RealtiesTab history', () => {
  it('shows the recorded estimations and LTV evaluations of a group', async () => {
    const user = userEvent.setup();
    realtyApi({
      'GET /api/v1/deals/7/realty-groups/41/estimations/': () => ({ status: 200, body: page([group.latest_estimation]) }),
      'GET /api/v1/deals/7/realty-groups/41/evaluations/': () => ({ status: 200, body: page([evaluation]) }),
    });
    renderTab(<RealtiesTab dealId={7} canWrite={false} />);
    await user.click(await screen.findByRole('button', { name: 'Historie skupiny Byt Husova' }));
    const dialog = await screen.findByRole('dialog', { name: 'Odhady a vyhodnocení LTV: Byt Husova' });
    const estimations = await within(dialog).findByRole('table', { name: 'Odhady hodnoty' });
    expect(within(estimations).getByText('Ing. Novák')).toBeTruthy();
    const evaluations = await within(dialog).findByRole('table', { name: 'Vyhodnocení LTV' });
    expect(within(evaluations).getByText('81,25 %')).toBeTruthy();
    expect(within(evaluations).getByText('Ano')).toBeTruthy();
  });
});
