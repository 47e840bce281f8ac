import { expect, test } from './fixtures';
import { saveScreenshot } from './screenshots';
import { apiForm, base64Json, OPEN_DIALOG, CO_DEBTOR_BIRTH_NUMBER, BIRTH_NUMBER, chooseAddress, expectAccessible, issueOffer, UNKNOWN_COMPANY_ID } from './support';

test('a regular offer from the e-mail is confirmed', async ({ page, request }) => {
  const token = await apiForm(request, { until: 'COLLATERAL_INFO' });
  await issueOffer(token, { kind: 'REGULAR', value: 180_000, installment: 4_500 });
  await page.goto(`/dokumenty?token=${token}&offer=${base64Json({ value: 180_000, installment_value: 4_500 })}`);
  const dialog = page.getByRole('dialog', { name: 'Potvrzení nabídky' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/180\s000\sKč/).first()).toBeVisible();
  await expectAccessible(page, OPEN_DIALOG);
  await saveScreenshot(page, 'portal-offer-dialog');
  await dialog.getByRole('button', { name: 'Potvrdit nabídku' }).click();
  await expect(dialog).toBeHidden();
  const form = await (await request.get(`/api/v1/forms/${token}/`)).json();
  expect(form.is_offer_applied).toBe(true);
});

test('an offer that was not issued is refused, a malformed one reported', async ({ page, request }) => {
  const token = await apiForm(request, { until: 'COLLATERAL_INFO' });
  await page.goto(`/dokumenty?token=${token}&offer=${base64Json({ value: 999_000, installment_value: 9_000 })}`);
  await page.getByRole('dialog', { name: 'Potvrzení nabídky' }).getByRole('button', { name: 'Potvrdit nabídku' }).click();
  await expect(page.getByText('Nabídka není validní')).toBeVisible();

  await page.goto(`/dokumenty?token=${token}&offer=${base64Json({ value: 1 })}`);
  await expect(page.getByText('Offer is not in valid format')).toBeVisible();
});

test('an irregular offer lists its payments by ordinal ranges and is confirmed', async ({ page, request }) => {
  const token = await apiForm(request, { until: 'COLLATERAL_INFO' });
  await issueOffer(token, { kind: 'IRREGULAR', groups: [[3, 8_000], [21, 4_000]] });
  const offer = { claim_group_1: { order: 1, count: 3, amount: 8_000 }, claim_group_2: { order: 2, count: 21, amount: 4_000 } };
  await page.goto(`/dokumenty?token=${token}&irregular_offer=${base64Json(offer)}`);
  const dialog = page.getByRole('dialog', { name: 'Potvrzení nabídky splátek' });
  await expect(dialog.getByText(/1\.–3\. splátka/)).toBeVisible();
  await expect(dialog.getByText(/4\.–24\. splátka/)).toBeVisible();
  await expect(dialog.getByText(/8\s000\sKč\směsíčně/)).toBeVisible();
  await expectAccessible(page, OPEN_DIALOG);
  await dialog.getByRole('button', { name: 'Potvrdit nabídku' }).click();
  await expect(dialog).toBeHidden();
});

test('the co-debtor dialog: each error message, then success', async ({ page, request }) => {
  const token = await apiForm(request, { type: 'INVESTMENT_LOAN', until: 'COLLATERAL_INFO' });
  await page.goto(`/dokumenty?token=${token}`);
  await page.getByRole('button', { name: 'Přidat spoludlužníka' }).click();
  const dialog = page.getByRole('dialog', { name: 'Přidat spoludlužníka' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, OPEN_DIALOG);

  const fill = async (birthNumber: string, identityCard = '987654321') => {
    await dialog.getByLabel('Jméno', { exact: true }).fill('Karel');
    await dialog.getByLabel('Příjmení', { exact: true }).fill('Dvořák');
    await dialog.getByLabel('E-mail', { exact: true }).fill('karel.dvorak@email.cz');
    await dialog.getByLabel('Telefon', { exact: true }).fill('+421 905 123 456');
    await dialog.getByLabel('Rodné číslo', { exact: true }).fill(birthNumber);
    await chooseAddress(page, 'Adresa trvalého bydliště', 'Husova 3');
    await dialog.getByLabel('Číslo občanského průkazu', { exact: true }).fill(identityCard);
  };

  await fill(CO_DEBTOR_BIRTH_NUMBER, 'X1');
  await dialog.getByRole('button', { name: 'Uložit spoludlužníka' }).click();
  await expect(dialog.getByText('Číslo občanského průkazu je neplatné.').first()).toBeVisible();

  await fill('8001011239');
  await dialog.getByRole('button', { name: 'Uložit spoludlužníka' }).click();
  await expect(dialog.getByText('Rodné číslo je neplatné.').first()).toBeVisible();

  await fill(CO_DEBTOR_BIRTH_NUMBER);
  await dialog.getByLabel('Spoludlužník podniká nebo zastupuje právnickou osobu').check();
  await dialog.getByLabel('IČO', { exact: true }).fill(UNKNOWN_COMPANY_ID);
  await dialog.getByRole('button', { name: 'Uložit spoludlužníka' }).click();
  await expect(page.getByText(`IČO ${UNKNOWN_COMPANY_ID} nenalezeno`).first()).toBeVisible();

  await dialog.getByLabel('Spoludlužník podniká nebo zastupuje právnickou osobu').uncheck();
  await fill(BIRTH_NUMBER);
  await dialog.getByRole('button', { name: 'Uložit spoludlužníka' }).click();
  await expect(page.getByText('Fyzická osoba s tímto rodným číslem již existuje').first()).toBeVisible();

  await fill(CO_DEBTOR_BIRTH_NUMBER);
  await saveScreenshot(page, 'portal-co-debtor-dialog');
  await dialog.getByRole('button', { name: 'Uložit spoludlužníka' }).click();
  await expect(page.getByText('Spoludlužník byl vytvořen')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('complementary').getByText('Karel Dvořák')).toBeVisible();

  await page.getByRole('button', { name: 'Přidat spoludlužníka' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
