import type { StaffRole } from '@lending/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page as drfPage, mockApi, type RecordedCall, type Reply } from '../../test/fetch-mock';
import { personDetail, personSummary } from '../../test/fixtures';
import { meHandler, renderApp } from '../../test/render-app';
import { setTokens } from '../../shared/session';
import './index';
import { PersonEditForm } from './PersonEditForm';

// Masked identifiers (ROLES.md §1, docs/decisions/0046): the detail shows every role the birth
// number and identity card masked; a role holding `persons.identifiers.read` reveals them by a
// click (an audited POST), and the edit form starts from revealed values, never masked ones.

const REVEAL = 'POST /api/v1/persons/55/reveal-identifiers/';
const revealed = { birth_number: '850412/1236', identity_card: '204512345' };

function personApi(role: StaffRole, extra: Record<string, (call: RecordedCall) => Reply | Promise<Reply>> = {}) {
  return mockApi({
    ...meHandler(role),
    'GET /api/v1/persons/55/': () => ({ status: 200, body: personDetail() }),
    'GET /api/v1/persons/55/person/': () => ({ status: 200, body: personSummary() }),
    'GET /api/v1/persons/55/deals/': () => ({ status: 200, body: drfPage([]) }),
    'GET /api/v1/persons/55/distraint/': () => ({ status: 200, body: [] }),
    'GET /api/v1/persons/55/realty-rights/': () => ({ status: 200, body: [] }),
    'GET /api/v1/persons/55/screenings/': () => ({ status: 200, body: drfPage([]) }),
    'GET /api/v1/leads/': () => ({ status: 200, body: drfPage([]) }),
    [REVEAL]: () => ({ status: 200, body: revealed }),
    ...extra,
  });
}

