import {
  detailResponse,
  fieldErrorsResponse,
  personMessages,
  runScreeningRequest,
  SCREENING_ORDERING_FIELDS,
  screeningDetail,
  screeningListItem,
  ScreeningType,
  z,
  zobiAnswer,
} from '@lending/contracts';
import { sendFile } from '../../http/file-response.ts';
import { orderingQuery, pageQuery, pageSchema, requestUrl } from '../../http/pagination.ts';
import { dateQuery } from '../../http/query.ts';
import { access, defineRoute, Reply } from '../../http/routes.ts';
import { staffOf } from '../../http/auth.ts';
import { getScreening } from './get-screening.ts';
import { getScreeningReport } from './get-screening-report.ts';
import { getZobi } from './get-zobi.ts';
import { listScreenings } from './list-screenings.ts';
import { runScreening } from './run-screening.ts';

const tags = ['persons', 'screenings'];
const pathId = z.coerce.number().int().positive().max(2_147_483_647);
const personParams = z.object({ personId: pathId });
const screeningParams = z.object({ personId: pathId, id: pathId });
const notFound = { 404: { description: 'Osoba nebo prověrka nenalezena', schema: detailResponse } };

const listQuery = pageQuery
  .extend({
    date_from: dateQuery.optional(),
    date_to: dateQuery.optional(),
    only_latest: z
      .enum(['true', 'false'], { message: personMessages.booleanQuery })
      .default('false')
      .transform((v) => v === 'true'),
    ordering: orderingQuery(SCREENING_ORDERING_FIELDS, '-created_at'),
    search: z.string().max(200).optional(),
    type: ScreeningType.schema.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.date_from && q.date_to && q.date_to < q.date_from) {
      ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'Datum do nesmí být dřívější než datum od.' });
    }
  });

export const screeningRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/persons/:personId/screenings/',
    access: access.staff(),
    summary: 'Screenings of a person (date_from/date_to on created_at, inclusive; only_latest: the newest of each type; search over type and result)',
    tags,
    params: personParams,
    query: listQuery,
    responses: { 200: { description: 'Page of screenings', schema: pageSchema(screeningListItem) }, 400: { description: 'Neplatný filtr', schema: fieldErrorsResponse }, ...notFound },
    handler: ({ deps, params, query, req }) => listScreenings(deps, params.personId, query, requestUrl(req)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/persons/:personId/screenings/',
    access: access.staff(),
    summary: 'Run a screening: queues it (PENDING) for the background worker and answers 202; poll its detail for the state',
    tags,
    params: personParams,
    body: runScreeningRequest,
    responses: {
      202: { description: 'Queued', schema: screeningDetail },
      400: { description: 'Chybí nebo je neplatný druh prověrky', schema: fieldErrorsResponse },
      ...notFound,
      409: { description: 'Prověrka stejného druhu u osoby už čeká nebo probíhá (screening_id)', schema: detailResponse.extend({ screening_id: z.number().int() }) },
    },
    handler: async ({ deps, params, body, principal, meta }) =>
      new Reply(202, await runScreening(deps, { staffId: staffOf(principal).id, meta }, params.personId, body.type)),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/persons/:personId/screenings/:id/',
    access: access.staff(),
    summary: 'A screening: its state and, once FINISHED, its result',
    tags,
    params: screeningParams,
    responses: { 200: { description: 'Screening', schema: screeningDetail }, ...notFound },
    handler: ({ deps, params }) => getScreening(deps, params.personId, params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/persons/:personId/screenings/:id/download/',
    access: access.staff(),
    summary: 'PDF protocol of a finished screening (proverka-<TYPE>-<id>.pdf)',
    tags,
    params: screeningParams,
    responses: {
      200: { description: 'The PDF protocol', contentType: 'application/pdf' },
      ...notFound,
      409: { description: 'Prověrka ještě není dokončena, nebo skončila chybou', schema: detailResponse },
    },
    handler: async ({ deps, params, res }) => {
      await sendFile(res, await getScreeningReport(deps, params.personId, params.id));
      return undefined;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/persons/:personId/screenings/:id/zobi/',
    access: access.staff(),
    summary: 'Cadastral persons and realty rights a ZOBI_OSOBACUZK screening found',
    tags,
    params: screeningParams,
    responses: {
      200: { description: 'ZOBI answer', schema: zobiAnswer },
      404: { description: 'Osoba nebo prověrka nenalezena, nebo prověrka není typu ZOBI_OSOBACUZK', schema: detailResponse },
      409: { description: 'Prověrka ještě není dokončena, nebo skončila chybou', schema: detailResponse },
    },
    handler: ({ deps, params }) => getZobi(deps, params.personId, params.id),
  }),
];
