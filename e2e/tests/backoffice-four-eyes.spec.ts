import fs from 'node:fs';
import { expect, test } from './fixtures';
import {
  acceptedOfferLead,
  addPayoutPurpose,
  changeDealState,
  dealFromLead,
  E2E_ACCOUNTANT,
  E2E_ACCOUNTANT_2,
  expectAccessible,
  OPEN_DIALOG,
  signIn,
  signInAs,
  staffApi,
} from './support';

// Issue 22 §2's journey (ROLES.md §2, ADR 0045): money goes out only when two accountants agree.
// One orders the payout and gets no file; the other approves it in "Ke schválení"; the
// payment-order file is then downloadable, and it is the one the approval made.

test('an accountant orders a payout, a second accountant approves it, then the payment-order file is downloadable', async ({ page, browser, request }) => {
  test.setTimeout(180_000);

  // A signed contract paying 180 000 Kč out to the applicant's account, with its drawing.
  const leadId = await acceptedOfferLead(browser, request, { value: 180_000, installment: 4_500 });
  await signIn(page);
  const dealPath = await dealFromLead(page, leadId);
  const dealId = Number(dealPath.split('/').pop());
  await changeDealState(page, 'Dokončení smlouvy');
  await page.getByRole('tab', { name: 'Účely a čerpání' }).click();
  await addPayoutPurpose(page);
  await changeDealState(page, 'Podpis smlouvy');
  const purposes = await staffApi(request, 'get', `/api/v1/deals/${dealId}/purposes/`);
  const purposeId = ((await purposes.json()) as { results: { id: number }[] }).results[0]!.id;
  const drawing = await staffApi(request, 'post', `/api/v1/deals/${dealId}/purposes/${purposeId}/drawings/`, { amount: '180000.00' });
  expect(drawing.status(), await drawing.text()).toBe(201);

  // The first accountant orders it: the order waits for approval, no file is made.
  // Each accountant in a browser of their own (a context: cookies and storage apart).
  const makerBrowser = await browser.newContext();
  const maker = await makerBrowser.newPage();
  await signInAs(maker, E2E_ACCOUNTANT);
  await maker.goto(`${dealPath}?tab=purposes`);
  await maker.getByLabel(/^Vybrat čerpání 180\s000\sKč/).check();
  await maker.getByRole('button', { name: 'Odeslat platební příkaz ke schválení' }).click();
  const submitted = maker.getByText(/^Žádost č\. \d+ čeká na schválení jiným uživatelem; zatím se nic nezměnilo\.$/);
  await expect(submitted).toBeVisible();
  const approvalId = Number(/č\. (\d+)/.exec((await submitted.textContent()) ?? '')![1]);
  await expect(maker.getByRole('heading', { name: 'Vydané platební příkazy' })).toHaveCount(0);

  // The maker sees the request among their own and cannot approve it.
  await maker.getByRole('navigation').getByRole('link', { name: /^Ke schválení/ }).click();
  await maker.getByRole('tab', { name: 'Moje žádosti' }).click();
  await maker.getByRole('button', { name: `Žádost č. ${approvalId}` }).click();
  const own = maker.getByRole('dialog', { name: `Žádost č. ${approvalId}` });
  await expect(own.getByRole('button', { name: 'Stáhnout žádost' })).toBeVisible();
  await expect(own.getByRole('button', { name: 'Schválit' })).toHaveCount(0);
  await makerBrowser.close();

  // The second accountant finds it in the inbox the navigation counts, and approves it.
  const checkerBrowser = await browser.newContext();
  const checker = await checkerBrowser.newPage();
  await signInAs(checker, E2E_ACCOUNTANT_2);
  await checker.getByRole('navigation').getByRole('link', { name: /^Ke schválení \(\d+\)$/ }).click();
  await checker.getByRole('button', { name: `Žádost č. ${approvalId}` }).click();
  const dialog = checker.getByRole('dialog', { name: `Žádost č. ${approvalId}` });
  await expect(dialog).toContainText(`Platební příkaz (ABO): čerpání č. ${(await drawing.json()).id}`);
  await expect(dialog).toContainText('Lenka Černá');
  await expectAccessible(checker, OPEN_DIALOG);
  await dialog.getByRole('button', { name: 'Schválit' }).click();
  await expect(checker.getByText(`Žádost č. ${approvalId} byla schválena a provedena.`)).toBeVisible();

  // The file is the approval's batch: ABO, the drawing's 180 000 Kč.
  const download = checker.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Stáhnout platební příkaz' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^platebni-prikaz-${dealId}-\\d+\\.kpc$`));
  const content = fs.readFileSync((await file.path())!, 'latin1');
  expect(content.startsWith('UHL1')).toBe(true);
  expect(content).toContain('18000000');
  await checkerBrowser.close();

  // And on the deal: the order is issued, its file downloadable there too.
  await page.goto(`${dealPath}?tab=purposes`);
  await expect(page.getByRole('heading', { name: 'Vydané platební příkazy' })).toBeVisible();
});
