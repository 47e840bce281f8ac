import fs from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiForm, expectAccessible, leadIdOf, lineBreaksOf, staffApi, signIn } from './support';

// What a lender's staff stumbled on (issue 12, items 8–14), kept fixed.

/** The value next to a label of a description list on the page. */
const valueOf = (page: Page, label: string) => page.locator(`dt:text-is("${label}") + dd`).first();

/** A sent application (200 000 Kč, 5 000 Kč a month) whose applicant accepted an offer of 190 000 / 4 800. */
async function acceptedLead(request: APIRequestContext): Promise<number> {
  const token = await apiForm(request, { until: 'SENT' });
  const leadId = await leadIdOf(token);
  const offer = { value: 190_000, installment_value: 4_800 };
  const issued = await staffApi(request, 'post', `/api/v1/leads/${leadId}/offer/`, { kind: 'REGULAR', ...offer });
  expect(issued.status(), await issued.text()).toBe(201);
  const applied = await request.post(`/api/v1/forms/${token}/question/`, { data: { type: 'SAVE_APPLICATION_OFFER', ...offer } });
  expect(applied.status(), await applied.text()).toBe(200);
  return leadId;
}

const ACCEPTED_REASON = 'Žadatel již nabídku přijal; novou nabídku nelze vystavit.';

