import { detailResponse, fieldErrorsResponse, ISIR_ORDERING_FIELDS, isirCaseView, REQUIRED_MESSAGE, z } from '@lending/contracts';
import { orderingQuery, pageQuery, pageSchema, requestUrl } from '../../http/pagination.ts';
import { access, defineRoute } from '../../http/routes.ts';
import { getIsirCase } from './get-isir-case.ts';
import { listIsirCases } from './list-isir-cases.ts';

const tags = ['isir'];

const listQuery = pageQuery.extend({
  // backoffice.md §5: file_mark is required for the ISIR search.
  file_mark: z.string().trim().min(1, REQUIRED_MESSAGE).max(100),
  ordering: orderingQuery(ISIR_ORDERING_FIELDS, '-started_at'),
});

export const isirRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/isir/',
    access: access.staff(),
    summary: 'Insolvency proceedings with a file mark (required; case and spaces do not matter), e.g. file_mark=KSBR 27 INS 1234/2025',
    tags,
    query: listQuery,
    responses: {
      200: { description: 'Page of proceedings', schema: pageSchema(isirCaseView) },
      400: { description: 'Chybí file_mark: {"file_mark": ["Pole je povinné"]}', schema: fieldErrorsResponse },
    },
    handler: ({ deps, query, req }) => listIsirCases(deps, query, requestUrl(req)),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/isir/:id/',
    access: access.staff(),
    summary: 'An insolvency proceeding',
    tags,
    params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
    responses: { 200: { description: 'Proceeding', schema: isirCaseView }, 404: { description: 'Nenalezeno', schema: detailResponse } },
    handler: ({ deps, params }) => getIsirCase(deps, params.id),
  }),
];
