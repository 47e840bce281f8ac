import { expect, test } from './fixtures';
import { apiForm, base64Json, expectAccessible, issueOffer, leadIdOf, lineBreaksOf, OPEN_DIALOG } from './support';

// What a first-time applicant stumbled on (issue 12, items 1–7), kept fixed.

test('1: an accepted offer is not offered again, and the link is dropped after confirming', async ({ page, request }) => {
  const token = await apiForm(request, { until: 'SENT' });
  await issueOffer(token, { kind: 'REGULAR', value: 180_000, installment: 4_500 });
  const offer = { value: 180_000, installment_value: 4_500 };
  const link = `/dokumenty?token=${token}&offer=${encodeURIComponent(base64Json(offer))}`;

  await page.goto(link);
  const confirm = page.getByRole('dialog', { name: 'Potvrzení nabídky' });
  await confirm.getByRole('button', { name: 'Potvrdit nabídku' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).not.toHaveURL(/offer=/);
  expect(new URL(page.url()).searchParams.get('token')).toBe(token);

  // The e-mail's link opened again (or a reload of it): told kindly, not asked again.
  await page.goto(link);
  const accepted = page.getByRole('dialog', { name: 'Nabídka je přijata' });
  await expect(accepted).toBeVisible();
  await expect(accepted.getByText(/180\s000\sKč/)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Potvrzení nabídky' })).toHaveCount(0);
  await expect(page).not.toHaveURL(/offer=/);
  await expectAccessible(page, OPEN_DIALOG);
  await accepted.getByRole('button', { name: 'Rozumím' }).click();
  await expect(accepted).toBeHidden();
  await expect(page.getByText('Nabídka není validní')).toHaveCount(0);
});

test('1: an offer accepted in another tab meanwhile is reported as accepted, not as invalid', async ({ page, request }) => {
  const token = await apiForm(request, { until: 'SENT' });
  await issueOffer(token, { kind: 'REGULAR', value: 170_000, installment: 4_000 });
  const offer = { value: 170_000, installment_value: 4_000 };
  await page.goto(`/dokumenty?token=${token}&offer=${encodeURIComponent(base64Json(offer))}`);
  const confirm = page.getByRole('dialog', { name: 'Potvrzení nabídky' });
  await expect(confirm).toBeVisible();
  const elsewhere = await request.post(`/api/v1/forms/${token}/question/`, { data: { type: 'SAVE_APPLICATION_OFFER', ...offer } });
  expect(elsewhere.status()).toBe(200);

  await confirm.getByRole('button', { name: 'Potvrdit nabídku' }).click();
  await expect(page.getByRole('dialog', { name: 'Nabídka je přijata' })).toBeVisible();
  await expect(page.getByText('Nabídka není validní')).toHaveCount(0);
});

test('2: each entry of the error summary names its field; the inline messages stay the spec’s', async ({ page, request }) => {
  const token = await apiForm(request, { until: 'BASIC_DEAL_INFO' });
  await page.goto(`/osobni-udaje?token=${token}`);
  await page.getByRole('button', { name: 'Pokračovat' }).click();

  const summary = page.getByRole('alert').filter({ hasText: 'Opravte prosím chyby ve formuláři' });
  const entries = await summary.getByRole('listitem').allTextContents();
  expect(entries).toContain('Jméno: Pole je povinné');
  expect(entries).toContain('Příjmení: Pole je povinné');
  expect(entries).toContain('Telefon: Pole je povinné');
  expect(entries).toContain('Souhlas: Prohlášení musí být zaškrtnuto.');
  // No entry without its field.
  for (const entry of entries) expect(entry).toMatch(/^[^:]+: \S/);
  await expect(page.locator('#person-first-name-error')).toHaveText('Chyba: Pole je povinné');

  await summary.getByRole('link', { name: 'Příjmení: Pole je povinné' }).click();
  await expect(page.getByLabel('Příjmení', { exact: true })).toBeFocused();
});

test('3: the next step is loaded while the applicant reads the current one', async ({ page }) => {
  const preload = page.waitForRequest(/\/assets\/LoanValuePage-[^/]+\.js$/);
  await page.goto('/');
  await expect(page.getByRole('link', { name: /Nepodnikám/ })).toBeVisible();
  // Requested before any click.
  await preload;
});

test('3: a step that is still loading shows progress at once, not the previous page', async ({ page }) => {
  // The step's chunk is held until the test lets it go (not for a fixed time): whatever the
  // machine's speed, the page is checked while the chunk is still missing.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/LoanValuePage-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.getByRole('link', { name: /Nepodnikám/ }).click();
  await expect(page).toHaveURL(/\/vyse-pujcky/);
  await expect(page.getByRole('heading', { name: 'Pro koho má být půjčka?' })).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Načítám' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Výše půjčky' })).toBeVisible();
});

