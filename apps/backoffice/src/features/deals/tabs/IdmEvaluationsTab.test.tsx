import type { DealIdmEvaluationView } from '@lending/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, page } from '../../../test/fetch-mock';
import { IdmEvaluationsTab } from './IdmEvaluationsTab';
import { dealModel, NOW, renderTab } from './tab-test-utils';

const evaluation: DealIdmEvaluationView = {
  id: 5,
  lead_id: 101,
  deal_id: null,
  deal_model: null,
  state: 'FINISHED',
  decision: 'APPROVE',
  result: {
    decision: 'APPROVE',
    reasons: [],
    requested_value: '150000.00',
    new_installment: '4500.00',
    monthly_net_income: '42000.00',
    monthly_expenses: '15000.00',
    existing_installments: '3000.00',
    total_remaining_debt: '60000.00',
    annual_net_income: '504000.00',
    dsti: 0.18,
    dti: 0.42,
    free_income: '19500.00',
    adults: 1,
    living_minimum: '4860.00',
    limits: { max_dsti: 0.45, max_dti: 8, living_minimum_per_adult: '4860.00' },
  },
  error: null,
  requested_by_id: 7,
  checked_at: NOW,
  created_at: NOW,
};

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('IdmEvaluationsTab', () => {
  it('lists the evaluations of the deal and its lead, filtered by model version', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/v1/deals/7/deal-model/': () => ({ status: 200, body: page([dealModel()]) }),
      'GET /api/v1/deals/7/idm-evaluations/': (call) => ({
        status: 200,
        body: page(call.query.get('deal_model') === '81' ? [{ ...evaluation, id: 6, deal_id: 7, lead_id: null, deal_model: 81, decision: 'MANUAL_REVIEW' as const, result: null, state: 'FINISHED' as const }] : [evaluation]),
      }),
    });
    const { router } = renderTab(<IdmEvaluationsTab dealId={7} canWrite />);
    const table = await screen.findByRole('table', { name: 'Hodnocení IDM' });
    expect(within(table).getByText('Schváleno')).toBeTruthy();
    expect(within(table).getByText('Žádost')).toBeTruthy();
    expect(within(table).getByText('18 %')).toBeTruthy();

    await user.selectOptions(await screen.findByLabelText('Verze modelu obchodu'), 'Verze 1 (platná)');
    expect(router.state.location.search).toBe('?idm_model=81');
    expect(await screen.findByText('K ručnímu posouzení')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/deals/7/idm-evaluations/' && c.query.get('deal_model') === '81')).toBe(true);
    // Read-only: the API has no write here.
    expect(screen.queryByRole('button')).toBeNull();
  });
});
