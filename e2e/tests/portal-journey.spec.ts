import { expect, test } from './fixtures';
import { saveScreenshot } from './screenshots';
import { apiForm, chooseAddress, COMPANY_ID, expectAccessible, fillPersonData } from './support';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('consumer journey: Crossroad → loan → person → collateral → documents → thank-you', async ({ page }) => {
  await page.goto('/');
  await expectAccessible(page);
  await page.getByRole('link', { name: /Nepodnikám/ }).click();

  await expect(page).toHaveURL(/\/vyse-pujcky/);
  await expect(page.getByLabel('Výše půjčky')).toHaveValue(/50\s000/);
  await page.getByLabel('Výše půjčky').fill('200000');
  await page.getByLabel('Měsíční splátka').fill('5000');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Pokračovat' }).click();

  await expect(page).toHaveURL(/\/osobni-udaje\?.*token=[A-Za-z0-9_-]{32}/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await fillPersonData(page);
  await page.getByLabel(/^Prohlašuji/).check();
  await expectAccessible(page);
  await saveScreenshot(page, 'portal-person-data');
  await page.getByRole('button', { name: 'Pokračovat' }).click();

  await expect(page).toHaveURL(/\/zajisteni/);
  const summary = page.getByRole('complementary');
  await expect(summary.getByText(/200\s000\sKč\s\(5\s000\sKč\směsíčně\)/)).toBeVisible();
  await expect(summary.getByText('Jana Nováková')).toBeVisible();
  await expect(summary.getByText('••••••••••')).toBeVisible();
  await page.getByRole('radio', { name: 'Ano' }).check();
  await page.getByRole('radio', { name: 'Byt' }).check();
  await chooseAddress(page, 'Adresa nemovitosti', 'U Potoka');
  await expectAccessible(page);
  await saveScreenshot(page, 'portal-cover');
  await page.getByRole('button', { name: 'Pokračovat' }).click();

  await expect(page).toHaveURL(/\/dokumenty/);
  await expect(page.getByRole('heading', { name: 'Bankovní výpisy' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fotografie nemovitosti' })).toBeVisible();
  await expect(page.getByText(/Zbývá nahrát \d+ (soubor|soubory|souborů)/)).toBeVisible();
  await page.getByLabel('Nahrát soubory – Ostatní dokumenty').setInputFiles({ name: 'smlouva.pdf', mimeType: 'application/pdf', buffer: PDF });
  // Uploaded, not only listed: the file can be downloaded (the row shows its name before the
  // server answers, and its download link and delete button once it has).
  await expect(page.getByRole('link', { name: 'Stáhnout smlouva.pdf' })).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, 'portal-documents');
  await page.getByRole('button', { name: /Smazat.*smlouva\.pdf|Smazat/ }).first().click();
  await expect(page.getByText('Soubor byl úspěšně smazán')).toBeVisible();

  await page.getByRole('button', { name: 'Odeslat žádost' }).click();
  // Files are missing: the applicant is told which, and may send anyway.
  await page.getByRole('dialog', { name: 'Ještě chybí některé dokumenty' }).getByRole('button', { name: 'Odeslat i bez nich' }).click();
  await expect(page).toHaveURL(/\/odeslano/);
  await expect(page.getByRole('heading', { name: 'Odesláno!' })).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, 'portal-thank-you');
});

test('business journey with a purpose and the company id', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: /Podnikám/ }).click();
  await page.getByLabel('Výše půjčky').fill('1500000');
  await page.getByLabel('Měsíční splátka').fill('30000');
  await page.getByLabel('Účel úvěru').fill('Nákup obráběcího stroje');
  await page.getByRole('button', { name: 'Pokračovat' }).click();

  await expect(page).toHaveURL(/\/osobni-udaje/);
  await fillPersonData(page);
  await page.getByLabel('IČO', { exact: true }).fill(COMPANY_ID);
  await page.getByLabel(/^Prohlašuji/).check();
  await page.getByRole('button', { name: 'Pokračovat' }).click();

  await expect(page).toHaveURL(/\/zajisteni/);
  await page.getByRole('radio', { name: 'Ne' }).check();
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await expect(page).toHaveURL(/\/dokumenty/);
  await expect(page.getByRole('heading', { name: 'Fotografie nemovitosti' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Doklad o příjmu' })).toBeVisible();
});

test('resuming by token lands on the step of the state', async ({ page, request }) => {
  const atPerson = await apiForm(request, { until: 'BASIC_DEAL_INFO' });
  await page.goto(`/vyse-pujcky?token=${atPerson}`);
  await expect(page).toHaveURL(/\/osobni-udaje/);

  const atCover = await apiForm(request, { until: 'PERSON_INFO' });
  await page.goto(`/osobni-udaje?token=${atCover}`);
  await expect(page).toHaveURL(/\/zajisteni/);

  const atDocuments = await apiForm(request, { until: 'COLLATERAL_INFO' });
  await page.goto(`/vyse-pujcky?token=${atDocuments}`);
  await expect(page).toHaveURL(/\/dokumenty/);
  await expect(page.getByRole('button', { name: 'Odeslat žádost' })).toBeVisible();

  // A sent application stays open for more documents until staff close it.
  const sent = await apiForm(request, { until: 'SENT' });
  await page.goto(`/?token=${sent}`);
  await expect(page).toHaveURL(/\/dokumenty/);
  await expect(page.getByText(/^Žádost jste odeslali \d+\. \d+\. \d{4}\./)).toBeVisible();
  await page.getByRole('button', { name: 'Odeslat doplněné dokumenty' }).click();
  await page.getByRole('dialog', { name: 'Ještě chybí některé dokumenty' }).getByRole('button', { name: 'Odeslat i bez nich' }).click();
  await expect(page.getByRole('heading', { name: 'Odesláno!' })).toBeVisible();
});

test('a closed form (staff closed the lead) starts a new application at the Crossroad', async ({ page, request }) => {
  const closed = await apiForm(request, { until: 'CLOSED' });
  await page.goto(`/dokumenty?token=${closed}`);
  await expect(page).toHaveURL(/\/$|\/\?/);
  await expect(page.getByRole('link', { name: /Podnikám/ })).toBeVisible();
});

test('route guard: Cover needs a token in PERSON_INFO, Documents needs a token', async ({ page, request }) => {
  await page.goto('/zajisteni');
  await expect(page).toHaveURL(/\/$|\/\?/);
  await page.goto('/dokumenty');
  await expect(page).toHaveURL(/\/$|\/\?/);
  const fresh = await apiForm(request, { until: 'BASIC_DEAL_INFO' });
  await page.goto(`/zajisteni?token=${fresh}`);
  await expect(page).not.toHaveURL(/\/zajisteni/);
});

test('returning from the bank connection keeps 32 token characters and confirms', async ({ page, request }) => {
  const token = await apiForm(request, { until: 'COLLATERAL_INFO' });
  await page.goto(`/dokumenty?token=${token}?clientId=abc123`);
  await expect(page.getByText('Napojení Vaší banky proběhlo úspěšně')).toBeVisible();
  const url = new URL(page.url());
  expect(url.pathname).toBe('/dokumenty');
  expect(url.searchParams.get('token')).toBe(token);
  expect(url.searchParams.get('screening')).toBe('true');
});

test('validation messages of the loan step', async ({ page }) => {
  await page.goto('/vyse-pujcky?type=CONSUMER_LOAN');
  const cases: [string, string, string][] = [
    ['Výše půjčky', '10000', 'Minimální hodnota je 50 tisíc Kč'],
    ['Výše půjčky', '6000000', 'Maximální hodnota je 5 milionů Kč'],
    ['Výše půjčky', 'abc', 'Zadejte číselnou hodnotu'],
    ['Výše půjčky', '100000,5', 'Uveďte celou číslenou hodnotu v Kč'],
    ['Měsíční splátka', '500', 'Minimální hodnota je 1.000 Kč'],
    ['Měsíční splátka', '60000', 'Maximální hodnota je 50 tisíc Kč'],
  ];
  for (const [label, value, message] of cases) {
    await page.getByLabel('Výše půjčky').fill('200000');
    await page.getByLabel('Měsíční splátka').fill('5000');
    await page.getByLabel(label).fill(value);
    await page.getByRole('button', { name: 'Pokračovat' }).click();
    await expect(page.getByText(message).first(), `${label}=${value}`).toBeVisible();
  }
  await expectAccessible(page);
});

test('the 10 MB limit and the file type are checked', async ({ page, request }) => {
  const token = await apiForm(request, { until: 'COLLATERAL_INFO' });
  await page.goto(`/dokumenty?token=${token}`);
  await page.getByLabel('Nahrát soubory – Ostatní dokumenty').setInputFiles({ name: 'velky.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]) });
  await expect(page.getByText('Nepovolený formát souboru nebo soubor je větší než 10MB.').first()).toBeVisible();
  await page.getByLabel('Nahrát soubory – Ostatní dokumenty').setInputFiles({ name: 'virus.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ\x90\x00 not a pdf') });
  await expect(page.getByText('Nepovolený formát souboru nebo soubor je větší než 10MB.').first()).toBeVisible();
});

test('the main journey at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await page.getByRole('link', { name: /Nepodnikám/ }).click();
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await expect(page).toHaveURL(/\/osobni-udaje/);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await saveScreenshot(page, 'portal-person-data-mobile');
});
