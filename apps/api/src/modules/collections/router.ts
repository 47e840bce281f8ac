import { assignCollectorRequest, collectionCall, collectionCallRequest, collectionQueueExportQuery, collectionQueueItem, collectionQueueQuery, pageOf, promiseToPay, promiseToPayRequest } from '@lending/contracts';
import { z } from 'zod';
import { badInput, notFoundDoc, refusedDoc } from '../../http/responses.ts';
import { access, defineRoute, Reply, type RouteDef } from '../../http/routes.ts';
import { sendTable } from '../../http/table-export.ts';
import { requireStaff } from '../../domain/actor.ts';
import { addPromiseToPay } from './add-promise-to-pay.ts';
import { assignCollector } from './assign-collector.ts';
import { cancelPromiseToPay } from './cancel-promise-to-pay.ts';
import { exportCollectionQueue } from './export-collection-queue.ts';
import { listCollectionCalls } from './list-collection-calls.ts';
import { listCollectionQueue } from './list-collection-queue.ts';
import { listCollectors } from './list-collectors.ts';
import { listPromisesToPay } from './list-promises-to-pay.ts';
import { logCollectionCall } from './log-collection-call.ts';

const tags = ['collections'];

/** The collections desk (SERVICING.md §6, docs/decisions/0048). Our additions to the spec. */
export const collectionRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/collections/queue/',
    access: access.staff('staff.read'),
    summary: 'The work queue: serviced deals past due or in breach with overdue amount, breaches, last contact, next ladder step, promise, collector; filters bucket, collector (me, none, id), breach, promise, search; ordering priority (broken promises first), days_past_due, overdue_amount, last_contact, deal',
    tags,
    query: collectionQueueQuery,
    responses: { 200: { description: 'Page of the queue', schema: pageOf(collectionQueueItem) }, ...badInput },
    handler: ({ deps, actor, query }) => listCollectionQueue(deps, requireStaff(actor), query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/collections/queue/export/',
    access: access.staff('staff.read'),
    summary: 'The queue as filtered and sorted, as CSV or XLSX (format)',
    tags,
    query: collectionQueueExportQuery,
    responses: { 200: { description: 'CSV or XLSX, as an attachment', contentType: 'application/octet-stream' }, ...badInput },
    handler: ({ deps, actor, query, res }) => sendTable(res, { format: query.format, ...exportCollectionQueue(deps, requireStaff(actor), query) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/collections/collectors/',
    access: access.staff('staff.read'),
    summary: 'The staff deals can be assigned to (active COLLECTIONS and ADMIN users)',
    tags,
    responses: { 200: { description: 'Collectors', schema: z.array(z.object({ id: z.number().int(), name: z.string() })) } },
    handler: ({ deps, actor }) => listCollectors(deps, actor),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/collections/assign/',
    access: access.staff('collections.write'),
    summary: 'Assign deals to a collector (COLLECTIONS or ADMIN), or unassign them (collector null)',
    tags,
    body: assignCollectorRequest,
    responses: { 200: { description: 'How many deals changed', schema: z.object({ updated: z.number().int() }) }, ...badInput },
    handler: ({ deps, actor, body }) => assignCollector(deps, requireStaff(actor), body),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/collection-calls/',
    access: access.staff('staff.read'),
    summary: "The deal's call log, newest first",
    tags,
    responses: { 200: { description: 'Calls', schema: z.array(collectionCall) }, ...notFoundDoc('deal') },
    handler: ({ deps, actor, params }) => listCollectionCalls(deps, actor, { dealId: params.dealId }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:dealId/collection-calls/',
    access: access.staff('collections.write'),
    summary: 'Log a call (outcome, note, next action) with the promise to pay made on it',
    tags,
    body: collectionCallRequest,
    responses: { 201: { description: 'The call', schema: collectionCall }, ...badInput, ...notFoundDoc('deal') },
    handler: async ({ deps, actor, params, body }) => new Reply(201, await logCollectionCall(deps, requireStaff(actor), { dealId: params.dealId, call: body })),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/promises-to-pay/',
    access: access.staff('staff.read'),
    summary: "The deal's promises to pay (OPEN, KEPT, BROKEN, CANCELLED), newest first",
    tags,
    responses: { 200: { description: 'Promises', schema: z.array(promiseToPay) }, ...notFoundDoc('deal') },
    handler: ({ deps, actor, params }) => listPromisesToPay(deps, actor, { dealId: params.dealId }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:dealId/promises-to-pay/',
    access: access.staff('collections.write'),
    summary: 'Record a promise to pay (date, amount) made outside a call',
    tags,
    body: promiseToPayRequest,
    responses: { 201: { description: 'The promise', schema: promiseToPay }, ...badInput, ...notFoundDoc('deal') },
    handler: async ({ deps, actor, params, body }) => new Reply(201, await addPromiseToPay(deps, requireStaff(actor), { dealId: params.dealId, ...body })),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/deals/:dealId/promises-to-pay/:id/cancel/',
    access: access.staff('collections.write'),
    summary: 'Cancel an OPEN promise (entered by mistake)',
    tags,
    responses: { 200: { description: 'The promise', schema: promiseToPay }, ...notFoundDoc('deal or promise'), ...refusedDoc() },
    handler: ({ deps, actor, params }) => cancelPromiseToPay(deps, requireStaff(actor), { dealId: params.dealId, id: params.id }),
  }),
];
