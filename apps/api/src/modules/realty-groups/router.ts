import { realtyEstimation, realtyEstimationRequest, realtyGroup, realtyGroupEvaluation, realtyGroupListQuery, realtyGroupPatchRequest, realtyGroupRequest, pageOf, pageQuery } from '@lending/contracts';
import { badInput, notFoundDoc, refusedDoc } from '../../http/responses.ts';
import { access, defineRoute, Reply, type RouteDef } from '../../http/routes.ts';
import { createEstimation } from './create-estimation.ts';
import { createRealtyGroup } from './create-realty-group.ts';
import { deleteRealtyGroup } from './delete-realty-group.ts';
import { evaluateNotification } from './evaluate-notification.ts';
import { getRealtyGroup } from './get-realty-group.ts';
import { listEstimations } from './list-estimations.ts';
import { listEvaluations } from './list-evaluations.ts';
import { listRealtyGroups } from './list-realty-groups.ts';
import { updateRealtyGroup } from './update-realty-group.ts';

const tags = ['deals'];
const notFound = notFoundDoc('deal or realty group');

/** A deal's realty groups, their estimations and the loan-to-value evaluation (docs/decisions/0028). */
export const realtyGroupRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/realty-groups/',
    access: access.staff('staff.read'),
    summary: 'Realty groups of the deal with their realties and latest estimation, paged (filter mortgage; ordering id, name, mortgage, created_at)',
    tags,
    query: realtyGroupListQuery,
    responses: { 200: { description: 'Page of realty groups', schema: pageOf(realtyGroup) }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, query }) => listRealtyGroups(deps, actor, { ...query, dealId: params.dealId }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:dealId/realty-groups/',
    access: access.staff('deals.originate'),
    summary: "Create a realty group: name, mortgage flag, realties of the deal's collateral",
    tags,
    body: realtyGroupRequest,
    responses: { 201: { description: 'The realty group', schema: realtyGroup }, ...badInput, ...notFound },
    handler: async ({ deps, actor, params, body }) => new Reply(201, await createRealtyGroup(deps, actor, { dealId: params.dealId, group: body })),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/realty-groups/:id/',
    access: access.staff('staff.read'),
    summary: 'A realty group with its realties and latest estimation',
    tags,
    responses: { 200: { description: 'The realty group', schema: realtyGroup }, ...notFound },
    handler: ({ deps, actor, params }) => getRealtyGroup(deps, actor, { dealId: params.dealId, id: params.id }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/deals/:dealId/realty-groups/:id/',
    access: access.staff('deals.originate'),
    summary: 'Replace a realty group (realties: the whole set; fields left out are cleared)',
    tags,
    body: realtyGroupRequest,
    responses: { 200: { description: 'The realty group', schema: realtyGroup }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, body }) => updateRealtyGroup(deps, actor, { dealId: params.dealId, id: params.id, partial: false, changes: body }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/deals/:dealId/realty-groups/:id/',
    access: access.staff('deals.originate'),
    summary: 'Change fields of a realty group (realties, when sent: the new set)',
    tags,
    body: realtyGroupPatchRequest,
    responses: { 200: { description: 'The realty group', schema: realtyGroup }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, body }) => updateRealtyGroup(deps, actor, { dealId: params.dealId, id: params.id, partial: true, changes: body }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/deals/:dealId/realty-groups/:id/',
    access: access.staff('deals.originate'),
    summary: 'Delete a realty group and its estimations (not once it was evaluated)',
    tags,
    responses: { 204: { description: 'Deleted' }, ...notFound, ...refusedDoc() },
    handler: async ({ deps, actor, params }) => {
      await deleteRealtyGroup(deps, actor, { dealId: params.dealId, id: params.id });
      return new Reply(204);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/realty-groups/:id/estimations/',
    access: access.staff('staff.read'),
    summary: 'Estimations of the group, newest first, paged',
    tags,
    query: pageQuery,
    responses: { 200: { description: 'Page of estimations', schema: pageOf(realtyEstimation) }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, query }) => listEstimations(deps, actor, { ...query, dealId: params.dealId, groupId: params.id }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:dealId/realty-groups/:id/estimations/',
    access: access.staff('deals.originate'),
    summary: "Add an estimation of the group's value (value, date, estimator)",
    tags,
    body: realtyEstimationRequest,
    responses: { 201: { description: 'The estimation', schema: realtyEstimation }, ...badInput, ...notFound },
    handler: async ({ deps, actor, params, body }) => new Reply(201, await createEstimation(deps, actor, { dealId: params.dealId, groupId: params.id, estimation: body })),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:dealId/realty-groups/:id/evaluate_notification/',
    access: access.staff('deals.originate'),
    summary:
      "Loan-to-value of the group (latest estimation against the deal's outstanding principal) and whether the debtor must be notified (LTV above 80 % or the estimate down more than 20 %); recorded (ADR 0028)",
    tags,
    responses: { 201: { description: 'The recorded evaluation', schema: realtyGroupEvaluation }, ...notFound, ...refusedDoc() },
    handler: async ({ deps, actor, params }) => new Reply(201, await evaluateNotification(deps, actor, { dealId: params.dealId, groupId: params.id })),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/realty-groups/:id/evaluations/',
    access: access.staff('staff.read'),
    summary: 'Recorded loan-to-value evaluations of the group, newest first, paged. Our addition (ADR 0028)',
    tags,
    query: pageQuery,
    responses: { 200: { description: 'Page of evaluations', schema: pageOf(realtyGroupEvaluation) }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, query }) => listEvaluations(deps, actor, { ...query, dealId: params.dealId, groupId: params.id }),
  }),
];
