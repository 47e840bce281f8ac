import AxeBuilder from '@axe-core/playwright';
import { businessDateOf } from '@lending/contracts';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { Client as PgClient } from 'pg';

/** A birth number that passes our validator (1990-05-05, divisible by 11). */
export const BIRTH_NUMBER = '9005054344';
export const CO_DEBTOR_BIRTH_NUMBER = '7360285163';
/** An IČO with a valid check digit that the company-register sandbox knows. */
export const COMPANY_ID = '25596641';
/** Valid, but the sandbox register knows no IČO starting with 99. */
export const UNKNOWN_COMPANY_ID = '99000008';

export const ADDRESS = {
  whole_address: 'Masarykova 12, 602 00 Brno',
  street: 'Masarykova',
  number: '12',
  city: 'Brno',
  zip: '602 00',
  district: 'Brno-město',
  region: 'Jihomoravský kraj',
};

export const PERSON = {
  first_name: 'Jana',
  last_name: 'Nováková',
  email: 'jana.novakova@seznam.cz',
  phone: '777 123 456',
  birth_number: BIRTH_NUMBER,
  permanent_address: ADDRESS,
  identity_card: '123456789',
  consent: true,
};

/** Creates a form through the API (as the portal would) and walks it to the given state. */
export async function apiForm(
  request: APIRequestContext,
  options: { type?: 'CONSUMER_LOAN' | 'INVESTMENT_LOAN'; until?: 'BASIC_DEAL_INFO' | 'PERSON_INFO' | 'COLLATERAL_INFO' | 'SENT' | 'CLOSED'; person?: Partial<typeof PERSON> } = {},
): Promise<string> {
  const type = options.type ?? 'CONSUMER_LOAN';
  const created = await request.post('/api/v1/forms/', {
    data: { type, value: 200_000, installment_value: 5_000, ...(type === 'INVESTMENT_LOAN' ? { purpose: 'Nákup dodávky' } : {}) },
  });
  expect(created.status()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  const until = options.until ?? 'BASIC_DEAL_INFO';
  const steps: [string, object][] = [
    ['PERSON_INFO', { ...PERSON, ...options.person, ...(type === 'INVESTMENT_LOAN' ? { self_employed_id: COMPANY_ID } : {}) }],
    ['COLLATERAL_INFO', { have_realty: 'no' }],
    ['DOCUMENTS', {}],
  ];
  const last = { BASIC_DEAL_INFO: 0, PERSON_INFO: 1, COLLATERAL_INFO: 2, SENT: 3, CLOSED: 3 }[until];
  for (const [step, data] of steps.slice(0, last)) {
    const res = await request.post(`/api/v1/forms/${token}/submit/`, { data: { step, data } });
    expect(res.status(), `${step}: ${await res.text()}`).toBe(200);
  }
  // A sent form stays open; it closes when staff close its lead.
  if (until === 'CLOSED') await closeLeadOf(request, token);
  return token;
}

/** The e2e server's administrator (playwright.config.ts). */
export const E2E_ADMIN = { email: 'e2e-admin@demo.cz', password: 'E2e-heslo-2026' };

/** Signs the e2e administrator in to the back-office, landing on its dashboard. */
export async function signIn(page: Page): Promise<void> {
  await signInAs(page, E2E_ADMIN);
}

/** The demo seed's accountants (the seed gives every demo account the administrator's password). */
export const E2E_ACCOUNTANT = { email: 'ucetni@demo.cz', password: E2E_ADMIN.password };
export const E2E_ACCOUNTANT_2 = { email: 'ucetni2@demo.cz', password: E2E_ADMIN.password };

/** Signs a staff member in to the back-office, landing on its dashboard. */
export async function signInAs(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Heslo').fill(who.password);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  await expect(page).toHaveURL('/admin/');
}

/** A staff access token, as the back-office gets it. */
export async function staffToken(request: APIRequestContext, who: { email: string; password: string } = E2E_ADMIN): Promise<string> {
  const login = await request.post('/api/v1/auth/token/', { data: who });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { access: string }).access;
}

/** The lead of a form (its number is the applicant's reference number). */
export async function leadIdOf(token: string): Promise<number> {
  return withE2eDatabase(async (client) => (await client.query<{ lead_id: number }>('SELECT lead_id FROM application_forms WHERE token = $1', [token])).rows[0]!.lead_id);
}

