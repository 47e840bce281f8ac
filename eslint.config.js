import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import featureBoundaries from './tools/eslint/feature-boundaries.js';

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
    ignores: ['**/router.ts', '**/*-router.ts'],
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
    files: ['**/*.mjs', 'prisma/**', 'apps/api/src/cli.ts', 'apps/api/src/server.ts'],
    rules: { 'no-console': 'off' },
  },
);
