import { expect, test } from '@playwright/test';
import { saveScreenshot } from './screenshots';

test('the Crossroad offers business and consumer loans', async ({ page, baseURL }) => {
  const foreignRequests: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(`${baseURL}/`)) foreignRequests.push(request.url());
  });
  await page.goto('/');

  await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
  await expect(page.getByRole('link', { name: /Podnikám/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Nepodnikám/ })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByText('Bezplatná linka')).toBeVisible();
  await saveScreenshot(page, 'portal-crossroad');

  await page.getByRole('link', { name: /Nepodnikám/ }).click();

  await expect(page).toHaveURL('/vyse-pujcky?type=CONSUMER_LOAN');
  await expect(page.getByRole('heading', { level: 1, name: 'Výše půjčky' })).toBeVisible();
  await saveScreenshot(page, 'portal-loan-value');
  // No fonts, scripts or trackers from third parties.
  expect(foreignRequests).toEqual([]);
});

test('an unknown path shows NotFound with a way back to the start', async ({ page }) => {
  const response = await page.goto('/tahle-stranka-neni');

  // The API answers unknown portal paths with the app (history fallback), which renders NotFound.
  expect(response?.ok()).toBe(true);
  await expect(page.getByText('Stránka neexistuje', { exact: true })).toBeVisible();
  await saveScreenshot(page, 'portal-not-found');

  await page.getByRole('link', { name: 'Zpět na začátek' }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: /Podnikám/ })).toBeVisible();
});

test('the mobile layout of the Crossroad', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');

  await expect(page.getByRole('link', { name: /Nepodnikám/ })).toBeVisible();
  await saveScreenshot(page, 'portal-crossroad-mobile');
});