/** Staff close the lead of a form through the staff API, which closes the form too. */
async function closeLeadOf(request: APIRequestContext, token: string): Promise<void> {
  const leadId = await leadIdOf(token);
  const res = await request.post(`/api/v1/leads/${leadId}/close/`, {
    headers: { Authorization: `Bearer ${await staffToken(request)}` },
    data: { reason: 'CLIENT_NOT_INTERESTED' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Types into an address whisperer and picks the first suggestion with the keyboard. */
export async function chooseAddress(page: Page, label: string, typed: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(typed);
  await expect(page.getByRole('option').first()).toBeVisible();
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page.getByRole('option')).toHaveCount(0);
}

export async function fillPersonData(page: Page, overrides: Partial<Record<'first_name' | 'last_name' | 'phone' | 'birth_number' | 'identity_card' | 'email', string>> = {}) {
  await page.getByLabel('Jméno', { exact: true }).fill(overrides.first_name ?? PERSON.first_name);
  await page.getByLabel('Příjmení', { exact: true }).fill(overrides.last_name ?? PERSON.last_name);
  await page.getByLabel('E-mail', { exact: true }).fill(overrides.email ?? PERSON.email);
  await page.getByLabel('Telefon', { exact: true }).fill(overrides.phone ?? PERSON.phone);
  await page.getByLabel('Rodné číslo', { exact: true }).fill(overrides.birth_number ?? PERSON.birth_number);
  await chooseAddress(page, 'Adresa trvalého bydliště', 'Masarykova 1');
  await page.getByLabel('Číslo občanského průkazu', { exact: true }).fill(overrides.identity_card ?? PERSON.identity_card);
}

/** Open dialogs are native <dialog> elements; their role is implicit. */
export const OPEN_DIALOG = 'dialog[open]';

/** axe-core with the WCAG 2.x A/AA rules: the page (or an open dialog) must have no violations. */
export async function expectAccessible(page: Page, scope?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  if (scope) builder = builder.include(scope);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A client of the e2e server's database (the embedded PostgreSQL in .data-e2e; its port is in postmaster.pid). */
async function withE2eDatabase<T>(work: (client: PgClient) => Promise<T>): Promise<T> {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const { default: pg } = await import('pg');
  const dataDir = process.env.LENDING_E2E_DATA_DIR!;
  const port = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3];
  const client = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${port}/lending` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A flat in a realty group (pledged first) of an active demo deal whose title deed nobody ordered in the last quarter of an hour. */
export async function pledgedFlatWithoutExtract(): Promise<{ realtyId: number; dealId: number; address: string; lvNumber: string }> {
  return withE2eDatabase(async (client) => {
    const { rows } = await client.query<{ realty_id: number; deal_id: number; address: string; lv_number: string }>(`
      SELECT r.id AS realty_id, g.deal_id, r.whole_address AS address, r.lv_number
        FROM realties r JOIN realty_group_realties gr ON gr.realty_id = r.id JOIN realty_groups g ON g.id = gr.realty_group_id JOIN deals d ON d.id = g.deal_id
       WHERE r.type = 'FLAT' AND r.cadastral_area_code IS NOT NULL AND r.lv_number IS NOT NULL AND d.state = 'ACTIVE'
         AND NOT EXISTS (SELECT 1 FROM title_deeds t WHERE t.cadastral_location_code = r.cadastral_area_code AND t.lv_number = r.lv_number AND t.downloaded_at > now() - interval '15 minutes')
       ORDER BY g.mortgage DESC, r.title_deed_id NULLS FIRST, r.id LIMIT 1`);
    const row = rows[0]!;
    return { realtyId: row.realty_id, dealId: row.deal_id, address: row.address, lvNumber: row.lv_number };
  });
}

/** Issues an offer for the lead of a form straight in the database (the portal tests need no staff login). */
export async function issueOffer(
  token: string,
  offer: { kind: 'REGULAR'; value: number; installment: number } | { kind: 'IRREGULAR'; groups: [count: number, amount: number][] },
): Promise<void> {
  await withE2eDatabase(async (client) => {
    const { rows } = await client.query<{ lead_id: number }>('SELECT lead_id FROM application_forms WHERE token = $1', [token]);
    const leadId = rows[0]!.lead_id;
    const inserted = await client.query<{ id: number }>(
      `INSERT INTO offers (lead_id, kind, value, installment_value, sent_at, updated_at) VALUES ($1, $2, $3, $4, now(), now()) RETURNING id`,
      [leadId, offer.kind, offer.kind === 'REGULAR' ? offer.value : null, offer.kind === 'REGULAR' ? offer.installment : null],
    );
    if (offer.kind === 'IRREGULAR') {
      for (const [i, [count, amount]] of offer.groups.entries()) {
        await client.query('INSERT INTO offer_claim_groups (offer_id, "order", count, amount, updated_at) VALUES ($1, $2, $3, $4, now())', [inserted.rows[0]!.id, i + 1, count, amount]);
      }
    }
  });
}

/**
 * Fills the current window's buckets of one rate-limit rule (e.g. 'forms-new'), as if many
 * people behind this address had just used it up; returns the clean-up. Only buckets the
 * server already made are filled, so their key and window are the server's own.
 */
export async function fillRateLimitBuckets(rule: string): Promise<() => Promise<void>> {
  await withE2eDatabase((client) => client.query('UPDATE rate_limit_buckets SET hits = 1000000000 WHERE key LIKE $1', [`${rule}:%`]));
  return () => withE2eDatabase((client) => client.query('DELETE FROM rate_limit_buckets WHERE key LIKE $1', [`${rule}:%`])).then(() => undefined);
}

/** The e-mails of the outbox (the sandbox e-mail channel) about one lead, newest first. */
export async function outboxEmails(leadId: number): Promise<{ name: string; recipient: string; subject: string; body: string }[]> {
  return withE2eDatabase(async (client) => {
    const { rows } = await client.query(
      `SELECT name, recipient, subject, body FROM notifications WHERE type = 'EMAIL' AND entity_type = 'Lead' AND entity_id = $1 ORDER BY id DESC`,
      [String(leadId)],
    );
    return rows;
  });
}

export const base64Json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

/**
 * Where a rendered text wraps: for each line after the first, the characters before and after
 * the break (`["jana.", "novak"]` style pairs), read from the layout of its characters.
 */
export async function lineBreaksOf(page: Page, selector: string): Promise<[before: string, after: string][]> {
  return page.locator(selector).first().evaluate((element) => {
    const text = element.textContent ?? '';
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const chars: { char: string; top: number }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? '').length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (rect) chars.push({ char: node.textContent![i]!, top: Math.round(rect.top) });
      }
    }
    const breaks: [string, string][] = [];
    for (let i = 1; i < chars.length; i++) if (chars[i]!.top > chars[i - 1]!.top + 2) breaks.push([chars[i - 1]!.char, chars[i]!.char]);
    return text ? breaks : [];
  });
}

/** A staff API call with the e2e administrator's token. */
export async function staffApi(request: APIRequestContext, method: 'get' | 'post', path: string, data?: unknown) {
  const headers = { Authorization: `Bearer ${await staffToken(request)}` };
  return method === 'get' ? request.get(path, { headers }) : request.post(path, { headers, data });
}

// ---------------------------------------------------------------------------------------------
// Deals (the deal and payments journeys): an accepted offer made into an active deal whose first
// installments are already overdue, as staff do it in the back-office.
// ---------------------------------------------------------------------------------------------

export const DAY = 86_400_000;
/** Today's business date (the one the API counts DPD to), by the API's own rule: Prague's day. */
export const pragueToday = () => businessDateOf(new Date());
export const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const czechDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d}. ${m}. ${y}`;
};

/** The applicant accepts a regular offer in the portal (a page of its own); returns the lead. */
export async function acceptedOfferLead(browser: Browser, request: APIRequestContext, offer: { value: number; installment: number }): Promise<number> {
  const token = await apiForm(request, { until: 'COLLATERAL_INFO' });
  await issueOffer(token, { kind: 'REGULAR', ...offer });
  const applicant = await browser.newPage();
  await applicant.goto(`/dokumenty?token=${token}&offer=${base64Json({ value: offer.value, installment_value: offer.installment })}`);
  await applicant.getByRole('dialog', { name: 'Potvrzení nabídky' }).getByRole('button', { name: 'Potvrdit nabídku' }).click();
  await expect(applicant.getByRole('dialog', { name: 'Potvrzení nabídky' })).toBeHidden();
  await applicant.close();
  return leadIdOf(token);
}

/** Staff make the deal from the lead (one action); returns the deal page's path. */
export async function dealFromLead(page: Page, leadId: number): Promise<string> {
  await page.goto(`/admin/leads/${leadId}`);
  await page.getByRole('button', { name: 'Vytvořit obchod' }).click();
  await expect(page).toHaveURL(/\/admin\/deals\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Nová žádost').first()).toBeVisible();
  return new URL(page.url()).pathname;
}

/**
 * The contract was signed months ago: on the model tab, staff move the draft's payout 150 days
 * back and its first installment to the 15th about 40 days after it, at 12,5 % p. a., so the
 * installments due before today are unpaid once the deal is active. Returns the two dates.
 */
export async function backdateFirstModel(page: Page): Promise<{ payout: string; firstDue: string }> {
  const payout = isoOf(Date.parse(pragueToday()) - 150 * DAY);
  const firstDue = `${isoOf(Date.parse(`${payout.slice(0, 7)}-01`) + 40 * DAY).slice(0, 7)}-15`;
  await page.getByRole('button', { name: /^Upravit verzi 1/ }).click();
  const modelDialog = page.getByRole('dialog', { name: 'Upravit návrh verze 1' });
  await modelDialog.getByLabel('Roční úroková sazba').fill('12,5');
  await modelDialog.getByLabel('Datum výplaty').fill(payout);
  await modelDialog.getByLabel('První splátka').fill(firstDue);
  await modelDialog.getByLabel('Den splatnosti').fill('');
  await expectAccessible(page, OPEN_DIALOG);
  await modelDialog.getByRole('button', { name: 'Uložit' }).click();
  await expect(modelDialog).toBeHidden();
  const schedule = page.getByRole('table', { name: /^Splátkový kalendář/ });
  await expect(schedule.getByRole('row').nth(1)).toContainText(czechDate(firstDue));
  return { payout, firstDue };
}

/** On the purposes tab: the payout of 180 000 Kč to the applicant's account, which signing asks for. */
export async function addPayoutPurpose(page: Page): Promise<void> {
  await expect(page).toHaveURL(/tab=purposes/);
  await page.getByRole('button', { name: 'Přidat účel' }).click();
  const purposeDialog = page.getByRole('dialog', { name: 'Přidat účel' });
  await purposeDialog.getByLabel('Druh účelu').selectOption({ label: 'Výplata na účet žadatele' });
  await purposeDialog.getByLabel('Částka').fill('180000');
  await purposeDialog.getByLabel('Účet příjemce').fill('19-2000145399/0800');
  await purposeDialog.getByRole('button', { name: 'Uložit' }).click();
  await expect(purposeDialog).toBeHidden();
  await expect(page.getByText('Účel byl přidán.').first()).toBeVisible();
}

/**
 * Activation is four-eyes (ADR 0045): the e2e administrator asks for it in the state dialog, which
 * says the request waits; the deal stays as it was until a demo accountant approves the request
 * (through the API here; the payout journey approves in the back-office), then shows it active.
 */
export async function activateWithApproval(page: Page, request: APIRequestContext): Promise<void> {
  await page.getByRole('button', { name: 'Změnit stav' }).click();
  const dialog = page.getByRole('dialog', { name: 'Změnit stav obchodu' });
  await dialog.getByLabel('Aktivní').check();
  await expect(dialog.getByText('Obchod splňuje podmínky pro stav „Aktivní“.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Změnit stav' }).click();
  await expect(dialog).toBeHidden();
  const toast = page.getByText(/^Žádost č\. \d+ čeká na schválení jiným uživatelem; zatím se nic nezměnilo\.$/);
  await expect(toast).toBeVisible();
  const id = Number(/č\. (\d+)/.exec((await toast.textContent()) ?? '')![1]);
  const approved = await request.post(`/api/v1/approvals/${id}/approve/`, { headers: { Authorization: `Bearer ${await staffToken(request, E2E_ACCOUNTANT)}` } });
  expect(approved.status(), await approved.text()).toBe(200);
  await page.reload();
  await expect(page.getByRole('banner').or(page.locator('main')).getByText('Aktivní').first()).toBeVisible();
}

/** Moves the deal to `target` through the state dialog; validate must find nothing first. */
export async function changeDealState(page: Page, target: string): Promise<void> {
  await page.getByRole('button', { name: 'Změnit stav' }).click();
  const dialog = page.getByRole('dialog', { name: 'Změnit stav obchodu' });
  await dialog.getByLabel(target).check();
  await expect(dialog.getByText(`Obchod splňuje podmínky pro stav „${target}“.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Změnit stav' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').or(page.locator('main')).getByText(target).first()).toBeVisible();
}
