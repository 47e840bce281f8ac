import { Readable } from 'node:stream';
import {
  detailResponse,
  fieldErrorsResponse,
  PaymentPurposeType,
  paymentOrderBatch,
  paymentOrderQuery,
  paymentOrderRequest,
  purpose,
  purposeDrawing,
  purposeDrawingPatchRequest,
  purposeDrawingRequest,
  PURPOSE_ORDERING_FIELDS,
  purposePatchRequest,
  purposeRequest,
  z,
} from '@lending/contracts';
import type { Response } from 'express';
import { staffOf, type Principal } from '../../http/auth.ts';
import { sendFile } from '../../http/file-response.ts';
import { orderingQuery, pageQuery, pageSchema, requestUrl } from '../../http/pagination.ts';
import { access, defineRoute, Reply, type RequestMeta, type RouteDef } from '../../http/routes.ts';
import { createDrawing } from './create-drawing.ts';
import { createPurpose } from './create-purpose.ts';
import { deleteDrawing } from './delete-drawing.ts';
import { deletePurpose } from './delete-purpose.ts';
import { exportPaymentOrders } from './export-payment-orders.ts';
import { getDrawing } from './get-drawing.ts';
import { getPaymentOrderFile } from './get-payment-order-file.ts';
import { getPurpose } from './get-purpose.ts';
import { listPaymentOrders } from './list-payment-orders.ts';
import { listPurposes } from './list-purposes.ts';
import type { Actor } from './purpose-view.ts';
import { updateDrawing } from './update-drawing.ts';
import { updatePurpose } from './update-purpose.ts';

const tags = ['deals'];
const BASE = '/api/v1/deals';

// Path ids: a positive 32-bit integer, anything else answers 404.
const pathId = z.coerce.number().int().positive().max(2_147_483_647);
const dealParams = z.object({ dealId: pathId });
const itemParams = z.object({ dealId: pathId, id: pathId });
const idParams = z.object({ id: pathId });

const purposeListQuery = pageQuery.extend({
  type: PaymentPurposeType.schema.optional(),
  ordering: orderingQuery(PURPOSE_ORDERING_FIELDS, 'id'),
});

const badInput = { 400: { description: 'Invalid input: Czech messages by field', schema: fieldErrorsResponse } };
const notFound = { 404: { description: 'No such deal, purpose or drawing', schema: detailResponse } };
const refused = { 409: { description: 'Refused by a business rule (Czech reason)', schema: detailResponse } };
const file = { description: 'The payment-order file as an attachment: ABO (text/plain; charset=windows-1250, .kpc) or pain.001 XML (application/xml)', contentType: 'application/octet-stream' };

const actorOf = (principal: Principal, meta: RequestMeta): Actor => ({ staffId: staffOf(principal).id, meta });

async function sendPaymentOrder(res: Response, f: { content: Buffer; fileName: string; mimeType: string }, batchId: number): Promise<undefined> {
  res.set('X-Payment-Order-Id', String(batchId));
  await sendFile(res, { stream: Readable.from([f.content]), size: f.content.length, mimeType: f.mimeType, fileName: f.fileName });
  return undefined;
}

