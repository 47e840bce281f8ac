import { leadMessages, type LeadDetail, type LeadEmailView, type OfferIssueResponse, type StaffApplicationForm } from '@lending/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page as drfPage, mockApi, type RecordedCall, type Reply } from '../../test/fetch-mock';
import { closedReasons, leadDetail } from '../../test/fixtures';
import { meHandler, renderApp } from '../../test/render-app';
import './index';

const applicationForm: StaffApplicationForm = {
  ...(leadDetail().application_form as NonNullable<LeadDetail['application_form']>),
  lead_id: 101,
  data: { first_name: 'Jiří', last_name: 'Dvořák', value: 150000, permanent_address: { whole_address: 'Husova 12, 602 00 Brno' } },
  utm_source: null,
  utm_campaign: null,
  utm_medium: null,
  portal_url: 'http://localhost:3000/?token=f0c1b2a3-token',
  documents: [
    {
      id: 4,
      category: 'PAY_SLIP',
      category_label: 'Výplatní páska',
      file_name: 'výplatní-páska-únor.pdf',
      mime_type: 'application/pdf',
      size: 48213,
      verified_at: null,
      created_at: '2025-03-03T09:30:00.000Z',
      download_url: '/api/v1/leads/101/application-form/9/documents/4/download/',
    },
  ],
};

function leadApi(lead: LeadDetail, extra: Record<string, (call: RecordedCall) => Reply> = {}) {
  let current = lead;
  const api = mockApi({
    ...meHandler(),
    'GET /api/v1/leads/101/': () => ({ status: 200, body: current }),
    'GET /api/v1/leads/101/application_form/': () => ({ status: 200, body: applicationForm }),
    'GET /api/v1/leads/101/idm-evaluations/': () => ({ status: 200, body: drfPage([]) }),
    'GET /api/v1/leads/101/call-data/': () => ({ status: 200, body: drfPage([]) }),
    'GET /api/v1/leads/101/debt/': () => ({ status: 200, body: drfPage([]) }),
    'GET /api/v1/leads/101/incomes-expenses/': () => ({ status: 200, body: drfPage([]) }),
    'GET /api/v1/leads/application-closed-reasons/': () => ({ status: 200, body: closedReasons }),
    ...extra,
  });
  return { ...api, setLead: (next: LeadDetail) => (current = next) };
}