const reveals = (calls: RecordedCall[]) => calls.filter((c) => `${c.method} ${c.path}` === REVEAL);
const revealButton = { name: 'Zobrazit rodné číslo a číslo občanského průkazu' };

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('person identifiers', () => {
  it('shows them masked by default, with a note that showing them is recorded', async () => {
    const { calls } = personApi('UNDERWRITER');
    renderApp('/persons/55');

    const section = await screen.findByRole('region', { name: 'Identifikace' });
    expect(within(section).getByText('850412/****')).toBeTruthy();
    expect(within(section).getByText('******345')).toBeTruthy();
    const button = within(section).getByRole('button', revealButton);
    expect(button.textContent).toBe('Zobrazit');
    expect(within(section).getByText('Zobrazení se zaznamenává do auditního záznamu.')).toBeTruthy();
    expect(button.getAttribute('aria-describedby')).toBe(within(section).getByText('Zobrazení se zaznamenává do auditního záznamu.').id);
    expect(document.body.textContent).not.toContain('1236');
    expect(reveals(calls)).toEqual([]);
  });

  it('"Zobrazit" reveals them after the POST and keeps them shown', async () => {
    const user = userEvent.setup();
    const { calls } = personApi('COLLECTIONS');
    renderApp('/persons/55');

    const section = await screen.findByRole('region', { name: 'Identifikace' });
    await user.click(within(section).getByRole('button', revealButton));
    expect(await within(section).findByText('850412/1236')).toBeTruthy();
    expect(within(section).getByText('204512345')).toBeTruthy();
    expect(within(section).queryByRole('button', revealButton)).toBeNull();
    expect(reveals(calls)).toHaveLength(1);
    expect(reveals(calls)[0]?.body).toEqual({});
  });

  it('says so when the reveal is refused, and shows nothing more', async () => {
    const user = userEvent.setup();
    personApi('ADMIN', { [REVEAL]: () => ({ status: 403, body: { detail: 'K této akci nemáte oprávnění.' } }) });
    renderApp('/persons/55');

    const section = await screen.findByRole('region', { name: 'Identifikace' });
    await user.click(within(section).getByRole('button', revealButton));
    expect((await within(section).findByRole('alert')).textContent).toBe('Rodné číslo a číslo průkazu se nepodařilo zobrazit. K této akci nemáte oprávnění.');
    expect(within(section).getByText('850412/****')).toBeTruthy();
  });

  it.each(['VIEWER', 'ACCOUNTANT'] as const)('offers %s no button: masked only', async (role) => {
    const { calls } = personApi(role);
    renderApp('/persons/55');

    const section = await screen.findByRole('region', { name: 'Identifikace' });
    expect(within(section).getByText('850412/****')).toBeTruthy();
    expect(within(section).getByText('******345')).toBeTruthy();
    // The permissions come with /auth/me/: wait for them before looking for what they hide.
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/auth/me/')).toBe(true));
    await waitFor(() => expect(within(section).queryByRole('button', revealButton)).toBeNull());
    expect(within(section).queryByText('Zobrazení se zaznamenává do auditního záznamu.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upravit údaje' })).toBeNull();
    expect(reveals(calls)).toEqual([]);
  });

  it('prefills the edit form with the revealed values (reason "Úprava osoby") and sends only what changed', async () => {
    const user = userEvent.setup();
    const { calls } = personApi('UNDERWRITER', {
      'PATCH /api/v1/persons/55/': () => ({ status: 200, body: personDetail({ identity_card: '******999' }) }),
    });
    renderApp('/persons/55');
    const section = await screen.findByRole('region', { name: 'Identifikace' });
    await user.click(within(section).getByRole('button', revealButton));
    await within(section).findByText('204512345');

    await user.click(screen.getByRole('button', { name: 'Upravit údaje' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upravit údaje osoby' });
    const birthNumber = await within(dialog).findByLabelText(/^Rodné číslo/);
    expect((birthNumber as HTMLInputElement).value).toBe('850412/1236');
    const card = within(dialog).getByLabelText(/^Číslo občanského průkazu/) as HTMLInputElement;
    expect(card.value).toBe('204512345');
    // Opening the form is a reveal of its own, with its reason.
    expect(reveals(calls).map((c) => c.body)).toEqual([{}, { reason: 'Úprava osoby' }]);

    await user.clear(card);
    await user.type(card, '204512999');
    await user.click(within(dialog).getByRole('button', { name: 'Uložit údaje' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ identity_card: '204512999' }));
    expect(await screen.findByText('Údaje osoby byly uloženy.')).toBeTruthy();
    expect(JSON.stringify(calls.filter((c) => c.method !== 'GET').map((c) => c.body))).not.toContain('*');
    // The page shows them masked again (what was revealed before the change is gone), to be asked anew.
    expect(await within(section).findByText('******345')).toBeTruthy();
    expect(within(section).queryByText('204512345')).toBeNull();
    expect(within(section).getByRole('button', revealButton)).toBeTruthy();
  });

  it('opens no form with masked values when the reveal for editing fails; a retry reveals again', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { calls } = personApi('ADMIN', {
      [REVEAL]: () => (refuse ? { status: 503, body: { detail: 'Služba je na okamžik nedostupná.' } } : { status: 200, body: revealed }),
    });
    renderApp('/persons/55');

    await user.click(await screen.findByRole('button', { name: 'Upravit údaje' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upravit údaje osoby' });
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Rodné číslo a číslo průkazu se nepodařilo načíst.');
    expect(within(dialog).queryByLabelText(/^Rodné číslo/)).toBeNull();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Zkusit znovu' }));
    expect(((await within(dialog).findByLabelText(/^Rodné číslo/)) as HTMLInputElement).value).toBe('850412/1236');
    expect(reveals(calls).map((c) => c.body)).toEqual([{ reason: 'Úprava osoby' }, { reason: 'Úprava osoby' }]);
  });

  it('asks nothing for a person who has neither: no button, the form opens with empty fields', async () => {
    const user = userEvent.setup();
    const { calls } = personApi('UNDERWRITER', { 'GET /api/v1/persons/55/': () => ({ status: 200, body: personDetail({ birth_number: null, identity_card: null }) }) });
    renderApp('/persons/55');

    const section = await screen.findByRole('region', { name: 'Identifikace' });
    expect(within(section).queryByRole('button', revealButton)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Upravit údaje' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upravit údaje osoby' });
    expect(((await within(dialog).findByLabelText(/^Rodné číslo/)) as HTMLInputElement).value).toBe('');
    expect(reveals(calls)).toEqual([]);
  });

  it('leaves both out of the form and of the body when they were not revealed', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'PATCH /api/v1/persons/55/': () => ({ status: 200, body: personDetail({ note: 'Volat po 17. hodině' }) }) });
    setTokens({ access: 'access-token', refresh: 'refresh-token' });
    const onSaved = vi.fn();
    render(<PersonEditForm person={personDetail()} identifiers={null} onCancel={() => undefined} onSaved={onSaved} />);

    expect(screen.queryByLabelText(/^Rodné číslo/)).toBeNull();
    expect(screen.queryByLabelText(/^Číslo občanského průkazu/)).toBeNull();
    expect(screen.getByText('Rodné číslo a číslo občanského průkazu tu měnit nelze: vaše role je nesmí zobrazit.')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Poznámka/), 'Volat po 17. hodině');
    await user.click(screen.getByRole('button', { name: 'Uložit údaje' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.map((c) => [c.method, c.body])).toEqual([['PATCH', { note: 'Volat po 17. hodině' }]]);
  });
});
