import { expect, test } from './fixtures';
import { saveScreenshot } from './screenshots';
import { E2E_ADMIN } from './support';

test('an anonymous visitor is sent to the login page', async ({ page }) => {
  await page.goto('/admin/');

  await expect(page).toHaveURL('/admin/login');
  await expect(page.getByRole('button', { name: 'Přihlásit se' })).toBeVisible();
  await saveScreenshot(page, 'backoffice-login');
});

test('a wrong password shows a Czech error', async ({ page }) => {
  await page.goto('/admin/login');

  await page.getByLabel('E-mail').fill(E2E_ADMIN.email);
  await page.getByLabel('Heslo').fill('spatne-heslo');
  await page.getByRole('button', { name: 'Přihlásit se' }).click();

  await expect(page.getByRole('alert')).toHaveText('Nesprávný e-mail nebo heslo.');
  await saveScreenshot(page, 'backoffice-login-error');
});

test('the admin signs in, sees who is signed in and signs out', async ({ page }) => {
  await page.goto('/admin/login');

  await page.getByLabel('E-mail').fill(E2E_ADMIN.email);
  await page.getByLabel('Heslo').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();

  await expect(page).toHaveURL('/admin/');
  await expect(page.getByText(`Přihlášen: ${E2E_ADMIN.email} (Administrátor)`)).toBeVisible();
  await saveScreenshot(page, 'backoffice-dashboard');

  await page.getByRole('button', { name: 'Odhlásit se' }).click();

  await expect(page).toHaveURL('/admin/login');
  await expect(page.getByRole('button', { name: 'Přihlásit se' })).toBeVisible();
  // The session is gone: the dashboard is no longer reachable.
  await page.goto('/admin/');
  await expect(page).toHaveURL('/admin/login');
});
