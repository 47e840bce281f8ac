import { z } from './zod-config.ts';
import { approvalRequestView } from './approvals.ts';
import { list } from './endpoint-spec.ts';
import {
  assignCollectorRequest,
  collectionCall,
  collectionCallRequest,
  collectionQueueItem,
  collectionStep,
  noticeGroup,
  noticeGroupUpdateRequest,
  noticePreview,
  notificationPreview,
  notificationView,
  notifyResult,
  promiseToPay,
  promiseToPayRequest,
  sendNoticesRequest,
} from './collections.ts';

/** Collections: notices, notifications and the desk (docs/decisions/0048, see endpoints.ts). */
export const collectionsEndpoints = {
  'GET /api/v1/deals/{dealId}/notice-groups/': list(noticeGroup),
  'PUT /api/v1/deals/{dealId}/notice-groups/{id}/': { body: noticeGroupUpdateRequest, response: noticeGroup },
  'POST /api/v1/deals/{dealId}/notice-groups/{id}/send_notices/': { body: sendNoticesRequest, response: noticeGroup, accepted: approvalRequestView },
  'GET /api/v1/notices/{id}/pdf/': { file: true as const },
  'GET /api/v1/notices/{id}/preview/': { response: noticePreview },
  'GET /api/v1/notifications/': list(notificationView),
  'GET /api/v1/notifications/notify/': { response: notifyResult },
  'POST /api/v1/notifications/notify/': { response: notifyResult },
  'GET /api/v1/notifications/preview/': { response: notificationPreview },
  'GET /api/v1/collections/steps/': { response: z.array(collectionStep) },
  'GET /api/v1/collections/queue/': list(collectionQueueItem),
  'GET /api/v1/collections/queue/export/': { file: true as const },
  'GET /api/v1/collections/collectors/': { response: z.array(z.object({ id: z.number().int(), name: z.string() })) },
  'POST /api/v1/collections/assign/': { body: assignCollectorRequest, response: z.object({ updated: z.number().int() }) },
  'GET /api/v1/deals/{dealId}/collection-calls/': { response: z.array(collectionCall) },
  'POST /api/v1/deals/{dealId}/collection-calls/': { body: collectionCallRequest, response: collectionCall },
  'GET /api/v1/deals/{dealId}/promises-to-pay/': { response: z.array(promiseToPay) },
  'POST /api/v1/deals/{dealId}/promises-to-pay/': { body: promiseToPayRequest, response: promiseToPay },
  'POST /api/v1/deals/{dealId}/promises-to-pay/{id}/cancel/': { response: promiseToPay },
};