const detailFetches = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/leads/101/').length;

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('close lead dialog', () => {
  it('requires a reason, then closes the lead with the reason id and note', async () => {
    const user = userEvent.setup();
    const { calls, setLead } = leadApi(leadDetail(), {
      'POST /api/v1/leads/101/close/': () => {
        const closed = leadDetail({ state: 'CLOSED', closed_reason: { id: 3, code: 'CLIENT_NOT_INTERESTED', name: 'Klient nemá zájem' } });
        setLead(closed);
        return { status: 200, body: closed };
      },
    });
    renderApp('/leads/101');

    await user.click(await screen.findByRole('button', { name: 'Uzavřít žádost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uzavřít žádost' });
    const reason = await within(dialog).findByLabelText(/Důvod uzavření/);
    // Active reasons only, in their order.
    expect(within(reason).getAllByRole('option').map((o) => o.textContent)).toEqual(['Vyberte důvod', 'Nedostatečný příjem', 'Klient nemá zájem']);

    await user.click(within(dialog).getByRole('button', { name: 'Potvrdit uzavření' }));
    const summary = await within(dialog).findByRole('alert');
    expect(summary.textContent).toContain('Důvod uzavření: Pole je povinné');
    expect(document.activeElement).toBe(summary);
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.selectOptions(reason, 'Klient nemá zájem');
    await user.type(within(dialog).getByLabelText('Poznámka'), 'Našel si levnější úvěr jinde.');
    const fetchesBefore = detailFetches(calls);
    await user.click(within(dialog).getByRole('button', { name: 'Potvrdit uzavření' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/v1/leads/101/close/',
      body: { reason: 3, note: 'Našel si levnější úvěr jinde.' },
    });
    expect(await screen.findByText('Žádost byla uzavřena.')).toBeTruthy();
    await waitFor(() => expect(detailFetches(calls)).toBeGreaterThan(fetchesBefore));
    expect(await screen.findByText('Klient nemá zájem')).toBeTruthy();
    // A closed lead has no actions left: its state says why.
    expect(screen.queryByRole('button', { name: 'Uzavřít žádost' })).toBeNull();
  });

  it('shows the API refusal inside the dialog', async () => {
    const user = userEvent.setup();
    leadApi(leadDetail(), {
      'POST /api/v1/leads/101/close/': () => ({ status: 409, body: { detail: 'Lead je již uzavřen.' } }),
    });
    renderApp('/leads/101');

    await user.click(await screen.findByRole('button', { name: 'Uzavřít žádost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uzavřít žádost' });
    await user.selectOptions(await within(dialog).findByLabelText(/Důvod uzavření/), 'Nedostatečný příjem');
    await user.click(within(dialog).getByRole('button', { name: 'Potvrdit uzavření' }));

    expect((await within(dialog).findByRole('alert')).textContent).toContain('Lead je již uzavřen.');
  });
});

describe('offer dialog', () => {
  const issued = (body: unknown): OfferIssueResponse => ({
    offer: {
      id: 12,
      kind: (body as { kind: 'REGULAR' | 'IRREGULAR' }).kind,
      value: null,
      installment_value: null,
      claim_groups: [],
      total_amount: null,
      sent_at: '2025-03-05T10:00:00.000Z',
      applied_at: null,
      created_by_id: 7,
      created_at: '2025-03-05T10:00:00.000Z',
    },
    lead: { id: 101, state: 'OFFER_SENT' },
    notification: { id: 5, name: 'offer', recipient: 'jiri.dvorak@seznam.cz', subject: 'Vaše nabídka', state: 'PENDING', created_at: '2025-03-05T10:00:00.000Z' },
    link: 'http://localhost:3000/dokumenty?token=f0c1b2a3-token&offer=eyJ2YWx1ZSI6MTAwMDAwfQ',
  });

  it('validates a regular offer in Czech within the consumer-loan bounds and sends it', async () => {
    const user = userEvent.setup();
    const { calls } = leadApi(leadDetail(), {
      'POST /api/v1/leads/101/offer/': (call) => ({ status: 201, body: issued(call.body) }),
    });
    renderApp('/leads/101');

    await user.click(await screen.findByRole('button', { name: 'Vydat nabídku' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vydat nabídku' });
    expect((within(dialog).getByLabelText('Pravidelné splátky') as HTMLInputElement).checked).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Odeslat nabídku' }));
    let summary = await within(dialog).findByRole('alert');
    expect(summary.textContent).toContain('Výše úvěru: Pole je povinné');
    expect(summary.textContent).toContain('Měsíční splátka: Pole je povinné');

    await user.type(within(dialog).getByLabelText(/Výše úvěru/), '6 000 000');
    await user.type(within(dialog).getByLabelText(/Měsíční splátka/), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Odeslat nabídku' }));
    summary = await within(dialog).findByRole('alert');
    await waitFor(() => expect(summary.textContent).toContain('Výše úvěru: Maximální hodnota je 5 milionů Kč'));
    expect(summary.textContent).toContain('Měsíční splátka: Minimální hodnota je 1.000 Kč');

    await user.clear(within(dialog).getByLabelText(/Výše úvěru/));
    await user.type(within(dialog).getByLabelText(/Výše úvěru/), '120 000');
    await user.clear(within(dialog).getByLabelText(/Měsíční splátka/));
    await user.type(within(dialog).getByLabelText(/Měsíční splátka/), '3 500');
    await user.click(within(dialog).getByRole('button', { name: 'Odeslat nabídku' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ kind: 'REGULAR', value: 120000, installment_value: 3500 });
    expect(await screen.findByText('Nabídka byla vydána a odeslána e-mailem na adresu jiri.dvorak@seznam.cz.')).toBeTruthy();
  });

  it('offers to a partner lead without a portal form, within the bounds of its deal type', async () => {
    const user = userEvent.setup();
    const noForm = leadDetail().actions;
    const lead = leadDetail({ source: 'LEADSOR', deal_type: 'INVESTMENT_LOAN', application_form: null, actions: { ...noForm, resend_form: { allowed: false, reason: leadMessages.noForm } } });
    const { calls } = leadApi(lead, {
      'GET /api/v1/leads/101/application_form/': () => ({ status: 404, body: { detail: 'Žádost nebyla nalezena.' } }),
      'POST /api/v1/leads/101/offer/': (call) => ({ status: 201, body: { ...issued(call.body), notification: { ...issued(call.body).notification, state: 'SANDBOX' } } }),
    });
    renderApp('/leads/101');

    expect(await screen.findByText(/Žadatel zatím nemá formulář v portálu/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Znovu odeslat formulář' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Vydat nabídku' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vydat nabídku' });
    // 6 million is over the consumer bound, within the business one.
    await user.type(within(dialog).getByLabelText(/Výše úvěru/), '6 000 000');
    await user.type(within(dialog).getByLabelText(/Měsíční splátka/), '90 000');
    await user.click(within(dialog).getByRole('button', { name: 'Odeslat nabídku' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ kind: 'REGULAR', value: 6000000, installment_value: 90000 });
    // No mail server: the toast does not claim the e-mail went out.
    expect(
      await screen.findByText('Nabídka byla vydána. E-mail pro jiri.dvorak@seznam.cz nebyl odeslán (poštovní server není nastaven), najdete ho v E-mailech žadateli.'),
    ).toBeTruthy();
  });

  it('follows the lead state: a refused offer is an alert, not a form error, and the button then says why', async () => {
    const user = userEvent.setup();
    const accepted = leadDetail({
      state: 'OFFER_ACCEPTED',
      actions: { ...leadDetail().actions, issue_offer: { allowed: false, reason: leadMessages.offerAccepted } },
    });
    const { setLead } = leadApi(leadDetail(), {
      'POST /api/v1/leads/101/offer/': () => {
        setLead(accepted);
        return { status: 409, body: { detail: leadMessages.offerAccepted, state: 'OFFER_ACCEPTED' } };
      },
    });
    renderApp('/leads/101');

    await user.click(await screen.findByRole('button', { name: 'Vydat nabídku' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vydat nabídku' });
    await user.type(within(dialog).getByLabelText(/Výše úvěru/), '200000');
    await user.type(within(dialog).getByLabelText(/Měsíční splátka/), '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Odeslat nabídku' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(leadMessages.offerAccepted);
    expect(within(dialog).queryByText('Opravte prosím tyto chyby:')).toBeNull();
    expect(within(dialog).getByLabelText(/Výše úvěru/).getAttribute('aria-invalid')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Zrušit' }));
    const issue = await screen.findByRole('button', { name: 'Vydat nabídku' });
    await waitFor(() => expect((issue as HTMLButtonElement).disabled).toBe(true));
    const reason = document.getElementById(issue.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toBe(leadMessages.offerAccepted);
    expect((screen.getByRole('button', { name: 'Uzavřít žádost' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('builds an irregular offer from claim groups and checks every group', async () => {
    const user = userEvent.setup();
    const { calls } = leadApi(leadDetail(), {
      'POST /api/v1/leads/101/offer/': (call) => ({ status: 201, body: issued(call.body) }),
    });
    renderApp('/leads/101');

    await user.click(await screen.findByRole('button', { name: 'Vydat nabídku' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vydat nabídku' });
    await user.click(within(dialog).getByLabelText('Nepravidelné splátky'));
    await user.click(within(dialog).getByRole('button', { name: 'Přidat skupinu splátek' }));

    await user.type(within(dialog).getByLabelText('Počet splátek ve skupině 1'), '0');
    await user.type(within(dialog).getByLabelText('Výše splátky ve skupině 1'), '5000,50');
    await user.type(within(dialog).getByLabelText('Počet splátek ve skupině 2'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Odeslat nabídku' }));

    const summary = await within(dialog).findByRole('alert');
    expect(summary.textContent).toContain('Skupina 1, počet splátek: Počet splátek ve skupině musí být 1 až 120.');
    expect(summary.textContent).toContain('Skupina 1, výše splátky: Uveďte celou číslenou hodnotu v Kč');
    expect(summary.textContent).toContain('Skupina 2, výše splátky: Pole je povinné');
    const amount1 = within(dialog).getByLabelText('Výše splátky ve skupině 1');
    expect(amount1.getAttribute('aria-invalid')).toBe('true');
    // The summary links to the field it talks about.
    await user.click(within(summary).getByRole('link', { name: /Skupina 1, výše splátky/ }));
    expect(document.activeElement).toBe(amount1);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(within(dialog).getByLabelText('Počet splátek ve skupině 1'));
    await user.type(within(dialog).getByLabelText('Počet splátek ve skupině 1'), '6');
    await user.clear(amount1);
    await user.type(amount1, '5 000');
    await user.type(within(dialog).getByLabelText('Výše splátky ve skupině 2'), '3000');
    expect(within(dialog).getByText(/Celkem zaplatí/).textContent).toContain('66');

    // A third group added and removed again leaves the order 1, 2.
    await user.click(within(dialog).getByRole('button', { name: 'Přidat skupinu splátek' }));
    await user.click(within(dialog).getByRole('button', { name: 'Odebrat skupinu 3' }));
    await user.click(within(dialog).getByRole('button', { name: 'Odeslat nabídku' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      kind: 'IRREGULAR',
      claim_groups: [
        { order: 1, count: 6, amount: 5000 },
        { order: 2, count: 12, amount: 3000 },
      ],
    });
  });

  it('maps a 400 of the API to the fields', async () => {
    const user = userEvent.setup();
    leadApi(leadDetail(), {
      'POST /api/v1/leads/101/offer/': () => ({ status: 400, body: { installment_value: ['Splátka musí být nižší než půjčovaná částka'] } }),
    });
    renderApp('/leads/101');

    await user.click(await screen.findByRole('button', { name: 'Vydat nabídku' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vydat nabídku' });
    await user.type(within(dialog).getByLabelText(/Výše úvěru/), '100000');
    await user.type(within(dialog).getByLabelText(/Měsíční splátka/), '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Odeslat nabídku' }));

    expect((await within(dialog).findByRole('alert')).textContent).toContain('Měsíční splátka: Splátka musí být nižší než půjčovaná částka');
    expect(within(dialog).getByLabelText(/Měsíční splátka/).getAttribute('aria-invalid')).toBe('true');
  });
});

describe('lead detail', () => {
  it('resends the form and downloads a document with the staff token', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:doc');
    const { calls } = leadApi(leadDetail(), {
      'POST /api/v1/leads/101/application-form/9/resend/': () => ({
        status: 202,
        body: { notification_id: 3, recipient: 'jiri.dvorak@seznam.cz', link: 'http://localhost:3000/?token=x' },
      }),
      'GET /api/v1/leads/101/application-form/9/documents/4/download/': () => ({
        status: 200,
        raw: new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': "attachment; filename=\"vyplatni-paska.pdf\"; filename*=UTF-8''v%C3%BDplatn%C3%AD-p%C3%A1ska-%C3%BAnor.pdf" },
      }),
    });
    renderApp('/leads/101');

    expect(await screen.findByText('Husova 12, 602 00 Brno', { selector: 'dd' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Znovu odeslat formulář' }));
    expect(await screen.findByText('Odkaz na formulář byl znovu odeslán na adresu jiri.dvorak@seznam.cz.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Stáhnout výplatní-páska-únor.pdf' }));
    expect(await screen.findByText('Soubor výplatní-páska-únor.pdf byl stažen.')).toBeTruthy();
    const download = calls.find((c) => c.path.endsWith('/documents/4/download/'));
    expect(download?.headers.get('Authorization')).toBe('Bearer access-token');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('hides the actions from the read-only role', async () => {
    mockApi({
      ...meHandler('VIEWER'),
      'GET /api/v1/leads/101/': () => ({ status: 200, body: leadDetail() }),
      'GET /api/v1/leads/101/application_form/': () => ({ status: 200, body: applicationForm }),
      'GET /api/v1/leads/101/idm-evaluations/': () => ({ status: 200, body: drfPage([]) }),
      'GET /api/v1/leads/101/call-data/': () => ({ status: 200, body: drfPage([]) }),
      'GET /api/v1/leads/101/debt/': () => ({ status: 200, body: drfPage([]) }),
      'GET /api/v1/leads/101/incomes-expenses/': () => ({ status: 200, body: drfPage([]) }),
    });
    renderApp('/leads/101');

    expect(await screen.findByRole('heading', { level: 1, name: 'Žádost #101' })).toBeTruthy();
    await screen.findByText('Přihlášen: jana.dvorakova@demo.cz (Pouze pro čtení)');
    expect(screen.queryByRole('button', { name: 'Vydat nabídku' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Přidat hovor' })).toBeNull();
  });

  it('says so when the lead does not exist', async () => {
    mockApi({ ...meHandler(), 'GET /api/v1/leads/999/': () => ({ status: 404, body: { detail: 'Lead nebyl nalezen.' } }) });
    renderApp('/leads/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Žádost nebyla nalezena' })).toBeTruthy();
  });
});

describe('e-mails of the lead', () => {
  it('lists what the applicant was sent, with the portal link clickable', async () => {
    const user = userEvent.setup();
    const link = 'http://localhost:3000/dokumenty?token=f0c1b2a3-token&offer=eyJ2YWx1ZSI6MTAwMDAwfQ%3D%3D';
    leadApi(
      leadDetail({
        emails: [
          {
            id: 5,
            name: 'lead.offer',
            recipient: 'jiri.dvorak@seznam.cz',
            subject: 'Nabídka úvěru',
            body: `Dobrý den,\n\nNabídku si můžete prohlédnout a potvrdit zde:\n${link}\n\nS pozdravem`,
            state: 'SENT',
            attempts: 1,
            error: null,
            created_at: '2025-03-05T10:00:00.000Z',
            sent_at: '2025-03-05T10:00:02.000Z',
          },
        ],
      }),
    );
    renderApp('/leads/101');

    const section = (await screen.findByRole('heading', { name: 'E-maily žadateli' })).closest('section')!;
    await user.click(within(section).getByText('Nabídka úvěru'));
    expect(within(section).getByText('Odesláno')).toBeTruthy();
    expect(within(section).getByRole('link', { name: `${link} (nové okno)` }).getAttribute('href')).toBe(link);
  });

  it('says whether each e-mail was sent, waits for another attempt, failed after how many, or stayed in the sandbox', async () => {
    const user = userEvent.setup();
    const email = (id: number, subject: string, rest: Partial<LeadEmailView>): LeadEmailView => ({
      id,
      name: 'form.resend',
      recipient: 'jiri.dvorak@seznam.cz',
      subject,
      body: 'Dobrý den',
      state: 'PENDING',
      attempts: 0,
      error: null,
      created_at: '2025-03-05T10:00:00.000Z',
      sent_at: null,
      ...rest,
    });
    leadApi(
      leadDetail({
        emails: [
          email(1, 'Odeslaný', { state: 'SENT', attempts: 1, sent_at: '2025-03-05T10:00:02.000Z' }),
          email(2, 'Čekající', { state: 'PENDING', attempts: 2, error: 'Poštovní server není dostupný (ESOCKET).' }),
          email(3, 'Neodeslaný', { state: 'FAILED', attempts: 3, error: 'Poštovní server zprávu odmítl: 550 5.1.1 Mailbox does not exist' }),
          email(4, 'Jednou zkoušený', { state: 'FAILED', attempts: 1, error: 'Poštovní server zprávu odmítl: 550' }),
          email(5, 'V sandboxu', { state: 'SANDBOX' }),
        ],
      }),
    );
    renderApp('/leads/101');

    const section = (await screen.findByRole('heading', { name: 'E-maily žadateli' })).closest('section')!;
    const item = (subject: string) => within(section).getByText(subject).closest('li')!;
    expect(within(item('Odeslaný')).getByText('Odesláno')).toBeTruthy();
    expect(within(item('Čekající')).getByText('Čeká na odeslání')).toBeTruthy();
    expect(within(item('Neodeslaný')).getByText('Nepodařilo se odeslat (3 pokusy)')).toBeTruthy();
    expect(within(item('Jednou zkoušený')).getByText('Nepodařilo se odeslat (1 pokus)')).toBeTruthy();
    expect(within(item('V sandboxu')).getByText('Neodesláno – sandbox')).toBeTruthy();
    await user.click(within(section).getByText('Čekající'));
    expect(within(item('Čekající')).getByText('2. pokus se nezdařil: Poštovní server není dostupný (ESOCKET). Další pokus proběhne automaticky.')).toBeTruthy();
    await user.click(within(section).getByText('Neodeslaný'));
    expect(within(item('Neodeslaný')).getByText('Poštovní server zprávu odmítl: 550 5.1.1 Mailbox does not exist')).toBeTruthy();
    await user.click(within(section).getByText('V sandboxu'));
    expect(within(item('V sandboxu')).getByText('Poštovní server není nastaven: e-mail zůstal jen zde, žadateli nebyl odeslán.')).toBeTruthy();
  });
});

describe('form progress', () => {
  it('tells a sent application (still open for offers) from one being filled or closed', async () => {
    const { formProgress } = await import('./ApplicationFormSection');
    expect(formProgress({ state: 'PERSON_INFO', data: {} })).toBe('Vyplněny osobní údaje');
    expect(formProgress({ state: 'COLLATERAL_INFO', data: { finished_at: '2026-11-20T09:15:00.000Z' } })).toMatch(/^Odeslána žadatelem 20\. 11\. 2026/);
    expect(formProgress({ state: 'CLOSED', data: { finished_at: '2026-11-20T09:15:00.000Z' } })).toBe('Uzavřená');
    expect(formProgress({ state: null, data: {} })).toBe('Nezahájeno');
  });
});
