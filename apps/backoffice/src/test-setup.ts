import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { checkAnswersAgainstContracts, takeContractProblems } from '@lending/api-client/contract-check';
import { resetSessionForTests } from './shared/session';

// Every answer the client receives in a test is parsed with its contract (ADR 0029): a fixture
// or a screen that drifted from packages/contracts fails the test that used it.
checkAnswersAgainstContracts();

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // The access token lives in memory (ROLES.md §3): each test starts signed out.
  resetSessionForTests();
  if (typeof localStorage !== 'undefined') localStorage.clear();
  const problems = takeContractProblems();
  if (problems.length) throw new Error(`Answers that break their contracts:\n${problems.join('\n')}`);
});
