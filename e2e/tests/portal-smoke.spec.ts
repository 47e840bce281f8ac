import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { expect, test } from './fixtures';
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

/** The JS the Crossroad runs on: the entry's static imports and the Crossroad page chunk's (what loads before the next step is preloaded). */
function crossroadFirstLoad(): Map<string, string> {
  const assets = fileURLToPath(new URL('../../apps/portal/dist/assets/', import.meta.url));
  const html = fs.readFileSync(path.join(assets, '..', 'index.html'), 'utf8');
  const files = new Map<string, string>();
  const walk = (file: string) => {
    if (files.has(file)) return;
    const text = fs.readFileSync(path.join(assets, file), 'utf8');
    files.set(file, text);
    for (const [, imported] of text.matchAll(/(?:import|export)\s*(?:[^'"();]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) walk(imported!);
  };
  for (const [, entry] of html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)) walk(entry!);
  walk(fs.readdirSync(assets).find((name) => /^CrossroadPage-.*\.js$/.test(name))!);
  return files;
}

test('the Crossroad loads little: within its budget, without zod, phone metadata or back-office components', () => {
  const files = crossroadFirstLoad();
  const gzipped = [...files.values()].reduce((sum, text) => sum + zlib.gzipSync(text, { level: 9 }).length, 0);
  // 90.8 kB with the shared client and toasts (ADR 0029); 89.8 kB before them.
  expect(gzipped, `first-load JS (gzip) of ${[...files.keys()].join(', ')}`).toBeLessThanOrEqual(92_000);
  for (const [file, text] of files) {
    expect(text, `${file}: zod`).not.toMatch(/ZodError|\$ZodType/);
    expect(text, `${file}: libphonenumber metadata`).not.toContain('country_calling_codes');
    expect(text, `${file}: tables, paging and filters of the back-office`).not.toMatch(/table__sort|Záznamů na stránku|Další filtry/);
  }
});
