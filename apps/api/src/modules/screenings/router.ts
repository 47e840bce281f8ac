import { detailResponse, fieldErrorsResponse, pageOf, runScreeningRequest, screeningDetail, screeningListItem, screeningListQuery, z, zobiAnswer } from '@lending/contracts';
import { sendFile } from '../../http/file-response.ts';
import { access, defineRoute, Reply, type RouteDef } from '../../http/routes.ts';
import { getScreening } from './get-screening.ts';
import { getScreeningReport } from './get-screening-report.ts';
import { getZobi } from './get-zobi.ts';
import { listScreenings } from './list-screenings.ts';
import { runScreening } from './run-screening.ts';

const tags = ['persons', 'screenings'];
const notFound = { 404: { description: 'Osoba nebo prověrka nenalezena', schema: detailResponse } };

export const screeningRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/persons/:personId/screenings/',
    access: access.staff('staff.read'),
    summary: 'Screenings of a person (date_from/date_to on created_at, inclusive; only_latest: the newest of each type; search over type and result)',
    tags,
    query: screeningListQuery,
    responses: { 200: { description: 'Page of screenings', schema: pageOf(screeningListItem) }, 400: { description: 'Neplatný filtr', schema: fieldErrorsResponse }, ...notFound },
    handler: ({ deps, actor, params, query }) => listScreenings(deps, actor, { ...query, personId: params.personId }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/persons/:personId/screenings/',
    access: access.staff('leads.write'),
    summary: 'Run a screening: queues it (PENDING) for the background worker and answers 202; poll its detail for the state',
    tags,
    body: runScreeningRequest,
    responses: {
      202: { description: 'Queued', schema: screeningDetail },
      400: { description: 'Chybí nebo je neplatný druh prověrky', schema: fieldErrorsResponse },
      ...notFound,
      409: { description: 'Prověrka stejného druhu u osoby už čeká nebo probíhá (screening_id)', schema: detailResponse.extend({ screening_id: z.number().int() }) },
    },
    handler: async ({ deps, actor, params, body }) => new Reply(202, await runScreening(deps, actor, { personId: params.personId, screening: body })),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/persons/:personId/screenings/:id/',
    access: access.staff('staff.read'),
    summary: 'A screening: its state and, once FINISHED, its result',
    tags,
    responses: { 200: { description: 'Screening', schema: screeningDetail }, ...notFound },
    handler: ({ deps, actor, params }) => getScreening(deps, actor, { personId: params.personId, id: params.id }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/persons/:personId/screenings/:id/download/',
    access: access.staff('staff.read'),
    summary: 'PDF protocol of a finished screening (proverka-<TYPE>-<id>.pdf)',
    tags,
    responses: {
      200: { description: 'The PDF protocol', contentType: 'application/pdf' },
      ...notFound,
      409: { description: 'Prověrka ještě není dokončena, nebo skončila chybou', schema: detailResponse },
    },
    handler: async ({ deps, actor, params, res }) => {
      await sendFile(res, await getScreeningReport(deps, actor, { personId: params.personId, id: params.id }));
      return undefined;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/persons/:personId/screenings/:id/zobi/',
    access: access.staff('staff.read'),
    summary: 'Cadastral persons and realty rights a ZOBI_OSOBACUZK screening found',
    tags,
    responses: {
      200: { description: 'ZOBI answer', schema: zobiAnswer },
      404: { description: 'Osoba nebo prověrka nenalezena, nebo prověrka není typu ZOBI_OSOBACUZK', schema: detailResponse },
      409: { description: 'Prověrka ještě není dokončena, nebo skončila chybou', schema: detailResponse },
    },
    handler: ({ deps, actor, params }) => getZobi(deps, actor, { personId: params.personId, id: params.id }),
  }),
];
