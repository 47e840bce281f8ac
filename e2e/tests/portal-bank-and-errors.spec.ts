import { expect, test } from './fixtures';
import { saveScreenshot } from './screenshots';
import { apiForm, base64Json, expectAccessible, issueOffer } from './support';

const TOO_FEW_TRANSACTIONS = 'Bankovní data obsahují příliš málo transakcí. Napojte prosím jiný účet, nebo nahrajte další výpisy ručně.';

test('connecting a bank account online: sandbox page, return, data too thin', async ({ page, request }) => {
  const token = await apiForm(request, { until: 'COLLATERAL_INFO' });
  await page.goto(`/dokumenty?token=${token}`);
  await page.getByRole('button', { name: 'Připojit bankovní účet online' }).click();

  await expect(page.getByRole('heading', { name: 'Napojení bankovního účtu' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('radio', { name: /několika platbami/ }).check();
  await page.getByRole('button', { name: 'Napojit účet' }).click();

  await expect(page).toHaveURL(/\/dokumenty\?token=[A-Za-z0-9_-]{32}&/);
  expect(new URL(page.url()).searchParams.get('screening')).toBe('true');
  await expect(page.getByText('Napojení Vaší banky proběhlo úspěšně')).toBeVisible();
  await expect(page.getByText(TOO_FEW_TRANSACTIONS)).toBeVisible();
  await saveScreenshot(page, 'portal-documents-too-few-transactions');
});

test('a full account history covers the bank statements', async ({ page, request }) => {
  const token = await apiForm(request, { until: 'COLLATERAL_INFO' });
  await page.goto(`/dokumenty?token=${token}`);
  const before = await page.getByText(/Zbývá nahrát/).textContent();
  await page.getByRole('button', { name: 'Připojit bankovní účet online' }).click();
  await page.getByRole('radio', { name: 'Fio banka' }).check();
  await page.getByRole('button', { name: 'Napojit účet' }).click();
  await expect(page.getByText('Napojení Vaší banky proběhlo úspěšně')).toBeVisible();
  await expect(page.getByText(/Zbývá nahrát/)).not.toHaveText(before ?? '');
  await expect(page.getByText(TOO_FEW_TRANSACTIONS)).toHaveCount(0);
});

test('the generic error messages when the server refuses for another reason', async ({ page, request }) => {
  const token = await apiForm(request, { until: 'COLLATERAL_INFO' });
  await issueOffer(token, { kind: 'REGULAR', value: 150_000, installment: 4_000 });
  // Any other refusal than the ones the spec names: a 400 without known keys.
  await page.route(`**/api/v1/forms/${token}/question/`, (route) => route.fulfill({ status: 400, contentType: 'application/json', body: '{}' }));
  await page.goto(`/dokumenty?token=${token}&offer=${base64Json({ value: 150_000, installment_value: 4_000 })}`);
  await page.getByRole('dialog', { name: 'Potvrzení nabídky' }).getByRole('button', { name: 'Potvrdit nabídku' }).click();
  await expect(page.getByText('Nabídku se nepodařilo uložit')).toBeVisible();
});

test('a server error shows the 5xx message; a form that cannot be loaded says so', async ({ page, request }) => {
  const token = await apiForm(request, { until: 'BASIC_DEAL_INFO' });
  await page.route('**/api/v1/forms/', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await page.goto('/vyse-pujcky?type=CONSUMER_LOAN');
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await expect(page.getByText('Došlo k chybě na serveru. Zkuste to prosím později.')).toBeVisible();

  await page.route(/\/api\/v1\/forms\/[A-Za-z0-9_-]{32}\/\?raw_data/, (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"detail":"x"}' }));
  await page.goto(`/osobni-udaje?token=${token}`);
  await expect(page.getByText('Nepodařilo se načíst žádost')).toBeVisible();
});

test('"need a new request" on a step without a token returns to the Crossroad', async ({ page }) => {
  await page.goto('/vyse-pujcky?type=CONSUMER_LOAN');
  await page.getByRole('button', { name: 'Potřebuji novou žádost' }).or(page.getByRole('link', { name: 'Potřebuji novou žádost' })).first().click();
  await expect(page).toHaveURL(/\/$|\/\?/);
  await expect(page.getByRole('link', { name: /Nepodnikám/ })).toBeVisible();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('a co-debtor refused for another reason gets the generic message', async ({ page, request }) => {
  const token = await apiForm(request, { until: 'COLLATERAL_INFO' });
  await page.route(`**/api/v1/forms/${token}/question/`, (route) => route.fulfill({ status: 400, contentType: 'application/json', body: '{}' }));
  await page.goto(`/dokumenty?token=${token}`);
  await page.getByRole('button', { name: 'Přidat spoludlužníka' }).click();
  const dialog = page.getByRole('dialog', { name: 'Přidat spoludlužníka' });
  await dialog.getByLabel('Jméno', { exact: true }).fill('Karel');
  await dialog.getByLabel('Příjmení', { exact: true }).fill('Dvořák');
  await dialog.getByLabel('E-mail', { exact: true }).fill('karel@email.cz');
  await dialog.getByLabel('Telefon', { exact: true }).fill('777 888 999');
  await dialog.getByLabel('Rodné číslo', { exact: true }).fill('7360285163');
  const box = dialog.getByRole('combobox', { name: 'Adresa trvalého bydliště' });
  await box.fill('Husova 3');
  await expect(page.getByRole('option').first()).toBeVisible();
  await box.press('ArrowDown');
  await box.press('Enter');
  await dialog.getByLabel('Číslo občanského průkazu', { exact: true }).fill('987654321');
  await dialog.getByRole('button', { name: 'Uložit spoludlužníka' }).click();
  await expect(page.getByText('Nepodařilo se vytvořit spoludlužníka').first()).toBeVisible();
});

test('an uploaded file downloads under its name', async ({ page, request }) => {
  const token = await apiForm(request, { until: 'COLLATERAL_INFO' });
  await page.goto(`/dokumenty?token=${token}`);
  await page.getByLabel('Nahrát soubory – Ostatní dokumenty').setInputFiles({ name: 'smlouva.pdf', mimeType: 'application/pdf', buffer: PDF });
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: /Stáhnout/ }).or(page.getByRole('button', { name: /Stáhnout/ })).first().click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('smlouva.pdf');
});
