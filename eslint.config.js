import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import featureBoundaries from './tools/eslint/feature-boundaries.js';

const HTTP_TRANSITION = [
  'apps/api/src/modules/audit/record-staff-audit.ts',
  'apps/api/src/modules/bank-connection/start-bank-connection.ts',
  'apps/api/src/modules/close-of-business/close-of-business-api.test.ts',
  'apps/api/src/modules/close-of-business/list-close-of-business-runs.ts',
  'apps/api/src/modules/close-of-business/run-close-of-business.ts',
  'apps/api/src/modules/documents/delete-document.ts',
  'apps/api/src/modules/documents/form-documents.ts',
  'apps/api/src/modules/documents/read-document-file.ts',
  'apps/api/src/modules/documents/upload-document.ts',
  'apps/api/src/modules/documents/validate-bank-statements.ts',
  'apps/api/src/modules/forms/answer-question.ts',
  'apps/api/src/modules/forms/apply-offer.ts',
  'apps/api/src/modules/forms/create-debtor.ts',
  'apps/api/src/modules/forms/form-token.ts',
  'apps/api/src/modules/forms/lock-form.ts',
  'apps/api/src/modules/forms/submit-form.ts',
  'apps/api/src/modules/forms/verify-company-id.ts',
  'apps/api/src/modules/leads/call-data/call-data-record.ts',
  'apps/api/src/modules/leads/call-data/delete-call-data.ts',
  'apps/api/src/modules/leads/call-data/list-call-data.ts',
  'apps/api/src/modules/leads/call-data/update-call-data.ts',
  'apps/api/src/modules/leads/close-lead.ts',
  'apps/api/src/modules/leads/debts/debt-record.ts',
  'apps/api/src/modules/leads/debts/delete-debt.ts',
  'apps/api/src/modules/leads/debts/list-debts.ts',
  'apps/api/src/modules/leads/debts/update-debt.ts',
  'apps/api/src/modules/leads/export-leads.ts',
  'apps/api/src/modules/leads/find-lead.ts',
  'apps/api/src/modules/leads/get-idm-check-result.ts',
  'apps/api/src/modules/leads/get-lead-application-form.ts',
  'apps/api/src/modules/leads/get-lead-document-file.ts',
  'apps/api/src/modules/leads/incomes-expenses/delete-income-expense.ts',
  'apps/api/src/modules/leads/incomes-expenses/income-expense-record.ts',
  'apps/api/src/modules/leads/incomes-expenses/list-incomes-expenses.ts',
  'apps/api/src/modules/leads/incomes-expenses/update-income-expense.ts',
  'apps/api/src/modules/leads/issue-offer.ts',
  'apps/api/src/modules/leads/list-idm-evaluations.ts',
  'apps/api/src/modules/leads/list-leads.ts',
  'apps/api/src/modules/leads/resend-application-form.ts',
  'apps/api/src/modules/leads/run-idm-evaluation.ts',
  'apps/api/src/modules/payments/download-deal-payments.ts',
  'apps/api/src/modules/payments/export-payments.ts',
  'apps/api/src/modules/payments/list-payments.ts',
  'apps/api/src/modules/payments/payment-exports.test.ts',
  'apps/api/src/modules/payments/payment-view.ts',
  'apps/api/src/modules/payments/report-allocations.ts',
  'apps/api/src/modules/payments/statements/import-statement.ts',
  'apps/api/src/modules/payments/update-payment.ts',
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/generated/**', '.data*/**', 'e2e/screenshots/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/portal/**/*.{ts,tsx}', 'apps/backoffice/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}', 'packages/api-client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // A front-end feature imports only its own files; what two features use lives in src/shared/
    // (or packages/ui when both apps use it). docs/decisions/0040 §5, tools/eslint/feature-boundaries.js.
    files: ['apps/backoffice/src/**/*.{ts,tsx}', 'apps/portal/src/**/*.{ts,tsx}'],
    plugins: { lending: featureBoundaries },
    rules: { 'lending/no-cross-feature-imports': 'error' },
  },
  {
    // Routers only wire paths, auth and validation; use cases never see req/res, never throw an
    // HTTP status and never import http/ (DESIGN.md §1, docs/decisions/0040).
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/router.ts', '**/*-router.ts', ...HTTP_TRANSITION],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'express', message: 'Use cases do not depend on Express; wire HTTP in router.ts.' }],
          patterns: [{ group: ['**/http/*'], message: 'Only routers import http/: use cases throw domain errors (src/domain/errors.ts) and take an actor (src/domain/actor.ts).' }],
        },
      ],
    },
  },
  {
    // Files still being moved to domain errors (issue 21); this list only shrinks.
    files: HTTP_TRANSITION,
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'express', message: 'Use cases do not depend on Express; wire HTTP in router.ts.' }] }],
    },
  },
  {
    files: ['**/*.mjs', 'prisma/**', 'apps/api/src/cli.ts', 'apps/api/src/server.ts'],
    rules: { 'no-console': 'off' },
  },
);
