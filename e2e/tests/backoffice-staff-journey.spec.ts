import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { saveScreenshot } from './screenshots';
import { chooseAddress, expectAccessible, fillPersonData, OPEN_DIALOG, outboxEmails, signIn } from './support';

// The applicant of this journey: nobody in the demo data has this name or birth number.
const APPLICANT = { first_name: 'Řehoř', last_name: 'Šťastný', birth_number: '8403174219', email: 'rehor.stastny@seznam.cz', phone: '604 512 877' };

/** The applicant applies in the portal and sends the application (no collateral, no documents yet). */
async function applyThroughPortal(page: Page) {
  await page.goto('/');
  await page.getByRole('link', { name: /Nepodnikám/ }).click();
  await page.getByLabel('Výše půjčky').fill('240000');
  await page.getByLabel('Měsíční splátka').fill('6000');
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await expect(page).toHaveURL(/\/osobni-udaje/);
  await fillPersonData(page, APPLICANT);
  await page.getByLabel(/^Prohlašuji/).check();
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await expect(page).toHaveURL(/\/zajisteni/);
  await page.getByRole('radio', { name: 'Ne' }).check();
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await expect(page).toHaveURL(/\/dokumenty/);
  await page.getByRole('button', { name: 'Odeslat žádost' }).click();
  await page.getByRole('dialog', { name: 'Ještě chybí některé dokumenty' }).getByRole('button', { name: 'Odeslat i bez nich' }).click();
  await expect(page.getByRole('heading', { name: 'Odesláno!' })).toBeVisible();
}

test('staff work an application from the portal: offer by e-mail, closing a lead, a screening with its PDF', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const applicant = await browser.newPage();
  await applyThroughPortal(applicant);

  // Staff find the new application by the applicant's name.
  await signIn(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Žádosti' }).click();
  await expect(page).toHaveURL(/\/admin\/leads/);
  await expect(page.getByRole('table')).toBeVisible();
  await expectAccessible(page);
  // Staff type without diacritics; the search folds them.
  await page.getByLabel('Vyhledat').fill('stastny');
  await page.getByRole('button', { name: 'Hledat', exact: true }).click();
  await expect(page).toHaveURL(/search=stastny/);
  await page.getByRole('link', { name: 'Řehoř Šťastný' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Žádost #\d+$/ })).toBeVisible();
  const leadId = Number(/\/leads\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByText(/240\s000\sKč/).first()).toBeVisible();
  await expect(page.getByText(/^Odeslána žadatelem/)).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, 'backoffice-lead-detail');

  // Issue a regular offer: it goes to the outbox as an e-mail with a portal link.
  await page.getByRole('button', { name: 'Vydat nabídku' }).click();
  const offerDialog = page.getByRole('dialog');
  await offerDialog.getByLabel('Výše úvěru').fill('200000');
  await offerDialog.getByLabel('Měsíční splátka').fill('5000');
  await expectAccessible(page, OPEN_DIALOG);
  await offerDialog.getByRole('button', { name: 'Odeslat nabídku' }).click();
  await expect(offerDialog).toBeHidden();
  await expect(page.getByText('Nabídka odeslána').first()).toBeVisible();

  const [mail] = (await outboxEmails(leadId)).filter((m) => m.name === 'lead.offer');
  expect(mail?.recipient).toBe(APPLICANT.email);
  const link = /http:\/\/127\.0\.0\.1:3100\/\S+/.exec(mail!.body)?.[0];
  expect(link).toContain('offer=');
  // Staff see the e-mail on the lead, its link clickable without opening it (the newest is open).
  await expect(page.getByRole('link', { name: `${link} (nové okno)`, exact: true })).toHaveAttribute('href', link!);

  // The link works although the application was sent: the applicant sees the offer and confirms it.
  await applicant.goto(link!);
  await expect(applicant.getByText(/^Žádost jste odeslali/)).toBeVisible();
  const confirm = applicant.getByRole('dialog', { name: 'Potvrzení nabídky' });
  await expect(confirm.getByText(/200\s000\sKč/).first()).toBeVisible();
  await confirm.getByRole('button', { name: 'Potvrdit nabídku' }).click();
  await expect(confirm).toBeHidden();
  await page.reload();
  await expect(page.getByText('Nabídka přijata').first()).toBeVisible();

  // Run a screening on the applicant and download its PDF report.
  await page.getByRole('link', { name: 'Řehoř Šťastný' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /Řehoř Šťastný/ })).toBeVisible();
  await page.getByLabel('Druh prověrky').selectOption({ label: 'Insolvenční rejstřík (ISIR)' });
  await page.getByRole('button', { name: 'Spustit prověrku' }).click();
  const download = page.getByRole('button', { name: 'Stáhnout PDF' }).first();
  await expect(download).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
  await saveScreenshot(page, 'backoffice-person-detail');
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  expect(fs.readFileSync(await file.path()).subarray(0, 5).toString()).toBe('%PDF-');

  // Close another, seeded lead with a reason.
  await page.goto('/admin/leads?state=NEW');
  await page.getByRole('link', { name: /\S/ }).filter({ hasNotText: 'Šťastný' }).and(page.locator('table a')).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Žádost #\d+$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Uzavřít žádost' }).click();
  const closeDialog = page.getByRole('dialog');
  await closeDialog.getByRole('button', { name: 'Potvrdit uzavření' }).click();
  await expect(closeDialog.getByText('Pole je povinné').first()).toBeVisible();
  await closeDialog.getByLabel('Důvod uzavření').selectOption({ label: 'Klient nemá zájem' });
  await closeDialog.getByLabel('Poznámka').fill('Klient si půjčil jinde.');
  await closeDialog.getByRole('button', { name: 'Potvrdit uzavření' }).click();
  await expect(closeDialog).toBeHidden();
  await expect(page.getByText('Klient nemá zájem')).toBeVisible();
  await expect(page.getByText('Uzavřený').first()).toBeVisible();
});