/** A deal's purposes, their drawings and the payment-order files (docs/decisions/0027). */
export const purposeRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: `${BASE}/:dealId/purposes/`,
    access: access.staff(),
    summary: 'Purposes of the deal with their drawings, paged (filter type; ordering id, type, amount, created_at)',
    tags,
    params: dealParams,
    query: purposeListQuery,
    responses: { 200: { description: 'Page of purposes', schema: pageSchema(purpose) }, ...badInput, ...notFound },
    handler: ({ deps, params, query, req }) => listPurposes(deps, params.dealId, query, requestUrl(req)),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/:dealId/purposes/`,
    access: access.staff(),
    summary: 'Create a purpose: payment purpose type, amount, recipient (Czech account or IBAN, checked), symbols, message',
    tags,
    params: dealParams,
    body: purposeRequest,
    responses: { 201: { description: 'The purpose', schema: purpose }, ...badInput, ...notFound },
    handler: async ({ deps, params, body, principal, meta }) => new Reply(201, await createPurpose(deps, actorOf(principal, meta), params.dealId, body)),
  }),
  // payments/ before :id/, which would take "payments" for an id.
  defineRoute({
    method: 'get',
    path: `${BASE}/:dealId/purposes/payments/`,
    access: access.staff(),
    summary: 'Payment-order files made for the deal (batches: drawings, day, author), newest first, paged. Our addition (ADR 0027)',
    tags,
    params: dealParams,
    query: pageQuery,
    responses: { 200: { description: 'Page of payment-order batches', schema: pageSchema(paymentOrderBatch) }, ...badInput, ...notFound },
    handler: ({ deps, params, query, req }) => listPaymentOrders(deps, params.dealId, query, requestUrl(req)),
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/:dealId/purposes/payments/`,
    access: access.staff(),
    summary:
      'The chosen drawings (body: a list of drawing ids) as a payment-order file for the bank: format=abo (ABO/KPC, windows-1250) or pain001 (ISO 20022 pain.001.001.03); execution_date defaults to today. Each drawing is ordered once; the batch is recorded (header X-Payment-Order-Id). Layout: ADR 0027',
    tags,
    params: dealParams,
    query: paymentOrderQuery,
    body: paymentOrderRequest,
    responses: { 200: file, ...badInput, ...notFound, ...refused },
    handler: async ({ deps, params, query, body, principal, meta, res }) => {
      const made = await exportPaymentOrders(deps, actorOf(principal, meta), params.dealId, body, { format: query.format, executionDate: query.execution_date });
      return sendPaymentOrder(res, made, made.batch.id);
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:dealId/purposes/payments/:id/`,
    access: access.staff(),
    summary: 'A recorded payment-order file again, byte for byte. Our addition (ADR 0027)',
    tags,
    params: itemParams,
    responses: { 200: file, ...notFound },
    handler: async ({ deps, params, res }) => sendPaymentOrder(res, await getPaymentOrderFile(deps, params.dealId, params.id), params.id),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:dealId/purposes/:id/`,
    access: access.staff(),
    summary: 'A purpose with its drawings',
    tags,
    params: itemParams,
    responses: { 200: { description: 'The purpose', schema: purpose }, ...notFound },
    handler: ({ deps, params }) => getPurpose(deps, params.dealId, params.id),
  }),
  defineRoute({
    method: 'put',
    path: `${BASE}/:dealId/purposes/:id/`,
    access: access.staff(),
    summary: 'Replace a purpose (fields left out are cleared); the amount cannot drop below what is drawn',
    tags,
    params: itemParams,
    body: purposeRequest,
    responses: { 200: { description: 'The purpose', schema: purpose }, ...badInput, ...notFound },
    handler: ({ deps, params, body, principal, meta }) => updatePurpose(deps, actorOf(principal, meta), params.dealId, params.id, body, { partial: false }),
  }),
  defineRoute({
    method: 'patch',
    path: `${BASE}/:dealId/purposes/:id/`,
    access: access.staff(),
    summary: 'Change fields of a purpose; the amount cannot drop below what is drawn',
    tags,
    params: itemParams,
    body: purposePatchRequest,
    responses: { 200: { description: 'The purpose', schema: purpose }, ...badInput, ...notFound },
    handler: ({ deps, params, body, principal, meta }) => updatePurpose(deps, actorOf(principal, meta), params.dealId, params.id, body, { partial: true }),
  }),
  defineRoute({
    method: 'delete',
    path: `${BASE}/:dealId/purposes/:id/`,
    access: access.staff(),
    summary: 'Delete a purpose that has no drawings',
    tags,
    params: itemParams,
    responses: { 204: { description: 'Deleted' }, ...notFound, ...refused },
    handler: async ({ deps, params, principal, meta }) => {
      await deletePurpose(deps, actorOf(principal, meta), params.dealId, params.id);
      return new Reply(204);
    },
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/:dealId/purposes/:id/drawings/`,
    access: access.staff(),
    summary: 'Create a drawing (payout) of the purpose, at most what the purpose has left. Our addition (ADR 0027)',
    tags,
    params: itemParams,
    body: purposeDrawingRequest,
    responses: { 201: { description: 'The drawing', schema: purposeDrawing }, ...badInput, ...notFound },
    handler: async ({ deps, params, body, principal, meta }) => new Reply(201, await createDrawing(deps, actorOf(principal, meta), params.dealId, params.id, body)),
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/purpose/purpose-drawing/:id/`,
    access: access.staff(),
    summary: 'A purpose drawing',
    tags,
    params: idParams,
    responses: { 200: { description: 'The drawing', schema: purposeDrawing }, ...notFound },
    handler: ({ deps, params }) => getDrawing(deps, params.id),
  }),
  defineRoute({
    method: 'patch',
    path: `${BASE}/purpose/purpose-drawing/:id/`,
    access: access.staff(),
    summary: 'Change a drawing: amount (within the purpose), day, note; an exported or paid drawing only its note',
    tags,
    params: idParams,
    body: purposeDrawingPatchRequest,
    responses: { 200: { description: 'The drawing', schema: purposeDrawing }, ...badInput, ...notFound, ...refused },
    handler: ({ deps, params, body, principal, meta }) => updateDrawing(deps, actorOf(principal, meta), params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: `${BASE}/purpose/purpose-drawing/:id/`,
    access: access.staff(),
    summary: 'Delete a drawing not yet exported in a payment order nor paid',
    tags,
    params: idParams,
    responses: { 204: { description: 'Deleted' }, ...notFound, ...refused },
    handler: async ({ deps, params, principal, meta }) => {
      await deleteDrawing(deps, actorOf(principal, meta), params.id);
      return new Reply(204);
    },
  }),
];
