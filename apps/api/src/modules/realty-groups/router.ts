import {
  pageOf,
  pageQuery,
  realtyEstimation,
  realtyEstimationPatchRequest,
  realtyEstimationRequest,
  realtyGroup,
  realtyGroupEvaluation,
  realtyGroupListQuery,
  realtyGroupPatchRequest,
  realtyGroupRequest,
  topRealtyGroupListQuery,
  topRealtyGroupRequest,
} from '@lending/contracts';
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
import { updateEstimation } from './update-estimation.ts';
import { updateRealtyGroup } from './update-realty-group.ts';

const tags = ['deals'];
const topTags = ['realties'];
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

  // The same groups at the top level (backoffice.md "Realties"): each route calls the use case
  // the deal's path calls, without the deal (the group names it).
  defineRoute({
    method: 'get',
    path: '/api/v1/realty-group/',
    access: access.staff('staff.read'),
    summary: "Every deal's realty groups, paged (search: the group's name, the deal's number, a realty's address, LV or territory)",
    tags: topTags,
    query: topRealtyGroupListQuery,
    responses: { 200: { description: 'Page of realty groups', schema: pageOf(realtyGroup) }, ...badInput },
    handler: ({ deps, actor, query }) => listRealtyGroups(deps, actor, { page: query.page, page_size: query.page_size, search: query.search, dealId: query.deal }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/realty-group/',
    access: access.staff('deals.originate'),
    summary: "Create a realty group of the deal deal_id (realties of the deal's collateral)",
    tags: topTags,
    body: topRealtyGroupRequest,
    responses: { 201: { description: 'The realty group', schema: realtyGroup }, ...badInput, ...notFound },
    handler: async ({ deps, actor, body: { deal_id, ...group } }) => new Reply(201, await createRealtyGroup(deps, actor, { dealId: deal_id, group })),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/realty-group/:id/',
    access: access.staff('staff.read'),
    summary: 'A realty group with its realties, latest estimation and LTV',
    tags: topTags,
    responses: { 200: { description: 'The realty group', schema: realtyGroup }, ...notFound },
    handler: ({ deps, actor, params }) => getRealtyGroup(deps, actor, { id: params.id }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/realty-group/:id/',
    access: access.staff('deals.originate'),
    summary: 'Replace a realty group (its deal stays; realties: the whole set; fields left out are cleared)',
    tags: topTags,
    body: realtyGroupRequest,
    responses: { 200: { description: 'The realty group', schema: realtyGroup }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, body }) => updateRealtyGroup(deps, actor, { id: params.id, partial: false, changes: body }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/realty-group/:id/',
    access: access.staff('deals.originate'),
    summary: 'Change fields of a realty group (realties, when sent: the new set)',
    tags: topTags,
    body: realtyGroupPatchRequest,
    responses: { 200: { description: 'The realty group', schema: realtyGroup }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, body }) => updateRealtyGroup(deps, actor, { id: params.id, partial: true, changes: body }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/realty-group/:realtyGroupId/estimations/',
    access: access.staff('staff.read'),
    summary: 'Estimations of the group, newest first, paged (the history of its value)',
    tags: topTags,
    query: pageQuery,
    responses: { 200: { description: 'Page of estimations', schema: pageOf(realtyEstimation) }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, query }) => listEstimations(deps, actor, { ...query, groupId: params.realtyGroupId }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/realty-group/:realtyGroupId/estimations/',
    access: access.staff('deals.originate'),
    summary: "Add an estimation of the group's value (value, date, estimator)",
    tags: topTags,
    body: realtyEstimationRequest,
    responses: { 201: { description: 'The estimation', schema: realtyEstimation }, ...badInput, ...notFound },
    handler: async ({ deps, actor, params, body }) => new Reply(201, await createEstimation(deps, actor, { groupId: params.realtyGroupId, estimation: body })),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/realty-group/:realtyGroupId/estimations/:id/',
    access: access.staff('deals.originate'),
    summary: 'Correct an estimation (estimator and note left out are cleared); evaluations keep the value they read',
    tags: topTags,
    body: realtyEstimationRequest,
    responses: { 200: { description: 'The estimation', schema: realtyEstimation }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, body }) => updateEstimation(deps, actor, { groupId: params.realtyGroupId, id: params.id, partial: false, changes: body }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/realty-group/:realtyGroupId/estimations/:id/',
    access: access.staff('deals.originate'),
    summary: 'Change fields of an estimation',
    tags: topTags,
    body: realtyEstimationPatchRequest,
    responses: { 200: { description: 'The estimation', schema: realtyEstimation }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, body }) => updateEstimation(deps, actor, { groupId: params.realtyGroupId, id: params.id, partial: true, changes: body }),
  }),
];