test('the persons list filters by every flag and keeps the filter in the URL', async ({ page }) => {
  await signIn(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Osoby' }).click();
  await page.getByRole('button', { name: 'Další filtry' }).click();
  await page.getByLabel('Má exekuci', { exact: true }).selectOption({ label: 'Ano' });
  await page.getByRole('button', { name: 'Hledat', exact: true }).click();
  await expect(page).toHaveURL(/has_execution=true/);
  const rows = page.getByRole('table').getByRole('row');
  // The filtered page has replaced the previous one (kept on screen while loading).
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(rows.nth(1)).toBeVisible();
  // Every person listed carries the execution flag.
  const count = await rows.count();
  for (let i = 1; i < count; i++) await expect(rows.nth(i).getByText('Exekuce')).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, 'backoffice-persons-list');

  // Reload and back keep the list state.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Odebrat filtr Má exekuci: Ano' })).toBeVisible();
  await expect(page.getByLabel('Má exekuci', { exact: true })).toHaveValue('true');
  await page.goBack();
  await expect(page).not.toHaveURL(/has_execution/);
});

test('a partner lead gets an offer by e-mail and its applicant finishes the application in the portal', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  // The operator issues the partner's key with the CLI, on the running server's database.
  const key = execFileSync('node', ['apps/api/src/cli.ts', 'create-api-key', 'LEADSOR', 'Leadsor e2e'], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { ...process.env, DATA_DIR: process.env.LENDING_E2E_DATA_DIR!, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
  const pushed = await request.post('/api/v1/leads/leadsor/', {
    headers: { Authorization: `Api-Key ${key}` },
    data: {
      external_id: 'LS-E2E-0001',
      person: {
        first_name: 'Bohuslava',
        last_name: 'Křížová',
        email: 'bohuslava.krizova@email.cz',
        phone: '+420 731 442 118',
        birth_number: '6557121230',
        permanent_address: { whole_address: 'Masarykova 12, 602 00 Brno' },
      },
      loan: { type: 'CONSUMER_LOAN', value: 150000, installment_value: 4000 },
      consent: { given: true, at: '2026-11-20T09:15:00+01:00', text: 'Souhlasím se zpracováním osobních údajů.' },
    },
  });
  expect(pushed.status(), await pushed.text()).toBe(201);
  const { id: leadId } = (await pushed.json()) as { id: number };

  await signIn(page);
  await page.goto(`/admin/leads/${leadId}`);
  await expect(page.getByText(/Žadatel zatím nemá formulář v portálu/)).toBeVisible();
  await page.getByRole('button', { name: 'Vydat nabídku' }).click();
  const offerDialog = page.getByRole('dialog');
  await offerDialog.getByLabel('Výše úvěru').fill('140000');
  await offerDialog.getByLabel('Měsíční splátka').fill('3900');
  await offerDialog.getByRole('button', { name: 'Odeslat nabídku' }).click();
  await expect(offerDialog).toBeHidden();
  // The form the offer opened is on the lead now.
  await expect(page.getByText('Vyplněna výše úvěru')).toBeVisible();

  const [mail] = (await outboxEmails(leadId)).filter((m) => m.name === 'lead.offer');
  expect(mail?.recipient).toBe('bohuslava.krizova@email.cz');
  const link = /http:\/\/127\.0\.0\.1:3100\/\S+/.exec(mail!.body)![0];

  // The applicant confirms the offer, then confirms the prefilled personal data.
  const applicant = await browser.newPage();
  await applicant.goto(link);
  const confirm = applicant.getByRole('dialog', { name: 'Potvrzení nabídky' });
  await expect(confirm.getByText(/140\s000\sKč/).first()).toBeVisible();
  await confirm.getByRole('button', { name: 'Potvrdit nabídku' }).click();
  await expect(applicant).toHaveURL(/\/osobni-udaje/);
  await expect(applicant.getByLabel('Příjmení', { exact: true })).toHaveValue('Křížová');
  await expect(applicant.getByLabel('Rodné číslo', { exact: true })).toHaveValue('6557121230');
  await applicant.getByLabel('Číslo občanského průkazu', { exact: true }).fill('215487963');
  await chooseAddress(applicant, 'Adresa trvalého bydliště', 'Masarykova 1');
  await applicant.getByLabel(/^Prohlašuji/).check();
  await applicant.getByRole('button', { name: 'Pokračovat' }).click();
  await expect(applicant).toHaveURL(/\/zajisteni/);

  await page.reload();
  await expect(page.getByText('Nabídka přijata').first()).toBeVisible();
  await expect(page.getByText('Vyplněny osobní údaje')).toBeVisible();
});
