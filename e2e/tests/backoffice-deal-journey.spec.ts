import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { saveScreenshot } from './screenshots';
import { apiForm, base64Json, expectAccessible, issueOffer, leadIdOf, OPEN_DIALOG, signIn } from './support';

// Issue 13's journey: an accepted offer becomes a deal, staff check its schedule, fix what
// validate asks, activate it, see its claims, close a business day and see the deal overdue.

const DAY = 86_400_000;
/** Today in Prague (the close of business's default date), as YYYY-MM-DD. */
const pragueToday = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Prague' }).format(new Date());
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const czechDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d}. ${m}. ${y}`;
};

/** Moves the deal to `target` through the state dialog; validate must find nothing first. */
async function changeState(page: Page, target: string) {
  await page.getByRole('button', { name: 'Změnit stav' }).click();
  const dialog = page.getByRole('dialog', { name: 'Změnit stav obchodu' });
  await dialog.getByLabel(target).check();
  await expect(dialog.getByText(`Obchod splňuje podmínky pro stav „${target}“.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Změnit stav' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').or(page.locator('main')).getByText(target).first()).toBeVisible();
}

test('staff turn an accepted offer into a deal, activate it and see it overdue after the close of business', async ({ page, browser, request }) => {
  test.setTimeout(180_000);

  // The applicant accepts a regular offer of 180 000 Kč at 4 500 Kč a month in the portal.
  const token = await apiForm(request, { until: 'COLLATERAL_INFO' });
  await issueOffer(token, { kind: 'REGULAR', value: 180_000, installment: 4_500 });
  const applicant = await browser.newPage();
  await applicant.goto(`/dokumenty?token=${token}&offer=${base64Json({ value: 180_000, installment_value: 4_500 })}`);
  await applicant.getByRole('dialog', { name: 'Potvrzení nabídky' }).getByRole('button', { name: 'Potvrdit nabídku' }).click();
  await expect(applicant.getByRole('dialog', { name: 'Potvrzení nabídky' })).toBeHidden();
  await applicant.close();
  const leadId = await leadIdOf(token);

  // Staff make the deal from the lead: one action.
  await signIn(page);
  await page.goto(`/admin/leads/${leadId}`);
  await page.getByRole('button', { name: 'Vytvořit obchod' }).click();
  await expect(page).toHaveURL(/\/admin\/deals\/\d+$/);
  const dealPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Nová žádost').first()).toBeVisible();

  // The offer's terms are the first model, a draft with its schedule and RPSN.
  await page.getByRole('tab', { name: 'Model a splátkový kalendář' }).click();
  await expect(page).toHaveURL(/tab=model/);
  await expect(page.getByRole('table', { name: /^Splátkový kalendář/ })).toBeVisible();
  await expect(page.getByText(/180\s000\sKč/).first()).toBeVisible();

  // The contract was signed months ago: staff move the payout and first installment into the
  // past, so the close of business below has installments to find unpaid.
  const today = pragueToday();
  const payout = isoOf(Date.parse(today) - 150 * DAY);
  const firstDue = `${isoOf(Date.parse(`${payout.slice(0, 7)}-01`) + 40 * DAY).slice(0, 7)}-15`;
  await page.getByRole('button', { name: /^Upravit verzi 1/ }).click();
  const modelDialog = page.getByRole('dialog', { name: 'Upravit návrh verze 1' });
  await modelDialog.getByLabel('Roční úroková sazba').fill('12,5');
  await modelDialog.getByLabel('Datum výplaty').fill(payout);
  await modelDialog.getByLabel('První splátka').fill(firstDue);
  await modelDialog.getByLabel('Den splatnosti').fill('');
  await expectAccessible(page, OPEN_DIALOG);
  await modelDialog.getByRole('button', { name: 'Uložit' }).click();
  await expect(modelDialog).toBeHidden();
  const schedule = page.getByRole('table', { name: /^Splátkový kalendář/ });
  await expect(schedule.getByRole('row').nth(1)).toContainText(czechDate(firstDue));
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
  await page.getByRole('button', { name: 'Přidat účel' }).click();
  const purposeDialog = page.getByRole('dialog', { name: 'Přidat účel' });
  await purposeDialog.getByLabel('Druh účelu').selectOption({ label: 'Výplata na účet žadatele' });
  await purposeDialog.getByLabel('Částka').fill('180000');
  await purposeDialog.getByLabel('Účet příjemce').fill('19-2000145399/0800');
  await purposeDialog.getByRole('button', { name: 'Uložit' }).click();
  await expect(purposeDialog).toBeHidden();
  await expect(page.getByText('Účel byl přidán.').first()).toBeVisible();

  await changeState(page, 'Podpis smlouvy');
  await changeState(page, 'Aktivní');

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
