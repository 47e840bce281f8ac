import {
  detailResponse,
  fieldErrorsResponse,
  realtyEstimation,
  realtyEstimationRequest,
  realtyGroup,
  realtyGroupEvaluation,
  realtyGroupMessages,
  REALTY_GROUP_ORDERING_FIELDS,
  realtyGroupPatchRequest,
  realtyGroupRequest,
  z,
} from '@lending/contracts';
import { staffOf, type Principal } from '../../http/auth.ts';
import { orderingQuery, pageQuery, pageSchema, requestUrl } from '../../http/pagination.ts';
import { access, defineRoute, Reply, type RequestMeta, type RouteDef } from '../../http/routes.ts';
import { createEstimation } from './create-estimation.ts';
import { createRealtyGroup } from './create-realty-group.ts';
import { deleteRealtyGroup } from './delete-realty-group.ts';
import { evaluateNotification } from './evaluate-notification.ts';
import { getRealtyGroup } from './get-realty-group.ts';
import { listEstimations } from './list-estimations.ts';
import { listEvaluations } from './list-evaluations.ts';
import { listRealtyGroups } from './list-realty-groups.ts';
import type { Actor } from './realty-group-view.ts';
import { updateRealtyGroup } from './update-realty-group.ts';

const tags = ['deals'];
const BASE = '/api/v1/deals/:dealId/realty-groups';

// Path ids: a positive 32-bit integer, anything else answers 404.
const pathId = z.coerce.number().int().positive().max(2_147_483_647);
const dealParams = z.object({ dealId: pathId });
const itemParams = z.object({ dealId: pathId, id: pathId });

const boolQuery = z.enum(['true', 'false', '1', '0'], realtyGroupMessages.booleanQuery).transform((v) => v === 'true' || v === '1');
const listQuery = pageQuery.extend({
  mortgage: boolQuery.optional(),
  ordering: orderingQuery(REALTY_GROUP_ORDERING_FIELDS, 'id'),
});

const badInput = { 400: { description: 'Invalid input: Czech messages by field', schema: fieldErrorsResponse } };
const notFound = { 404: { description: 'No such deal or realty group', schema: detailResponse } };
const refused = { 409: { description: 'Refused by a business rule (Czech reason)', schema: detailResponse } };

const actorOf = (principal: Principal, meta: RequestMeta): Actor => ({ staffId: staffOf(principal).id, meta });

/** A deal's realty groups, their estimations and the loan-to-value evaluation (docs/decisions/0028). */
export const realtyGroupRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: `${BASE}/`,
    access: access.staff(),
    summary: 'Realty groups of the deal with their realties and latest estimation, paged (filter mortgage; ordering id, name, mortgage, created_at)',
    tags,
    params: dealParams,
    query: listQuery,
    responses: { 200: { description: 'Page of realty groups', schema: pageSchema(realtyGroup) }, ...badInput, ...notFound },
    handler: ({ deps, params, query, req }) => listRealtyGroups(deps, params.dealId, query, requestUrl(req)),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/`,
    access: access.staff(),
    summary: "Create a realty group: name, mortgage flag, realties of the deal's collateral",
    tags,
    params: dealParams,
    body: realtyGroupRequest,
    responses: { 201: { description: 'The realty group', schema: realtyGroup }, ...badInput, ...notFound },
    handler: async ({ deps, params, body, principal, meta }) => new Reply(201, await createRealtyGroup(deps, actorOf(principal, meta), params.dealId, body)),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:id/`,
    access: access.staff(),
    summary: 'A realty group with its realties and latest estimation',
    tags,
    params: itemParams,
    responses: { 200: { description: 'The realty group', schema: realtyGroup }, ...notFound },
    handler: ({ deps, params }) => getRealtyGroup(deps, params.dealId, params.id),
  }),
  defineRoute({
    method: 'put',
    path: `${BASE}/:id/`,
    access: access.staff(),
    summary: 'Replace a realty group (realties: the whole set; fields left out are cleared)',
    tags,
    params: itemParams,
    body: realtyGroupRequest,
    responses: { 200: { description: 'The realty group', schema: realtyGroup }, ...badInput, ...notFound },
    handler: ({ deps, params, body, principal, meta }) => updateRealtyGroup(deps, actorOf(principal, meta), params.dealId, params.id, body, { partial: false }),
  }),
  defineRoute({
    method: 'patch',
    path: `${BASE}/:id/`,
    access: access.staff(),
    summary: 'Change fields of a realty group (realties, when sent: the new set)',
    tags,
    params: itemParams,
    body: realtyGroupPatchRequest,
    responses: { 200: { description: 'The realty group', schema: realtyGroup }, ...badInput, ...notFound },
    handler: ({ deps, params, body, principal, meta }) => updateRealtyGroup(deps, actorOf(principal, meta), params.dealId, params.id, body, { partial: true }),
  }),
  defineRoute({
    method: 'delete',
    path: `${BASE}/:id/`,
    access: access.staff(),
    summary: 'Delete a realty group and its estimations (not once it was evaluated)',
    tags,
    params: itemParams,
    responses: { 204: { description: 'Deleted' }, ...notFound, ...refused },
    handler: async ({ deps, params, principal, meta }) => {
      await deleteRealtyGroup(deps, actorOf(principal, meta), params.dealId, params.id);
      return new Reply(204);
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:id/estimations/`,
    access: access.staff(),
    summary: 'Estimations of the group, newest first, paged',
    tags,
    params: itemParams,
    query: pageQuery,
    responses: { 200: { description: 'Page of estimations', schema: pageSchema(realtyEstimation) }, ...badInput, ...notFound },
    handler: ({ deps, params, query, req }) => listEstimations(deps, params.dealId, params.id, query, requestUrl(req)),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/:id/estimations/`,
    access: access.staff(),
    summary: "Add an estimation of the group's value (value, date, estimator)",
    tags,
    params: itemParams,
    body: realtyEstimationRequest,
    responses: { 201: { description: 'The estimation', schema: realtyEstimation }, ...badInput, ...notFound },
    handler: async ({ deps, params, body, principal, meta }) => new Reply(201, await createEstimation(deps, actorOf(principal, meta), params.dealId, params.id, body)),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/:id/evaluate_notification/`,
    access: access.staff(),
    summary:
      "Loan-to-value of the group (latest estimation against the deal's outstanding principal) and whether the debtor must be notified (LTV above 80 % or the estimate down more than 20 %); recorded (ADR 0028)",
    tags,
    params: itemParams,
    responses: { 201: { description: 'The recorded evaluation', schema: realtyGroupEvaluation }, ...notFound, ...refused },
    handler: async ({ deps, params, principal, meta }) => new Reply(201, await evaluateNotification(deps, actorOf(principal, meta), params.dealId, params.id)),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:id/evaluations/`,
    access: access.staff(),
    summary: 'Recorded loan-to-value evaluations of the group, newest first, paged. Our addition (ADR 0028)',
    tags,
    params: itemParams,
    query: pageQuery,
    responses: { 200: { description: 'Page of evaluations', schema: pageSchema(realtyGroupEvaluation) }, ...badInput, ...notFound },
    handler: ({ deps, params, query, req }) => listEvaluations(deps, params.dealId, params.id, query, requestUrl(req)),
  }),
];
