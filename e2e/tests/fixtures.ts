import { test as base, expect } from '@playwright/test';
import { contractProblems, matchEndpoint } from '@lending/contracts/endpoints';

/**
 * Playwright's `test` with one addition (ADR 0029): every successful answer of the API that a
 * page receives is parsed with its contract (packages/contracts/src/endpoints.ts), so an API
 * answering what its contract does not say fails the test that saw it, as the apps' unit tests
 * fail for their fixtures. Specs import `test` and `expect` from here.
 */
export const test = base.extend<{ contractCheck: void }>({
  contractCheck: [
    async ({ page }, use) => {
      const problems: string[] = [];
      const reading: Promise<void>[] = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (!url.pathname.startsWith('/api/v1/') || response.status() < 200 || response.status() >= 300) return;
        const endpoint = matchEndpoint(response.request().method(), url.pathname);
        if (!endpoint?.spec.response) return;
        reading.push(
          response.json().then(
            (body: unknown) => {
              const found = contractProblems(endpoint.key, body);
              if (found) problems.push(`${endpoint.key} (${url.pathname}${url.search}):\n  ${found.join('\n  ')}`);
            },
            // The page went on before the body was read (a navigation): nothing to check.
            () => undefined,
          ),
        );
      });
      await use();
      await Promise.all(reading);
      expect(problems, 'API answers that break their contracts').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
