import {
  CLOSE_OF_BUSINESS_ORDERING_FIELDS,
  closeOfBusinessRequest,
  closeOfBusinessResult,
  closeOfBusinessRun,
  fieldErrorsResponse,
} from '@lending/contracts';
import { staffOf } from '../../http/auth.ts';
import { orderingQuery, pageQuery, pageSchema, requestUrl } from '../../http/pagination.ts';
import { dateQuery } from '../../http/query.ts';
import { access, defineRoute, type RouteDef } from '../../http/routes.ts';
import { listCloseOfBusinessRuns } from './list-close-of-business-runs.ts';
import { runCloseOfBusiness } from './run-close-of-business.ts';

// The close of business (docs/decisions/0026). Every staff role reads the runs; running one
// changes money (penalty interest) for every deal, so only ADMIN and ACCOUNTANT may.
const tags = ['close-of-business'];

const listQuery = pageQuery.extend({
  date_from: dateQuery.optional(),
  date_to: dateQuery.optional(),
  ordering: orderingQuery(CLOSE_OF_BUSINESS_ORDERING_FIELDS, '-business_date'),
});

/** The close of business: running it for a business date and reading its runs. */
export const closeOfBusinessRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/close-of-business/',
    access: access.staff(),
    summary: 'Business dates closed, newest first, with what each close did (DPD buckets, penalty interest, breaches)',
    tags,
    query: listQuery,
    responses: { 200: { description: 'Page of closed business dates', schema: pageSchema(closeOfBusinessRun) }, 400: { description: 'Neplatný filtr', schema: fieldErrorsResponse } },
    handler: ({ deps, query, req }) => listCloseOfBusinessRuns(deps, query, requestUrl(req)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/close-of-business/',
    access: access.staff(['ADMIN', 'ACCOUNTANT']),
    summary:
      'Close a business date (a Europe/Prague day, today or earlier): later than the last closed date, every date up to it is closed in order; ' +
      'the last closed date or earlier, that date is closed again and then the last closed one, so deals stay as of the latest date',
    tags,
    body: closeOfBusinessRequest,
    responses: {
      200: { description: 'The dates closed, in order', schema: closeOfBusinessResult },
      400: { description: 'Neplatné datum: české zprávy podle polí', schema: fieldErrorsResponse },
    },
    handler: async ({ deps, body, principal, meta }) => ({
      runs: await runCloseOfBusiness(deps, { businessDate: body.business_date, trigger: 'STAFF', actor: { staffId: staffOf(principal).id, meta } }),
    }),
  }),
];
