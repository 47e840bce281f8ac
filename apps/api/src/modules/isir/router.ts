import { fieldErrorsResponse, isirCaseView, isirListQuery, pageOf } from '@lending/contracts';
import { notFoundDoc } from '../../http/responses.ts';
import { access, defineRoute, type RouteDef } from '../../http/routes.ts';
import { getIsirCase } from './get-isir-case.ts';
import { listIsirCases } from './list-isir-cases.ts';

const tags = ['isir'];

export const isirRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/isir/',
    access: access.staff('staff.read'),
    summary: 'Insolvency proceedings with a file mark (required; case and spaces do not matter), e.g. file_mark=KSBR 27 INS 1234/2025',
    tags,
    query: isirListQuery,
    responses: {
      200: { description: 'Page of proceedings', schema: pageOf(isirCaseView) },
      400: { description: 'Chybí file_mark: {"file_mark": ["Pole je povinné"]}', schema: fieldErrorsResponse },
    },
    handler: ({ deps, actor, query }) => listIsirCases(deps, actor, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/isir/:id/',
    access: access.staff('staff.read'),
    summary: 'An insolvency proceeding',
    tags,
    responses: { 200: { description: 'Proceeding', schema: isirCaseView }, ...notFoundDoc('insolvency proceeding') },
    handler: ({ deps, actor, params }) => getIsirCase(deps, actor, { id: params.id }),
  }),
];
