// @vitest-environment node
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The repository's own ESLint configuration (eslint.config.js at the root, the tool `pnpm lint`
// runs) applied to snippets at paths of both apps: this proves the rule and that both apps are
// under it. It lives in the back-office's suite because the root has no unit-test runner.
const root = decodeURIComponent(new URL('../../../../', import.meta.url).pathname);
const RULE = 'lending/no-cross-feature-imports';
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return result!.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

describe('feature boundaries (ESLint)', () => {
  it.each([
    ['apps/backoffice/src/features/deals/tabs/PaymentsTab.tsx', "import { PaymentTable } from '../../payments/PaymentTable';\nexport { PaymentTable };", 'features/payments'],
    ['apps/backoffice/src/features/deals/DealDetailPage.tsx', "import { useCanWrite } from '../auth';\nexport { useCanWrite };", 'features/auth'],
    ['apps/backoffice/src/features/leads/x.test.tsx', "import '../deals/index';", 'features/deals'],
    ['apps/backoffice/src/features/deals/x.ts', "export { PaymentsPage } from '../payments';", 'features/payments'],
    ['apps/backoffice/src/features/deals/x.ts', "export * from '../payments/api';", 'features/payments'],
    ['apps/backoffice/src/features/deals/x.ts', "export const load = () => import('../payments/PaymentsPage');", 'features/payments'],
    ['apps/backoffice/src/features/deals/x.ts', "export type P = import('../payments/api').ExportFormat;", 'features/payments'],
    ['apps/backoffice/src/features/deals/x.test.ts', "import { vi } from 'vitest';\nvi.mock('../payments/api');", 'features/payments'],
    ['apps/portal/src/features/documents/DocumentsPage.tsx', "import { Stepper } from '../loan-application/Stepper';\nexport { Stepper };", 'features/loan-application'],
    ['apps/portal/src/features/thank-you/ThankYouPage.tsx', "import { paths } from '../application';\nexport { paths };", 'features/application'],
    ['apps/backoffice/src/shared/payments/api.ts', "import { useStatement } from '../../features/payments/api';\nexport { useStatement };", 'features/payments'],
  ])('refuses %s: %s', async (file, code, other) => {
    const found = await problems(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(`of ${other}:`);
    // The message says where shared pieces go, in English.
    expect(found[0]).toContain('packages/ui');
    expect(found[0]).toContain('src/shared/');
  });

  it.each([
    ['apps/backoffice/src/features/deals/tabs/PaymentsTab.tsx', "import { useDeal } from '../api';\nimport { PaymentTable } from '../../../shared/payments/PaymentTable';\nexport { useDeal, PaymentTable };"],
    ['apps/backoffice/src/features/deals/DealDetailPage.tsx', "import { ok } from './tabs/render-tab';\nimport { fixture } from '../../test/deal-fixtures';\nexport { ok, fixture };"],
    ['apps/backoffice/src/features/deals/x.ts', "import { formatCzk } from '@lending/ui';\nexport const load = () => import('./tabs/ClaimsTab');\nexport { formatCzk };"],
    // The app shell composes the features; src/test/ helpers load them.
    ['apps/backoffice/src/app/routes.tsx', "export const deals = () => import('../features/deals');"],
    ['apps/backoffice/src/test/all-features.ts', "import '../features/payments';"],
    ['apps/portal/src/app/pages.ts', "export const page = () => import('../features/documents/DocumentsPage');"],
    ['apps/portal/src/features/documents/DocumentsPage.tsx', "import { Stepper } from '../../shared/ui/Stepper';\nexport { Stepper };"],
  ])('allows %s: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
