import { collectionStep, noticeGroup, noticeGroupListQuery, noticeGroupUpdateRequest, noticePreview, pageOf, sendNoticesRequest } from '@lending/contracts';
import { z } from 'zod';
import { sendFile } from '../../http/file-response.ts';
import { badInput, fourEyesDoc, fourEyesReply, notFoundDoc, refusedDoc } from '../../http/responses.ts';
import { access, defineRoute, type RouteDef } from '../../http/routes.ts';
import { requestOrExecute } from '../approvals/four-eyes.ts';
import { noticeAcceleration } from './four-eyes-actions.ts';
import { getNoticePdf } from './get-notice-pdf.ts';
import { listCollectionSteps } from './list-collection-steps.ts';
import { listNoticeGroups } from './list-notice-groups.ts';
import { previewNotice } from './preview-notice.ts';
import { updateNoticeGroup } from './update-notice-group.ts';

const tags = ['notices'];
const one = { description: 'The notice group with its notices', schema: noticeGroup };
const refused = refusedDoc("Refused by the group's state (Czech reason)");

/** Notice groups of a deal, notices and the ladder (SERVICING.md §6, docs/decisions/0048). */
export const noticeRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/notice-groups/',
    access: access.staff('staff.read'),
    summary: "The deal's notice groups (ladder steps queued by the close of business, one per round and step) with their notices; ordering id, date, state, created_at (default newest first)",
    tags,
    query: noticeGroupListQuery,
    responses: { 200: { description: 'Page of notice groups', schema: pageOf(noticeGroup) }, ...badInput, ...notFoundDoc('deal') },
    handler: ({ deps, actor, params, query }) => listNoticeGroups(deps, actor, { ...query, dealId: params.dealId }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/deals/:dealId/notice-groups/:id/',
    access: access.staff('collections.write'),
    summary: "Edit a PREPARED group (date, channels, addressees, note; its notices are made again) or cancel it (state CANCELLED with cancel_reason)",
    tags,
    body: noticeGroupUpdateRequest,
    responses: { 200: one, ...badInput, ...notFoundDoc('deal or group'), ...refused },
    handler: ({ deps, actor, params, body }) => updateNoticeGroup(deps, actor, { dealId: params.dealId, id: params.id, changes: body }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:dealId/notice-groups/:id/send_notices/',
    access: access.staff('collections.write'),
    summary: 'Send the group\'s prepared notices now (body {} for all, or {"notices": [ids]}): content frozen, PDF stored, messages to the outbox. An acceleration group is four-eyes (202)',
    tags,
    body: sendNoticesRequest,
    responses: { 200: one, ...fourEyesDoc, ...badInput, ...notFoundDoc('deal or group'), ...refused },
    handler: async ({ deps, actor, params, body }) => fourEyesReply(await requestOrExecute(deps, actor, noticeAcceleration, { ...body, dealId: params.dealId, id: params.id })),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/notices/:id/pdf/',
    access: access.staff('staff.read'),
    summary: 'The notice as sent: its stored PDF (409 while it is still prepared; use the preview)',
    tags,
    responses: { 200: { description: 'application/pdf, as an attachment', contentType: 'application/pdf' }, ...notFoundDoc('notice'), ...refusedDoc('Not sent yet (Czech reason)') },
    handler: async ({ deps, actor, params, res }) => {
      const file = await getNoticePdf(deps, actor, { id: params.id });
      await sendFile(res, { stream: file.stream, size: file.size, mimeType: 'application/pdf', fileName: file.fileName });
      return undefined;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/notices/:id/preview/',
    access: access.staff('staff.read'),
    summary: 'The notice as text: as sent (frozen) or, while prepared, as it would be sent now',
    tags,
    responses: { 200: { description: 'The text', schema: noticePreview }, ...notFoundDoc('notice') },
    handler: ({ deps, actor, params }) => previewNotice(deps, actor, { id: params.id }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/collections/steps/',
    access: access.staff('staff.read'),
    summary: 'The collections ladder as data: each breach type\'s steps, their days, channels and waiting times. Our addition',
    tags,
    responses: { 200: { description: 'The steps', schema: z.array(collectionStep) } },
    handler: ({ deps, actor }) => listCollectionSteps(deps, actor),
  }),
];
