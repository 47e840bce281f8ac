import { contractProblems, matchEndpoint } from '@lending/contracts/endpoints';
import { inspectAnswers } from './client.ts';

// Test mode (ADR 0029): every answer the client receives is parsed with its contract's schema,
// so a drift between the API, the contracts and what the screens expect fails the unit tests.
// Imported by test setups only: it brings zod and every schema.

let problems: string[] = [];

/** Starts checking answers; problems collect until `takeContractProblems()`. */
export function checkAnswersAgainstContracts(): void {
  inspectAnswers((method, url, body) => {
    const pathname = new URL(url, 'http://localhost').pathname;
    const endpoint = matchEndpoint(method, pathname);
    if (!endpoint) return;
    const found = contractProblems(endpoint.key, body);
    if (found) problems.push(`${endpoint.key} (${url}) answered what its contract does not allow:\n  ${found.join('\n  ')}`);
  });
}

/** The problems since the last call (e.g. after each test), emptied. */
export function takeContractProblems(): string[] {
  const taken = problems;
  problems = [];
  return taken;
}
