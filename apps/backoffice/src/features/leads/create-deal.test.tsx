import type { LeadDetail, StaffRole } from '@lending/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dealDetail } from '../../test/deal-fixtures';
import { page as drfPage, mockApi, type RecordedCall, type Reply } from '../../test/fetch-mock';
import { leadDetail } from '../../test/fixtures';
import { currentUrl, meHandler, renderApp } from '../../test/render-app';
import '../../test/all-features';

function leadApi(lead: LeadDetail, role: StaffRole, extra: Record<string, (call: RecordedCall) => Reply> = {}) {
  return mockApi({
    ...meHandler(role),
    'GET /api/v1/leads/101/': () => ({ status: 200, body: lead }),
    'GET /api/v1/leads/101/application_form/': () => ({ status: 404, body: { detail: 'Nenalezeno.' } }),
    'GET /api/v1/leads/101/idm-evaluations/': () => ({ status: 200, body: drfPage([]) }),
    'GET /api/v1/leads/101/call-data/': () => ({ status: 200, body: drfPage([]) }),
    'GET /api/v1/leads/101/debt/': () => ({ status: 200, body: drfPage([]) }),
    'GET /api/v1/leads/101/incomes-expenses/': () => ({ status: 200, body: drfPage([]) }),
    ...extra,
  });
}

const accepted = () => leadDetail({ state: 'OFFER_ACCEPTED', offer_applied: true, application_form: null });

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('create a deal from a lead', () => {
  it('makes the deal of a lead with an accepted offer and opens it', async () => {
    const user = userEvent.setup();
    const { calls } = leadApi(accepted(), 'UNDERWRITER', {
      'POST /api/v1/leads/101/deal/': () => ({
        status: 201,
        body: { deal_id: 501, lead_id: 101, deal_model_id: 4, realty_group_id: null, participants: [{ person_id: 55, role: 'BORROWER' }], created: true },
      }),
      'GET /api/v1/deals/501/': () => ({ status: 200, body: dealDetail({ state: 'NEW_APPLICATION' }) }),
    });
    const { router } = renderApp('/leads/101');

    await user.click(await screen.findByRole('button', { name: 'Vytvořit obchod' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/deals/501'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Obchod #501' })).toBeTruthy();
    expect(screen.getByText('Obchod #501 byl vytvořen.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/leads/101/deal/')).toHaveLength(1);
  });

  it('links a converted lead to its deal', async () => {
    leadApi(leadDetail({ state: 'CONVERTED', offer_applied: true, application_form: null, deal_id: 501 }), 'UNDERWRITER');
    renderApp('/leads/101');
    expect((await screen.findByRole('link', { name: 'Obchod #501' })).getAttribute('href')).toBe('/deals/501');
    expect(screen.queryByRole('button', { name: 'Vytvořit obchod' })).toBeNull();
  });

  it('shows the refusal in Czech and stays on the lead', async () => {
    const user = userEvent.setup();
    leadApi(accepted(), 'ADMIN', {
      'POST /api/v1/leads/101/deal/': () => ({ status: 409, body: { detail: 'Žádost nemá žadatele; doplňte ho před založením obchodu.' } }),
    });
    const { router } = renderApp('/leads/101');

    await user.click(await screen.findByRole('button', { name: 'Vytvořit obchod' }));
    expect(await screen.findByText(/Obchod se nepodařilo vytvořit\. Žádost nemá žadatele/)).toBeTruthy();
    expect(currentUrl(router)).toBe('/leads/101');
  });

  it('offers it only on an accepted offer, and only to the roles the API allows', async () => {
    leadApi(leadDetail({ state: 'OFFER_SENT', application_form: null }), 'ADMIN');
    renderApp('/leads/101');
    expect(await screen.findByRole('button', { name: 'Vydat nabídku' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Vytvořit obchod' })).toBeNull();
    vi.unstubAllGlobals();

    for (const role of ['COLLECTIONS', 'VIEWER'] as const) {
      leadApi(accepted(), role);
      const view = renderApp('/leads/101');
      expect(await screen.findByRole('heading', { level: 1, name: 'Žádost #101' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Vytvořit obchod' })).toBeNull();
      view.unmount();
      vi.unstubAllGlobals();
    }
  });
});
