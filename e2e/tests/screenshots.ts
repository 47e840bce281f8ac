import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** Saves a full-page screenshot of the current screen to e2e/screenshots/<name>.png. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}