test('4: before sending, the missing files are named; the thank-you page gives the reference and the way back', async ({ page, request }) => {
  const token = await apiForm(request, { until: 'COLLATERAL_INFO' });
  const leadId = await leadIdOf(token);
  await page.goto(`/dokumenty?token=${token}`);

  await page.getByRole('button', { name: 'Odeslat žádost' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ještě chybí některé dokumenty' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Bankovní výpisy' })).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Doklad o příjmu' })).toBeVisible();
  await expect(dialog.getByText(/Žádost můžete odeslat i bez nich a dokumenty doplnit později přes stejný odkaz/)).toBeVisible();
  await expectAccessible(page, OPEN_DIALOG);

  // Going back to upload sends nothing.
  await dialog.getByRole('button', { name: 'Doplnit dokumenty' }).click();
  await expect(dialog).toBeHidden();
  const notYet = (await (await request.get(`/api/v1/forms/${token}/`)).json()) as { data: Record<string, unknown> };
  expect(notYet.data.finished_at).toBeUndefined();

  await page.getByRole('button', { name: 'Odeslat žádost' }).click();
  await dialog.getByRole('button', { name: 'Odeslat i bez nich' }).click();
  await expect(page.getByRole('heading', { name: 'Odesláno!' })).toBeVisible();
  await expect(page.getByText(`Číslo Vaší žádosti: ${leadId}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Co bude následovat' })).toBeVisible();
  await expect(page.getByText(/Chybějící dokumenty můžete doplnit/)).toBeVisible();
  await expectAccessible(page);

  // A reload keeps it; the link leads back to the same application.
  await page.reload();
  await expect(page.getByText(`Číslo Vaší žádosti: ${leadId}`)).toBeVisible();
  await page.getByRole('link', { name: 'Doplnit dokumenty' }).click();
  await expect(page).toHaveURL(new RegExp(`/dokumenty\\?token=${token}`));
  await expect(page.getByText(/^Žádost jste odeslali/)).toBeVisible();
});

test('5: the steps have Zpět and the done steps of the stepper are links', async ({ page, request }) => {
  const token = await apiForm(request, { until: 'COLLATERAL_INFO' });
  await page.goto(`/dokumenty?token=${token}`);
  const stepper = page.getByRole('navigation', { name: 'Postup žádosti' });
  await expect(stepper.getByRole('link', { name: /Výše půjčky/ })).toBeVisible();
  await expect(stepper.getByRole('link', { name: /Osobní údaje/ })).toBeVisible();
  await expect(stepper.getByRole('link', { name: /Zajištění/ })).toBeVisible();
  await expect(stepper.getByRole('link', { name: /Dokumenty/ })).toHaveCount(0);

  await page.getByRole('link', { name: 'Zpět', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/zajisteni\\?token=${token}`));
  await expect(page.getByRole('radio', { name: 'Ne' })).toBeChecked();
  await page.getByRole('link', { name: 'Zpět', exact: true }).click();
  await expect(page).toHaveURL(/\/osobni-udaje\?/);
  await expect(page.getByLabel('Příjmení', { exact: true })).toHaveValue('Nováková');
  await page.getByRole('link', { name: 'Zpět', exact: true }).click();
  await expect(page).toHaveURL(/\/vyse-pujcky\?/);
  await expect(page.getByLabel('Výše půjčky')).toHaveValue(/200\s000/);

  // From the first step, the done steps ahead are a click away.
  await stepper.getByRole('link', { name: /Dokumenty/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dokumenty\\?token=${token}`));

  // Without a form yet, Zpět on the loan step returns to the choice of the loan.
  await page.goto('/vyse-pujcky?type=CONSUMER_LOAN');
  await page.getByRole('link', { name: 'Zpět', exact: true }).click();
  await expect(page.getByRole('link', { name: /Nepodnikám/ })).toBeVisible();
});

test('6: the portal addresses the applicant in one register (Vám, Vás)', async ({ page, request }) => {
  const informal = /(?<!\p{L})(vám|vás|váš|vaše|vaši|vašeho|vašemu|vaší|vašem|vašich|vašim|vašimi|vámi)(?!\p{L})/u;
  await page.goto('/');
  await expect(page.getByText(/Ozveme se Vám/)).toBeVisible();
  expect(await page.locator('body').innerText()).not.toMatch(informal);

  const token = await apiForm(request, { until: 'COLLATERAL_INFO' });
  for (const path of ['/vyse-pujcky', '/osobni-udaje', '/zajisteni', '/dokumenty']) {
    await page.goto(`${path}?token=${token}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Načítám' })).toHaveCount(0);
    expect(await page.locator('body').innerText(), path).not.toMatch(informal);
  }
});

test('7: a long e-mail in the summary wraps only between its parts', async ({ page, request }) => {
  const email = 'jaroslava.novakova.svobodova.prochazkova@stavebniny-a-zahradnictvi-brno.cz';
  const token = await apiForm(request, { until: 'COLLATERAL_INFO', person: { email, birth_number: '8801011010' } });
  await page.goto(`/dokumenty?token=${token}`);
  await expect(page.getByRole('complementary').getByText(email)).toBeVisible();
  const breaks = await lineBreaksOf(page, '.summary__email');
  expect(breaks.length).toBeGreaterThan(0);
  // After "@" or "-", or before ".": never inside a word.
  for (const [before, after] of breaks) expect(`${before}|${after}`).toMatch(/^[@-]\||\|\.$/);
});
