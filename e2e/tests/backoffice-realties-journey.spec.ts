import { expect, test } from './fixtures';
import { E2E_ADMIN, expectAccessible, pledgedFlatWithoutExtract, signInAs } from './support';

// Issue 25's journey (SERVICING.md §10, ADR 0051): an underwriter finds a deal's pledged flat
// among the realties, orders its title deed from the cadastre only after the price is shown, and
// reads the owners and the encumbrances of the extract.

const UNDERWRITER = { email: 'underwriter@demo.cz', password: E2E_ADMIN.password };

test("staff find a deal's pledged flat, order its title deed at the price shown and read the owners and encumbrances", async ({ page }) => {
  const flat = await pledgedFlatWithoutExtract();
  await signInAs(page, UNDERWRITER);

  await page.getByRole('navigation').getByRole('link', { name: 'Nemovitosti' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nemovitosti' })).toBeVisible();
  const filters = page.getByRole('search', { name: 'Filtr nemovitostí' });
  await filters.getByRole('button', { name: 'Další filtry' }).click();
  await filters.getByLabel('Číslo obchodu').fill(String(flat.dealId));
  await filters.getByRole('button', { name: 'Hledat' }).click();
  await expect(page).toHaveURL(new RegExp(`deal=${flat.dealId}`));
  const results = page.getByRole('table', { name: 'Seznam nemovitostí' });
  await results.getByRole('link', { name: flat.address, exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: flat.address })).toBeVisible();
  await page.getByRole('link', { name: 'Objednat list vlastnictví' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Objednat výpis z listu vlastnictví' })).toBeVisible();
  // Nothing is ordered before the price is shown.
  await expect(page.getByRole('button', { name: /^Objednat za/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Zjistit cenu' }).click();
  const price = page.getByRole('status').filter({ hasText: 'Cena výpisu:' });
  await expect(price).toBeVisible();
  const amount = (await price.locator('strong').innerText()).trim();
  expect(amount).toMatch(/^\d[\d\s\u00a0]*,\d{2}\s?Kč$/);
  await expectAccessible(page);
  await page.getByRole('button', { name: `Objednat za ${amount}` }).click();

  await expect(page).toHaveURL(/\/admin\/title-deeds\/\d+$/);
  const deedId = page.url().split('/').at(-1)!;
  await expect(page.getByText('Zkušební výpis (sandbox) – nejde o údaje z katastru.')).toBeVisible();
  const owners = page.getByRole('table', { name: 'Vlastníci' });
  await expect(owners.getByRole('row')).not.toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Omezení vlastnického práva' })).toBeVisible();
  await expectAccessible(page);

  // The flat now shows its extract.
  await page.goto(`/admin/realties/${flat.realtyId}`);
  await expect(page.getByRole('link', { name: `Výpis č. ${deedId} (poslední)` })).toBeVisible();
});
