import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { checkAnswersAgainstContracts, takeContractProblems } from '@lending/api-client/contract-check';

// Every answer the client receives in a test is parsed with its contract (ADR 0029): a fixture
// or a screen that drifted from packages/contracts fails the test that used it.
checkAnswersAgainstContracts();

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  const problems = takeContractProblems();
  if (problems.length) throw new Error(`Answers that break their contracts:\n${problems.join('\n')}`);
});