test('8: actions follow the lead state, and a business refusal is not shown as a form error', async ({ page, request }) => {
  const token = await apiForm(request, { until: 'SENT' });
  const leadId = await leadIdOf(token);
  await signIn(page);
  await page.goto(`/admin/leads/${leadId}`);

  // The dialog is open while a colleague's offer gets accepted.
  await page.getByRole('button', { name: 'Vydat nabídku' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Výše úvěru').fill('180000');
  await dialog.getByLabel('Měsíční splátka').fill('4500');
  const offer = { value: 190_000, installment_value: 4_800 };
  expect((await staffApi(request, 'post', `/api/v1/leads/${leadId}/offer/`, { kind: 'REGULAR', ...offer })).status()).toBe(201);
  expect((await request.post(`/api/v1/forms/${token}/question/`, { data: { type: 'SAVE_APPLICATION_OFFER', ...offer } })).status()).toBe(200);

  await dialog.getByRole('button', { name: 'Odeslat nabídku' }).click();
  await expect(dialog.getByRole('alert')).toContainText(ACCEPTED_REASON);
  await expect(dialog.getByText('Opravte prosím tyto chyby:')).toHaveCount(0);
  await expect(dialog.getByLabel('Výše úvěru')).not.toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Zrušit' }).click();

  // The page followed the lead: no new offer, and it says why.
  const issue = page.getByRole('button', { name: 'Vydat nabídku' });
  await expect(issue).toBeDisabled();
  await expect(issue).toHaveAccessibleDescription(ACCEPTED_REASON);
  await expect(page.getByText(ACCEPTED_REASON)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Uzavřít žádost' })).toBeEnabled();
  await expectAccessible(page);
});

test('9: accepting an offer keeps what the applicant asked for, with the accepted offer beside it', async ({ page, request }) => {
  const leadId = await acceptedLead(request);
  await signIn(page);
  await page.goto(`/admin/leads/${leadId}`);
  await expect(valueOf(page, 'Požadovaná částka')).toHaveText('200\u00a0000\u00a0Kč');
  await expect(valueOf(page, 'Požadovaná splátka')).toHaveText('5\u00a0000\u00a0Kč');
  await expect(valueOf(page, 'Přijatá nabídka')).toContainText(/190\s000\sKč/);
  await expect(valueOf(page, 'Přijatá nabídka')).toContainText(/4\s800\sKč měsíčně/);
});

test('10: phones are shown one way from E.164; a long e-mail wraps between its parts', async ({ page, request }) => {
  const email = 'bozena.dlouha.nemcova.svobodova.prochazkova@stavebniny-a-zahradnictvi-brno.cz';
  const token = await apiForm(request, { until: 'SENT', person: { email, phone: '604 123 456', first_name: 'Božena', last_name: 'Dlouhá', birth_number: '9255121007' } });
  const leadId = await leadIdOf(token);
  await signIn(page);
  await page.goto(`/admin/leads/${leadId}`);
  await expect(valueOf(page, 'Telefon')).toHaveText('+420 604 123 456');
  await expect(valueOf(page, 'E-mail')).toHaveText(email);
  const breaks = await lineBreaksOf(page, 'dt:text-is("E-mail") + dd');
  expect(breaks.length).toBeGreaterThan(0);
  for (const [before, after] of breaks) expect(`${before}|${after}`).toMatch(/^[@-]\||\|\.$/);

  await page.goto('/admin/persons?search=dlouha');
  await expect(page.getByRole('row').filter({ hasText: 'Božena Dlouhá' }).getByRole('cell', { name: '+420 604 123 456' })).toBeVisible();
});

test('11: amounts read in whole crowns, with haléře only where they exist', async ({ page, request }) => {
  const token = await apiForm(request, { until: 'SENT' });
  const leadId = await leadIdOf(token);
  const income = await staffApi(request, 'post', `/api/v1/leads/${leadId}/incomes-expenses/`, { kind: 'INCOME', category: 'SALARY', amount: '32500.50' });
  expect(income.status(), await income.text()).toBe(201);
  await signIn(page);
  await page.goto(`/admin/leads/${leadId}`);
  await expect(valueOf(page, 'Požadovaná částka')).toHaveText('200\u00a0000\u00a0Kč');
  await expect(page.getByRole('cell', { name: '32\u00a0500,50\u00a0Kč', exact: true })).toBeVisible();
  // Typed the Czech way: the back-office sends it as the API's decimal string, and adds the
  // amounts to the haléř (32 500,50 + 1 250,25 = 33 750,75).
  await page.getByRole('button', { name: 'Přidat příjem nebo výdaj' }).click();
  await page.getByLabel('Kategorie').selectOption({ label: 'Důchod' });
  await page.getByLabel('Částka měsíčně').fill('1 250,25');
  await page.getByRole('button', { name: 'Uložit', exact: true }).click();
  await expect(page.getByRole('cell', { name: '1\u00a0250,25\u00a0Kč', exact: true })).toBeVisible();
  await expect(page.getByText(/^Příjmy:/)).toContainText('Příjmy: 33\u00a0750,75\u00a0Kč');
  await page.goto('/admin/leads');
  await expect(page.getByRole('table')).not.toContainText(/,00\sKč/);
});

test('12: the persons filter keeps the results in view at 1280×900; active filters are removable chips', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.goto('/admin/persons');
  const firstRow = page.getByRole('table').getByRole('row').nth(1);
  await expect(firstRow).toBeInViewport();
  await expect(page.getByLabel('Vyhledat')).toBeVisible();
  await expect(page.getByLabel('Má exekuci', { exact: true })).toBeHidden();

  await page.getByRole('button', { name: 'Další filtry' }).click();
  await page.getByLabel('Má exekuci', { exact: true }).selectOption({ label: 'Ano' });
  await page.getByRole('button', { name: 'Hledat', exact: true }).click();
  await expect(page).toHaveURL(/has_execution=true/);
  const chip = page.getByRole('button', { name: 'Odebrat filtr Má exekuci: Ano' });
  await expect(chip).toBeVisible();
  await expect(firstRow).toBeInViewport();
  await expectAccessible(page);

  await chip.click();
  await expect(page).not.toHaveURL(/has_execution/);
  await expect(chip).toHaveCount(0);
});

test('13: the leads and persons lists export their current filter as CSV and XLSX', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/persons?has_execution=true');
  const found = Number(/Nalezeno (\d+)/.exec((await page.getByRole('status').filter({ hasText: 'Nalezeno' }).textContent()) ?? '')?.[1]);
  expect(found).toBeGreaterThan(0);
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportovat CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^osoby-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = fs.readFileSync(await csv.path(), 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(header).toBe('Jméno / název;ID;Rodné číslo / IČO;E-mail;Telefon;Příznaky;Založeno');
  expect(rows).toHaveLength(found);
  for (const row of rows) expect(row).toContain('Exekuce');

  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportovat XLSX' }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^osoby-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(fs.readFileSync(await xlsx.path()).subarray(0, 2).toString()).toBe('PK');

  await page.goto('/admin/leads?state=NEW');
  const [leads] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportovat CSV' }).click()]);
  const [leadHeader, ...leadRows] = fs.readFileSync(await leads.path(), 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(leadHeader).toBe('Žadatel;Číslo;Stav;Zdroj;Typ obchodu;Částka;Splátka;Vytvořeno;Změněno');
  expect(leadRows.length).toBeGreaterThan(0);
  for (const row of leadRows) expect(row.split(';')[2]).toBe('Nový');
});

test('14: the latest e-mail on the lead shows its portal link at once', async ({ page, request }) => {
  const token = await apiForm(request, { until: 'SENT' });
  const leadId = await leadIdOf(token);
  const issued = await staffApi(request, 'post', `/api/v1/leads/${leadId}/offer/`, { kind: 'REGULAR', value: 150_000, installment_value: 4_000 });
  const { link } = (await issued.json()) as { link: string };
  await signIn(page);
  await page.goto(`/admin/leads/${leadId}`);
  await expect(page.getByRole('link', { name: `${link} (nové okno)`, exact: true })).toBeVisible();
});
