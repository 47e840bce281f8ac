import { expect, test } from './fixtures';
import { saveScreenshot } from './screenshots';
import { apiForm, chooseAddress, expectAccessible, fillPersonData, OPEN_DIALOG } from './support';

test('a page chunk that cannot load is retried by reloading 3 times, then reported', async ({ page }) => {
  let documentLoads = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documentLoads++;
  });
  // The loan page's chunk never arrives (a deploy replaced it, the network dropped it...).
  await page.route(/\/assets\/LoanValuePage-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/vyse-pujcky?type=CONSUMER_LOAN');
  await expect(page.getByText('Failed to load chunk after 3 attempts.')).toBeVisible({ timeout: 20_000 });
  expect(documentLoads).toBe(4); // the first load and 3 reloads
});

test('validation messages of the person and collateral steps', async ({ page, request }) => {
  const token = await apiForm(request, { until: 'BASIC_DEAL_INFO' });
  await page.goto(`/osobni-udaje?token=${token}`);
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await expect(page.getByRole('heading', { name: 'Opravte prosím chyby ve formuláři' })).toBeVisible();
  await expect(page.getByText('Pole je povinné').first()).toBeVisible();
  await expect(page.getByText('Adresa trvalého bydliště musí být vybrána.').first()).toBeVisible();
  await expect(page.getByText('Prohlášení musí být zaškrtnuto.').first()).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('E-mail', { exact: true }).fill('jana@');
  await page.getByLabel('Telefon', { exact: true }).focus(); // e-mail is checked when it loses focus
  await expect(page.getByText('Zadejte platnou e-mailovou adresu.').first()).toBeVisible();

  await fillPersonData(page, { phone: '12345', birth_number: '8001011239', identity_card: 'X1' });
  await page.getByRole('combobox', { name: 'Adresa trvalého bydliště' }).fill('Někde 1, Nikde');
  await page.getByRole('combobox', { name: 'Adresa trvalého bydliště' }).press('Escape');
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  for (const message of [
    'Zadejte platné telefonní číslo',
    'Rodné číslo je neplatné.',
    'Číslo občanského průkazu je neplatné.',
    'Adresa trvalého bydliště musí být vybrána ze seznamu adres.',
  ]) {
    await expect(page.getByText(message).first(), message).toBeVisible();
  }
  await saveScreenshot(page, 'portal-person-data-errors');

  await fillPersonData(page);
  await page.getByLabel(/^Prohlašuji/).check();
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await expect(page).toHaveURL(/\/zajisteni/);
  await page.getByRole('radio', { name: 'Ano' }).check();
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await expect(page.getByText('Adresa nemovitosti musí být vybrána.').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Adresa nemovitosti' }).fill('U Lesa 1');
  await page.getByRole('combobox', { name: 'Adresa nemovitosti' }).press('Escape');
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await expect(page.getByText('Adresa nemovitosti musí být vybrána ze seznamu adres.').first()).toBeVisible();
});

test('the installment must be lower than the loan; business bounds differ', async ({ page }) => {
  await page.goto('/vyse-pujcky?type=INVESTMENT_LOAN');
  await page.getByLabel('Výše půjčky').fill('60000000');
  await page.getByLabel('Měsíční splátka').fill('300000');
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await expect(page.getByText('Maximální hodnota je 50 milionů Kč').first()).toBeVisible();
  await expect(page.getByText('Maximální hodnota je 250 tis. Kč').first()).toBeVisible();
  await expect(page.getByText('Pole je povinné').first()).toBeVisible(); // purpose
  await page.getByLabel('Výše půjčky').fill('100000');
  await page.getByLabel('Měsíční splátka').fill('100000');
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await expect(page.getByText('Splátka musí být nižší než půjčovaná částka').first()).toBeVisible();
});

test('NotFound and the cookie settings are accessible; the choice is kept', async ({ page }) => {
  await page.goto('/neni-tu-nic');
  await expect(page.getByText('Stránka neexistuje', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Nastavení cookies' }).or(page.getByRole('link', { name: 'Nastavení cookies' })).first().click();
  await expect(page.locator(OPEN_DIALOG)).toBeVisible();
  await expectAccessible(page, OPEN_DIALOG);
  await saveScreenshot(page, 'portal-cookies');
  await page.keyboard.press('Escape');
  await expect(page.locator(OPEN_DIALOG)).toHaveCount(0);
});

test('the main journey at 360 px wide, to the documents', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await page.getByRole('link', { name: /Nepodnikám/ }).click();
  await page.getByLabel('Výše půjčky').fill('120000');
  await page.getByLabel('Měsíční splátka').fill('3000');
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await fillPersonData(page);
  await page.getByLabel(/^Prohlašuji/).check();
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await page.getByRole('radio', { name: 'Ano' }).check();
  await page.getByRole('radio', { name: 'Rodinný dům' }).check();
  await chooseAddress(page, 'Adresa nemovitosti', 'Polní');
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await expect(page).toHaveURL(/\/dokumenty/);
  await expect(page.getByText(/Zbývá nahrát/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);
  await saveScreenshot(page, 'portal-documents-mobile');
});
