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
  const viewport = { width: 375, height: 740 };
  await page.setViewportSize(viewport);
  await page.goto('/');

  const links = [page.getByRole('link', { name: /^Podnikám/ }), page.getByRole('link', { name: /^Nepodnikám/ })];
  for (const link of links) await expect(link).toBeVisible();

  // Nothing wider than the phone: the page never scrolls sideways.
  const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.window).toBe(viewport.width);
  expect(widths.document, 'document width at 375 px').toBeLessThanOrEqual(viewport.width);

  // Both choices whole on the first screen, one above the other, each a comfortable tap target.
  const boxes: { x: number; y: number; width: number; height: number }[] = [];
  for (const link of links) {
    const box = await link.boundingBox();
    expect(box, 'a laid-out link').not.toBeNull();
    boxes.push(box!);
  }
  for (const box of boxes) {
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(box.height, 'tap target height').toBeGreaterThanOrEqual(44);
  }
  const [business, consumer] = boxes as [(typeof boxes)[0], (typeof boxes)[0]];
  expect(consumer.y, 'Nepodnikám starts below Podnikám').toBeGreaterThanOrEqual(business.y + business.height);
  expect(Math.abs(consumer.x - business.x), 'one column').toBeLessThanOrEqual(1);

  // The text is whole: the title and the description neither overflow their box nor stick out
  // of the card, and the arrow does not cover them.
  for (const link of links) {
    const problems = await link.evaluate((card) => {
      const found: string[] = [];
      const cardBox = card.getBoundingClientRect();
      const arrow = card.querySelector('.choice__arrow')?.getBoundingClientRect();
      for (const part of Array.from(card.querySelectorAll<HTMLElement>('.choice__title, .choice__description'))) {
        const box = part.getBoundingClientRect();
        const name = `${part.className} "${part.textContent}"`;
        if (!part.textContent?.trim()) found.push(`${name} is empty`);
        if (part.scrollWidth > part.clientWidth + 1 || part.scrollHeight > part.clientHeight + 1) found.push(`${name} overflows its box`);
        if (box.left < cardBox.left || box.right > cardBox.right || box.top < cardBox.top || box.bottom > cardBox.bottom) found.push(`${name} sticks out of the card`);
        if (arrow && box.right > arrow.left && box.bottom > arrow.top && box.top < arrow.bottom) found.push(`${name} runs under the arrow`);
      }
      return found;
    });
    expect(problems).toEqual([]);
  }
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
