import { expect, test } from './fixtures';
import { fillRateLimitBuckets } from './support';

const STEP_FAILED = 'Nedaří se pokračovat ve formuláři. Zkuste to, prosím, znovu.';

test("too many new forms from one network: the portal shows the server's message with the wait, and keeps it up", async ({ page, request }) => {
  // Buckets are 10-minute windows: not across a window's end, or the filled bucket is gone. Up
  // to 31 s of waiting for the next window come on top of the test's own time.
  test.setTimeout(75_000);
  const intoWindow = Date.now() % 600_000;
  if (intoWindow > 570_000) await page.waitForTimeout(600_000 - intoWindow + 1_000);
  // One form from this address makes the server's bucket of new forms; then it is full.
  expect((await request.post('/api/v1/forms/', { data: { type: 'CONSUMER_LOAN', value: 100_000, installment_value: 2_000 } })).status()).toBe(201);
  const clear = await fillRateLimitBuckets('forms-new');
  try {
    await page.goto('/vyse-pujcky?type=CONSUMER_LOAN');
    await page.getByRole('button', { name: 'Pokračovat' }).click();
    const message = page.getByRole('status').filter({ hasText: 'Příliš mnoho požadavků z Vaší sítě.' });
    await expect(message).toHaveText(/^Příliš mnoho požadavků z Vaší sítě\. Zkuste to prosím znovu za \d+ (minutu|minuty|minut|sekund|sekundy)\.$/);
    await expect(page.getByText(STEP_FAILED)).toHaveCount(0);
    // Not the 2-second toast: still there to be read.
    await page.waitForTimeout(3_000);
    await expect(message).toBeVisible();
    await expect(page).toHaveURL(/\/vyse-pujcky\?type=CONSUMER_LOAN$/);

    // Other rules keep their own buckets: the address whisperer still answers this network.
    const suggest = await request.post('/api/v1/address/suggest', { data: { fieldType: 'CITY', values: { CITY: 'Brn' } } });
    expect(suggest.status()).toBe(200);
  } finally {
    await clear();
  }
});
