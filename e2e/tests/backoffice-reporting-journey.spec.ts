import fs from 'node:fs';
import { expect, test } from './fixtures';
import { E2E_ACCOUNTANT, E2E_ADMIN, expectAccessible, signInAs, staffApi } from './support';

// Issue 24's journeys (SERVICING.md §9, ADR 0049): an accountant generates the payments report of
// last month in "Reporty", follows it until the job has written it and downloads the file;
// management opens the dashboard, reads the portfolio and clicks the 91+ tile, landing on exactly
// those deals.

const MANAGEMENT = { email: 'nahled@demo.cz', password: E2E_ADMIN.password };

/** The first and last day of the month before today's in Prague, as the screen's "Minulý měsíc" fills them. */
function lastMonth(): { from: string; to: string } {
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Prague' }).format(new Date());
  const [year, month] = today.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(year, month - 2, 1)).toISOString().slice(0, 10);
  const to = new Date(Date.UTC(year, month - 1, 0)).toISOString().slice(0, 10);
  return { from, to };
}

test('an accountant generates the payments report of last month and downloads it', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInAs(page, E2E_ACCOUNTANT);
  await page.getByRole('navigation').getByRole('link', { name: 'Reporty' }).click();
  await expect(page.getByRole('heading', { name: 'Reporty', level: 1 })).toBeVisible();
  await page.getByLabel('Typ reportu').selectOption({ label: 'Přehled plateb' });
  const form = page.getByRole('form', { name: 'Nový report: Přehled plateb' });
  await form.getByRole('button', { name: 'Minulý měsíc' }).click();
  const { from, to } = lastMonth();
  await expect(form.getByLabel('Datum od')).toHaveValue(from);
  await expect(form.getByLabel('Datum do')).toHaveValue(to);
  await form.getByRole('button', { name: 'Vytvořit report' }).click();

  // The job writes it; the list follows its progress until it is done.
  const reports = page.getByRole('table', { name: 'Vytvořené reporty: Přehled plateb' });
  const row = reports.getByRole('row').nth(1);
  await expect(row.getByText('Hotovo')).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page);
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Stáhnout report č\. \d+$/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^platby-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs.readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
  expect(lines[0]!.startsWith('ID platby;Datum;Směr;Částka;')).toBe(true);
  const dayOf = (line: string) => line.split(';')[1]!.split('.').reverse().join('-');
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines.slice(1)) expect(dayOf(line) >= from && dayOf(line) <= to, line).toBe(true);

  // As many payments as the payments list shows for the same month.
  const listed = await staffApi(request, 'get', `/api/v1/payments/?date_from=${from}&date_to=${to}&page_size=1`);
  expect(lines.length - 1).toBe(((await listed.json()) as { count: number }).count);
});

test('management opens the dashboard and the 91+ tile lands on exactly those deals', async ({ page, request }) => {
  await signInAs(page, MANAGEMENT);
  await expect(page.getByRole('heading', { name: 'Přehled', level: 1 })).toBeVisible();
  // The portfolio's bucket (the collections section has its own 91+ tile, opening the queue).
  const tile = page.getByRole('list', { name: 'Po splatnosti podle pásem' }).getByRole('link', { name: /^91\+ dní/ });
  await expect(tile).toBeVisible();
  // The trend chart's table alternative holds a year of month ends from the demo's closes.
  await expect(page.getByRole('img').first()).toBeVisible();
  await expectAccessible(page);
  const deals = Number(/91\+ dní\s+([\d\s\u00a0]+)\s+obchod/.exec((await tile.textContent()) ?? '')?.[1]?.replace(/\D/g, '') ?? NaN);
  expect(deals).toBeGreaterThan(0);
  await tile.click();
  await expect(page).toHaveURL(/\/admin\/deals\?days_past_due=91%2B$/);
  const listed = await staffApi(request, 'get', '/api/v1/deals/?days_past_due=91%2B&page_size=1');
  expect(((await listed.json()) as { count: number }).count).toBe(deals);
  await expect(page.getByRole('table').first().getByRole('row').nth(1)).toBeVisible();
});
