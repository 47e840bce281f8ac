import { expect, test } from './fixtures';
import { saveScreenshot } from './screenshots';
import {
  activateWithApproval,
  acceptedOfferLead,
  addPayoutPurpose,
  backdateFirstModel,
  changeDealState as changeState,
  czechDate,
  DAY,
  dealFromLead,
  expectAccessible,
  OPEN_DIALOG,
  pragueToday,
  signIn,
} from './support';

// Issue 13's journey: an accepted offer becomes a deal, staff check its schedule, fix what
// validate asks, activate it, see its claims, close a business day and see the deal overdue.

test('staff turn an accepted offer into a deal, activate it and see it overdue after the close of business', async ({ page, browser, request }) => {
  test.setTimeout(180_000);

  // The applicant accepts a regular offer of 180 000 Kč at 4 500 Kč a month in the portal.
  const leadId = await acceptedOfferLead(browser, request, { value: 180_000, installment: 4_500 });

  // Staff make the deal from the lead: one action.
  await signIn(page);
  const dealPath = await dealFromLead(page, leadId);

  // The offer's terms are the first model, a draft with its schedule and RPSN.
  await page.getByRole('tab', { name: 'Model a splátkový kalendář' }).click();
  await expect(page).toHaveURL(/tab=model/);
  await expect(page.getByRole('table', { name: /^Splátkový kalendář/ })).toBeVisible();
  await expect(page.getByText(/180\s000\sKč/).first()).toBeVisible();

  // The contract was signed months ago: staff move the payout and first installment into the
  // past, so the close of business below has installments to find unpaid.
  const today = pragueToday();
  const { firstDue } = await backdateFirstModel(page);
  await expect(page.getByText(/12,5\s%/).first()).toBeVisible();
  await saveScreenshot(page, 'backoffice-deal-schedule');

  // To sign, validate asks for the payout's purpose; staff follow its link and add it.
  await changeState(page, 'Dokončení smlouvy');
  await page.getByRole('button', { name: 'Změnit stav' }).click();
  const stateDialog = page.getByRole('dialog', { name: 'Změnit stav obchodu' });
  await stateDialog.getByLabel('Podpis smlouvy').check();
  const problems = stateDialog.getByRole('list', { name: 'Problémy bránící změně stavu' });
  await expect(problems).toContainText('Obchod nemá účel výplaty');
  await expect(stateDialog.getByRole('button', { name: 'Změnit stav' })).toBeDisabled();
  await expectAccessible(page, OPEN_DIALOG);
  await problems.getByRole('link', { name: 'Opravit na kartě Účely a čerpání' }).click();
  await expect(page).toHaveURL(/tab=purposes/);
  await addPayoutPurpose(page);

  await changeState(page, 'Podpis smlouvy');
  await activateWithApproval(page, request);

  // Activation generated the installments; those due before today are overdue.
  await page.getByRole('tab', { name: 'Pohledávky', exact: true }).click();
  const claims = page.getByRole('table', { name: /Pohledávky obchodu/ });
  await expect(claims.getByText(czechDate(firstDue)).first()).toBeVisible();
  await expect(claims.getByText('Po splatnosti').first()).toBeVisible();
  await expectAccessible(page);

  // Staff close today's business day…
  await page.getByRole('navigation').getByRole('link', { name: 'Uzávěrka dne' }).click();
  await expect(page.getByLabel('Obchodní den')).toHaveValue(today);
  await page.getByRole('button', { name: 'Spustit uzávěrku' }).click();
  await expect(page.getByRole('heading', { name: 'Výsledek uzávěrky' })).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page);

  // …and the deal shows its days past due (counted from the first unpaid installment) and NON_PAYING.
  await page.goto(dealPath);
  const dpd = Math.round((Date.parse(today) - Date.parse(firstDue)) / DAY);
  const summary = page.getByLabel('Souhrn obchodu');
  await expect(summary).toContainText(String(dpd));
  await expect(summary).toContainText('Neplacení');
  await saveScreenshot(page, 'backoffice-deal-overdue');

  // The deals list finds it among the non-paying ones, with its DPD badge.
  await page.getByRole('navigation').getByRole('link', { name: 'Obchody' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  const dealId = dealPath.split('/').pop()!;
  await page.goto(`/admin/deals?breach_type=NON_PAYING&id=${dealId}`);
  const row = page.getByRole('row').filter({ has: page.locator(`a[href="${dealPath}"]`) });
  await expect(row).toContainText('Neplacení');
  await expect(row).toContainText(String(dpd));
  await expectAccessible(page);
});
