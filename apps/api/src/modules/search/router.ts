import { searchQuery, searchResponse } from '@lending/contracts';
import { badInput } from '../../http/responses.ts';
import { access, defineRoute, type RouteDef } from '../../http/routes.ts';
import { searchEverything } from './search-everything.ts';

/** The back-office header's search (issue 22 §3): our addition. */
export const searchRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/search/',
    access: access.staff('staff.read'),
    summary:
      'Search deals and persons at once (q: deal number, contract number, variable symbol, name, birth number, IČO, e-mail, phone): up to 5 of each, and `only` when exactly one thing matched. Our addition',
    tags: ['search'],
    query: searchQuery,
    responses: { 200: { description: 'Deals and persons found', schema: searchResponse }, ...badInput },
    handler: ({ deps, actor, query }) => searchEverything(deps, actor, query),
  }),
];
