import type { GeneratedDeals } from './generate-deals.ts';

/**
 * A list call bench:deals times: `path` (with its query) is called one request after another by
 * an ADMIN, after warm-up, and its p50/p95 are printed against the 50 ms p95 target. A function
 * gets the generated data (sample contract numbers, variable symbols) and a seeded random.
 */
export interface ListScenario {
  name: string;
  path: string | ((data: GeneratedDeals, random: () => number) => string);
}

// The deals list (GET /api/v1/deals/ with each filter of backoffice.md §3) belongs here too, one
// entry per filter and the default page, e.g.
//   { name: 'deals: default page', path: '/api/v1/deals/' },
//   { name: 'deals: days_past_due', path: '/api/v1/deals/?days_past_due=31' },
//   { name: 'deals: search by contract number', path: (data, random) => `/api/v1/deals/?search=${data.contractNumbers[Math.floor(random() * data.contractNumbers.length)]}` },
export const listScenarios: ListScenario[] = [
  { name: 'close-of-business runs: default page', path: '/api/v1/close-of-business/' },
];
