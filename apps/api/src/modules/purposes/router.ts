import { Readable } from 'node:stream';
import {
  pageOf,
  pageQuery,
  paymentOrderBatch,
  paymentOrderQuery,
  paymentOrderRequest,
  purpose,
  purposeDrawing,
  purposeDrawingPatchRequest,
  purposeDrawingRequest,
  purposeListQuery,
  purposePatchRequest,
  purposeRequest,
} from '@lending/contracts';
import type { Response } from 'express';
import { sendFile } from '../../http/file-response.ts';
import { badInput, fourEyesDoc, fourEyesReply, notFoundDoc, refusedDoc } from '../../http/responses.ts';
import { requestOrExecute } from '../approvals/four-eyes.ts';
import { paymentOrder } from './four-eyes-actions.ts';
import { access, defineRoute, Reply, type RouteDef } from '../../http/routes.ts';
import { createDrawing } from './create-drawing.ts';
import { createPurpose } from './create-purpose.ts';
import { deleteDrawing } from './delete-drawing.ts';
import { deletePurpose } from './delete-purpose.ts';
import type { PaymentOrderFile } from './export-payment-orders.ts';
import { getDrawing } from './get-drawing.ts';
import { getPaymentOrderFile } from './get-payment-order-file.ts';
import { getPurpose } from './get-purpose.ts';
import { listPaymentOrders } from './list-payment-orders.ts';
import { listPurposes } from './list-purposes.ts';
import { updateDrawing } from './update-drawing.ts';
import { updatePurpose } from './update-purpose.ts';

const tags = ['deals'];
const notFound = notFoundDoc('deal, purpose or drawing');
const file = { description: 'The payment-order file as an attachment: ABO (text/plain; charset=windows-1250, .kpc) or pain.001 XML (application/xml)', contentType: 'application/octet-stream' };

async function sendPaymentOrder(res: Response, f: PaymentOrderFile): Promise<undefined> {
  res.set('X-Payment-Order-Id', String(f.batchId));
  await sendFile(res, { stream: Readable.from([f.content]), size: f.content.length, mimeType: f.mimeType, fileName: f.fileName });
  return undefined;
}

