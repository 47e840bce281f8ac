import { closeOfBusinessListQuery, closeOfBusinessRequest, closeOfBusinessResult, closeOfBusinessRun, pageOf } from '@lending/contracts';
import { badInput } from '../../http/responses.ts';
import { access, defineRoute, type RouteDef } from '../../http/routes.ts';
import { listCloseOfBusinessRuns } from './list-close-of-business-runs.ts';
import { runCloseOfBusiness } from './run-close-of-business.ts';

// The close of business (docs/decisions/0026). Every staff role reads the runs; running one
// changes money (penalty interest) for every deal: `close-of-business.run` (ADMIN, ACCOUNTANT).
const tags = ['close-of-business'];

/** The close of business: running it for a business date and reading its runs. */
export const closeOfBusinessRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/close-of-business/',
    access: access.staff('staff.read'),
    summary: 'Business dates closed, newest first, with what each close did (DPD buckets, penalty interest, breaches)',
    tags,
    query: closeOfBusinessListQuery,
    responses: { 200: { description: 'Page of closed business dates', schema: pageOf(closeOfBusinessRun) }, ...badInput },
    handler: ({ deps, actor, query }) => listCloseOfBusinessRuns(deps, actor, query),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/close-of-business/',
    access: access.staff('close-of-business.run'),
    summary:
      'Close a business date (a Europe/Prague day, today or earlier): later than the last closed date, every date up to it is closed in order; ' +
      'the last closed date or earlier, that date is closed again and then the last closed one, so deals stay as of the latest date',
    tags,
    body: closeOfBusinessRequest,
    responses: { 200: { description: 'The dates closed, in order', schema: closeOfBusinessResult }, ...badInput },
    handler: async ({ deps, actor, body }) => ({ runs: await runCloseOfBusiness(deps, actor, { businessDate: body.business_date }) }),
  }),
];
