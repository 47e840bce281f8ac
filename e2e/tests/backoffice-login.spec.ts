import { expect, test } from './fixtures';
import { saveScreenshot } from './screenshots';
import { E2E_ADMIN, expectAccessible, OPEN_DIALOG, signIn } from './support';

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

// Sessions (ROLES.md §3, ADR 0015): across tabs and reloads, signed out everywhere together, idle sign-out.
test('a new tab and a reload stay signed in; the page holds no refresh token; signing out in one tab signs out the other', async ({ page, context }) => {
  await signIn(page);
  const second = await context.newPage();
  await second.goto('/admin/deals');
  await expect(second.getByText(`Přihlášen: ${E2E_ADMIN.email} (Administrátor)`)).toBeVisible();
  await second.reload();
  await expect(second.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(second).toHaveURL('/admin/deals');
  // The refresh token is the HttpOnly cookie's: nothing a script can read holds a token.
  const readable = await second.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }) + document.cookie);
  expect(readable).not.toMatch(/eyJ[\w-]+\.eyJ/);
  const session = (await context.cookies()).find((c) => c.name === 'lending_session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth/' });

  await page.getByRole('button', { name: 'Odhlásit se' }).click();
  await expect(page).toHaveURL('/admin/login');
  await expect(second).toHaveURL('/admin/login');
  // The cookie went with the session: a reload does not sign back in.
  await second.goto('/admin/deals');
  await expect(second).toHaveURL('/admin/login');
});

test('idle for 30 minutes: a warning a minute before, then signed out with the reason', async ({ page }) => {
  await page.clock.install();
  await signIn(page);
  // The URL changes before React renders the signed-in part: jumping the clock before the idle
  // watch has started (and written the sign-in as activity) would make the jump its start.
  await expect(page.getByRole('heading', { level: 1, name: 'Přehled' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lending.backoffice.activity'))).not.toBeNull();
  await page.clock.fastForward('29:05');
  const warning = page.getByRole('dialog', { name: 'Blíží se odhlášení' });
  await expect(warning).toBeVisible();
  await expectAccessible(page, OPEN_DIALOG);
  await warning.getByRole('button', { name: 'Zůstat přihlášen' }).click();
  await expect(warning).toBeHidden();

  await page.clock.fastForward('30:05');
  await expect(page).toHaveURL('/admin/login');
  await expect(page.getByRole('status')).toContainText('Po 30 minutách nečinnosti jsme vás odhlásili.');
});