/** A deal's purposes, their drawings and the payment-order files (docs/decisions/0027). */
export const purposeRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/purposes/',
    access: access.staff('staff.read'),
    summary: 'Purposes of the deal with their drawings, paged (filter type; ordering id, type, amount, created_at)',
    tags,
    query: purposeListQuery,
    responses: { 200: { description: 'Page of purposes', schema: pageOf(purpose) }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, query }) => listPurposes(deps, actor, { ...query, dealId: params.dealId }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:dealId/purposes/',
    access: access.staff('deals.originate'),
    summary: 'Create a purpose: payment purpose type, amount, recipient (Czech account or IBAN, checked), symbols, message',
    tags,
    body: purposeRequest,
    responses: { 201: { description: 'The purpose', schema: purpose }, ...badInput, ...notFound },
    handler: async ({ deps, actor, params, body }) => new Reply(201, await createPurpose(deps, actor, { dealId: params.dealId, purpose: body })),
  }),
  // payments/ before :id/, which would take "payments" for an id.
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/purposes/payments/',
    access: access.staff('staff.read'),
    summary: 'Payment-order files made for the deal (batches: drawings, day, author), newest first, paged. Our addition (ADR 0027)',
    tags,
    query: pageQuery,
    responses: { 200: { description: 'Page of payment-order batches', schema: pageOf(paymentOrderBatch) }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, query }) => listPaymentOrders(deps, actor, { ...query, dealId: params.dealId }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:dealId/purposes/payments/',
    access: access.staff('payouts.order'),
    summary:
      'The chosen drawings (body: a list of drawing ids) as a payment-order file for the bank: format=abo (ABO/KPC, windows-1250) or pain001 (ISO 20022 pain.001.001.03); execution_date defaults to today. Each drawing is ordered once; the batch is recorded (header X-Payment-Order-Id). Layout: ADR 0027',
    tags,
    query: paymentOrderQuery,
    body: paymentOrderRequest,
    responses: { 200: file, ...fourEyesDoc, ...badInput, ...notFound, ...refusedDoc() },
    handler: async ({ deps, actor, params, query, body, res }) =>
      fourEyesReply(await requestOrExecute(deps, actor, paymentOrder, { ...query, dealId: params.dealId, drawingIds: body }), (file) => sendPaymentOrder(res, file)),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/purposes/payments/:id/',
    access: access.staff('staff.read'),
    summary: 'A recorded payment-order file again, byte for byte. Our addition (ADR 0027)',
    tags,
    responses: { 200: file, ...notFound },
    handler: async ({ deps, actor, params, res }) => sendPaymentOrder(res, await getPaymentOrderFile(deps, actor, { dealId: params.dealId, id: params.id })),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/purposes/:id/',
    access: access.staff('staff.read'),
    summary: 'A purpose with its drawings',
    tags,
    responses: { 200: { description: 'The purpose', schema: purpose }, ...notFound },
    handler: ({ deps, actor, params }) => getPurpose(deps, actor, { dealId: params.dealId, id: params.id }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/deals/:dealId/purposes/:id/',
    access: access.staff('deals.originate'),
    summary: 'Replace a purpose (fields left out are cleared); the amount cannot drop below what is drawn',
    tags,
    body: purposeRequest,
    responses: { 200: { description: 'The purpose', schema: purpose }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, body }) => updatePurpose(deps, actor, { dealId: params.dealId, id: params.id, partial: false, changes: body }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/deals/:dealId/purposes/:id/',
    access: access.staff('deals.originate'),
    summary: 'Change fields of a purpose; the amount cannot drop below what is drawn',
    tags,
    body: purposePatchRequest,
    responses: { 200: { description: 'The purpose', schema: purpose }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, body }) => updatePurpose(deps, actor, { dealId: params.dealId, id: params.id, partial: true, changes: body }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/deals/:dealId/purposes/:id/',
    access: access.staff('deals.originate'),
    summary: 'Delete a purpose that has no drawings',
    tags,
    responses: { 204: { description: 'Deleted' }, ...notFound, ...refusedDoc() },
    handler: async ({ deps, actor, params }) => {
      await deletePurpose(deps, actor, { dealId: params.dealId, id: params.id });
      return new Reply(204);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:dealId/purposes/:id/drawings/',
    access: access.staff('deals.originate'),
    summary: 'Create a drawing (payout) of the purpose, at most what the purpose has left. Our addition (ADR 0027)',
    tags,
    body: purposeDrawingRequest,
    responses: { 201: { description: 'The drawing', schema: purposeDrawing }, ...badInput, ...notFound },
    handler: async ({ deps, actor, params, body }) => new Reply(201, await createDrawing(deps, actor, { dealId: params.dealId, purposeId: params.id, drawing: body })),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/purpose/purpose-drawing/:id/',
    access: access.staff('staff.read'),
    summary: 'A purpose drawing',
    tags,
    responses: { 200: { description: 'The drawing', schema: purposeDrawing }, ...notFound },
    handler: ({ deps, actor, params }) => getDrawing(deps, actor, { id: params.id }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/deals/purpose/purpose-drawing/:id/',
    access: access.staff('drawings.write'),
    summary: 'Change a drawing: amount (within the purpose), day, note; an exported or paid drawing only its note',
    tags,
    body: purposeDrawingPatchRequest,
    responses: { 200: { description: 'The drawing', schema: purposeDrawing }, ...badInput, ...notFound, ...refusedDoc() },
    handler: ({ deps, actor, params, body }) => updateDrawing(deps, actor, { id: params.id, changes: body }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/deals/purpose/purpose-drawing/:id/',
    access: access.staff('deals.originate'),
    summary: 'Delete a drawing not yet exported in a payment order nor paid',
    tags,
    responses: { 204: { description: 'Deleted' }, ...notFound, ...refusedDoc() },
    handler: async ({ deps, actor, params }) => {
      await deleteDrawing(deps, actor, { id: params.id });
      return new Reply(204);
    },
  }),
];
