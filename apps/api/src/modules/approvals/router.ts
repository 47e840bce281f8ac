import { ApprovalAction, approvalListQuery, approvalRejectRequest, approvalRequestView, fourEyesSetting, fourEyesSettingRequest, pageOf } from '@lending/contracts';
import { z } from 'zod';
import { badInput, notFoundDoc, refusedDoc } from '../../http/responses.ts';
import { access, defineRoute, type RouteDef } from '../../http/routes.ts';
import type { ApprovalActions } from './approval-records.ts';
import { approveRequest } from './approve-request.ts';
import { getApproval } from './get-approval.ts';
import { listApprovals } from './list-approvals.ts';
import { listFourEyesSettings } from './list-four-eyes-settings.ts';
import { rejectRequest } from './reject-request.ts';
import { updateFourEyesSetting } from './update-four-eyes-setting.ts';
import { withdrawRequest } from './withdraw-request.ts';

const tags = ['approvals'];
const notFound = notFoundDoc('approval request');
const view = { description: 'The approval request', schema: approvalRequestView };
const forbiddenDoc = { 403: { description: 'The maker deciding their own request, or a role without the checker permission (Czech reason)' } };

/** Four-eyes approvals (ROLES.md §2, docs/decisions/0045): ours, not in the spec. `actions` are the registered four-eyes actions. */
export function approvalRoutes(actions: ApprovalActions): RouteDef[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/approvals/',
      access: access.staff('staff.read'),
      summary: 'Approval requests (filters state, action, maker, deal, older_than_days; actionable=true: the pending ones the caller may decide), newest first by default. Our addition (ADR 0045)',
      tags,
      query: approvalListQuery,
      responses: { 200: { description: 'Page of approval requests', schema: pageOf(approvalRequestView) }, ...badInput },
      handler: ({ deps, actor, query }) => listApprovals(deps, actor, query),
    }),
    // settings/ before :id/.
    defineRoute({
      method: 'get',
      path: '/api/v1/approvals/settings/',
      access: access.staff('staff.read'),
      summary: 'Which actions are four-eyes, from what amount (threshold) and how many days a request waits. Our addition (ADR 0045)',
      tags,
      responses: { 200: { description: 'One row per action', schema: z.array(fourEyesSetting) } },
      handler: ({ deps, actor }) => listFourEyesSettings(deps, actor),
    }),
    defineRoute({
      method: 'put',
      path: '/api/v1/approvals/settings/:action/',
      access: access.staff('administration'),
      summary: "Change an action's four-eyes setting (audited); pending requests keep theirs. Our addition (ADR 0045)",
      tags,
      params: z.object({ action: ApprovalAction.schema }),
      body: fourEyesSettingRequest,
      responses: { 200: { description: 'The setting', schema: fourEyesSetting }, ...badInput, ...notFoundDoc('action') },
      handler: ({ deps, actor, params, body }) => updateFourEyesSetting(deps, actor, { action: params.action, setting: body }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/approvals/:id/',
      access: access.staff('staff.read'),
      summary: 'An approval request: action, summary, input, maker, state, decision. Our addition (ADR 0045)',
      tags,
      responses: { 200: view, ...notFound },
      handler: ({ deps, actor, params }) => getApproval(deps, actor, { id: params.id }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/approvals/:id/approve/',
      access: access.staff('staff.read'),
      summary:
        "Approve a pending request and execute its action, validated again, in one transaction. Not the maker's own (403); the action's checker permission required (403); decided, expired or no longer possible (the data changed: the request becomes FAILED with the reason): 409. Our addition (ADR 0045)",
      tags,
      responses: { 200: view, ...notFound, ...forbiddenDoc, ...refusedDoc('Decided already, expired, or the action is no longer possible (Czech reason)') },
      handler: ({ deps, actor, params }) => approveRequest(deps, actor, { id: params.id, actions }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/approvals/:id/reject/',
      access: access.staff('staff.read'),
      summary: 'Reject a pending request with a reason (required); nothing executes. Not the maker; the checker permission required. Our addition (ADR 0045)',
      tags,
      body: approvalRejectRequest,
      responses: { 200: view, ...badInput, ...notFound, ...forbiddenDoc, ...refusedDoc('Decided already or expired') },
      handler: ({ deps, actor, params, body }) => rejectRequest(deps, actor, { id: params.id, ...body }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/approvals/:id/withdraw/',
      access: access.staff('staff.read'),
      summary: 'The maker withdraws their pending request; nothing executes. Our addition (ADR 0045)',
      tags,
      responses: { 200: view, ...notFound, ...forbiddenDoc, ...refusedDoc('Decided already or expired') },
      handler: ({ deps, actor, params }) => withdrawRequest(deps, actor, { id: params.id }),
    }),
  ];
}
