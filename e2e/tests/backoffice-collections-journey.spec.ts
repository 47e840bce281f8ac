import { expect, test } from './fixtures';
import { E2E_ADMIN, expectAccessible, pragueToday, signIn, signInAs, staffApi } from './support';

// Issue 23's journey (SERVICING.md §6, ADR 0048): a collector opens the queue and the most
// overdue deal of the demo book, reads the prepared notice the ladder queued (the call to accelerate,
// which waits for a second pair of eyes), sends it, logs a call with a promise to pay today, and
// the close of business of the day marks the promise broken and puts the deal on top of the queue.

const COLLECTOR = { email: 'vymahani@demo.cz', password: E2E_ADMIN.password };

test('a collector works the most overdue deal: preview, send (four-eyes), a call with a promise the close marks broken', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  await signInAs(page, COLLECTOR);
  await page.getByRole('navigation').getByRole('link', { name: 'Vymáhání' }).click();
  // The dashboard the collector lands on has a section of the same name: the page's own heading.
  await expect(page.getByRole('heading', { name: 'Vymáhání', level: 1 })).toBeVisible();
  await page.getByLabel('Řazení').selectOption({ label: 'Nejdéle po splatnosti' });
  const queue = page.getByRole('table', { name: 'Obchody k vymáhání' });
  const first = queue.getByRole('row').nth(1);
  await expect(first).toBeVisible();
  await expectAccessible(page);
  await first.getByRole('link').first().click();
  await expect(page.getByRole('tab', { name: 'Upomínky', selected: true })).toBeVisible();
  const dealId = Number(/\/deals\/(\d+)/.exec(page.url())![1]);

  // The ladder's history: reminders sent, the acceleration notice prepared for staff.
  const acceleration = page.getByRole('article', { name: /^Oznámení o zesplatnění/ });
  await expect(acceleration.getByText('Připraveno k odeslání').first()).toBeVisible();
  await expect(page.getByRole('article', { name: /^Upomínka ze dne/ }).getByText('Odesláno').first()).toBeVisible();
  await acceleration.getByRole('button', { name: /^Náhled/ }).first().click();
  const preview = page.getByRole('dialog', { name: /^Náhled upomínky/ });
  await expect(preview.getByLabel('Text upomínky')).toContainText('zesplatn');
  await expect(preview.getByLabel('Text upomínky')).toContainText(/Kč/);
  await expectAccessible(page, 'dialog[open]');
  await preview.getByRole('button', { name: 'Zavřít' }).first().click();

  // Sending acceleration is four-eyes: it waits, nothing is sent yet.
  await acceleration.getByRole('button', { name: 'Odeslat nyní' }).click();
  await page.getByRole('dialog', { name: 'Odeslat upomínky nyní' }).getByRole('button', { name: 'Odeslat' }).click();
  const submitted = page.getByText(/^Žádost č\. \d+ čeká na schválení jiným uživatelem; zatím se nic nezměnilo\.$/);
  await expect(submitted).toBeVisible();
  const approvalId = Number(/č\. (\d+)/.exec((await submitted.textContent()) ?? '')![1]);

  // An administrator approves it in another browser: the notices go out, the PDF is there.
  const checkerContext = await browser.newContext();
  const checker = await checkerContext.newPage();
  await signIn(checker);
  await checker.getByRole('navigation').getByRole('link', { name: /^Ke schválení \(\d+\)$/ }).click();
  await checker.getByRole('button', { name: `Žádost č. ${approvalId}` }).click();
  const request2 = checker.getByRole('dialog', { name: `Žádost č. ${approvalId}` });
  await expect(request2).toContainText('Odeslání oznámení o zesplatnění');
  await request2.getByRole('button', { name: 'Schválit' }).click();
  await expect(checker.getByText(`Žádost č. ${approvalId} byla schválena a provedena.`)).toBeVisible();
  await checkerContext.close();
  await page.reload();
  const sent = page.getByRole('article', { name: /^Oznámení o zesplatnění/ });
  await expect(sent.getByText('Odesláno').first()).toBeVisible();
  const download = page.waitForEvent('download');
  await sent.getByRole('button', { name: /^PDF/ }).first().click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

  // A call: the debtor promises to pay 5 000 Kč today.
  await page.getByRole('button', { name: 'Zapsat hovor' }).click();
  const call = page.getByRole('dialog', { name: 'Zapsat hovor' });
  await call.getByLabel('Výsledek hovoru').selectOption({ label: 'Dovoláno' });
  await call.getByLabel('Poznámka').fill('Dlužník slíbil dnes zaplatit 5 000 Kč.');
  await call.getByLabel('Slib: zaplatí do').fill(pragueToday());
  await call.getByLabel('Slib: částka').fill('5000');
  await call.getByRole('button', { name: 'Zapsat hovor' }).click();
  const promises = page.getByRole('table', { name: 'Sliby platby' });
  await expect(promises.getByRole('row').nth(1)).toContainText('Čeká');

  // The close of business of today (as the nightly job would run it): nothing came, the promise is broken.
  const close = await staffApi(request, 'post', '/api/v1/close-of-business/', { business_date: pragueToday() });
  expect([200, 201], await close.text()).toContain(close.status());
  await page.reload();
  await expect(page.getByRole('table', { name: 'Sliby platby' }).getByRole('row').nth(1)).toContainText('Nedodržen');

  // Back in the queue, a broken promise comes first.
  await page.goto('/admin/collections');
  await expect(page.getByRole('table', { name: 'Obchody k vymáhání' }).getByRole('row').nth(1)).toContainText(`#${dealId}`);
});
