import type { CollectionCallRequest, NoticeGroupUpdateRequest } from '@lending/contracts';
import { api, useApi } from '../../shared/api';
import { ALL_ROWS } from './parts-api';

// The deal's collections (docs/decisions/0048): its notice groups with their notices, the call
// log and the promises to pay. Reads here; every write refetches the deal (useRevalidateDeal).

export function useNoticeGroups(dealId: number) {
  return useApi('/api/v1/deals/{dealId}/notice-groups/', { params: { dealId }, query: { ...ALL_ROWS, ordering: '-id' } });
}

/** The notice's text as it was or would be sent; only while its dialog is open (`id` null: nothing). */
export function useNoticePreview(id: number | null) {
  return useApi('/api/v1/notices/{id}/preview/', { params: { id } });
}

export function useCollectionCalls(dealId: number) {
  return useApi('/api/v1/deals/{dealId}/collection-calls/', { params: { dealId } });
}

export function usePromisesToPay(dealId: number) {
  return useApi('/api/v1/deals/{dealId}/promises-to-pay/', { params: { dealId } });
}

export function updateNoticeGroup(dealId: number, id: number, body: NoticeGroupUpdateRequest) {
  return api.put('/api/v1/deals/{dealId}/notice-groups/{id}/', body, { params: { dealId, id } });
}

/** Sends the group's prepared notices now: the group (200), or an approval request (202, four-eyes). */
export function sendNotices(dealId: number, id: number) {
  return api.post('/api/v1/deals/{dealId}/notice-groups/{id}/send_notices/', {}, { params: { dealId, id } });
}

export function recordCall(dealId: number, body: CollectionCallRequest) {
  return api.post('/api/v1/deals/{dealId}/collection-calls/', body, { params: { dealId } });
}

export function cancelPromise(dealId: number, id: number) {
  return api.post('/api/v1/deals/{dealId}/promises-to-pay/{id}/cancel/', undefined, { params: { dealId, id } });
}

export const noticePdfPath = (id: number) => `/api/v1/notices/${id}/pdf/`;
