import {
  allocationReportQuery,
  bulkAssignDealsRequest,
  bulkAssignDealsResponse,
  bulkCreatePaymentsRequest,
  bulkCreatePaymentsResponse,
  dealPaymentListQuery,
  dealPaymentsDownloadQuery,
  detailResponse,
  fieldErrorsResponse,
  manualPaymentRequest,
  pageOf,
  payment,
  paymentExportQuery,
  paymentListQuery,
  paymentMessages,
  paymentPatchRequest,
  paymentStatement,
  paymentStatementListQuery,
  paymentStatementUpload,
  paymentUpdateRequest,
  MAX_STATEMENT_BYTES,
} from '@lending/contracts';
import { invalid } from '../../domain/errors.ts';
import { badInput, fourEyesDoc, fourEyesReply, notFoundDoc, refusedDoc } from '../../http/responses.ts';
import { access, defineRoute, Reply, type RouteDef } from '../../http/routes.ts';
import { sendTable } from '../../http/table-export.ts';
import { receiveSingleFile } from '../../http/upload.ts';
import { bulkAssignDeals } from './bulk-assign-deals.ts';
import { bulkCreatePayments } from './bulk-create-payments.ts';
import { downloadDealPayments } from './download-deal-payments.ts';
import { exportPayments } from './export-payments.ts';
import { getPayment } from './get-payment.ts';
import { listDealPayments } from './list-deal-payments.ts';
import { listPayments } from './list-payments.ts';
import { enterManualPayment } from './manual/enter-manual-payment.ts';
import { reportAllocations } from './report-allocations.ts';
import { getStatement } from './statements/get-statement.ts';
import { listStatements } from './statements/list-statements.ts';
import { uploadStatement } from './statements/upload-statement.ts';
import { updatePayment } from './update-payment.ts';

// Payments (backoffice.md §7, docs/decisions/0034, 0047). Every staff role reads; booking, entering
// by hand and re-pairing move money between claims: `payments.book` (ADMIN, ACCOUNTANT).
const tags = ['payments'];
const notFound = notFoundDoc('payment or deal');
const refused = refusedDoc();
const fileAnswer = { description: 'CSV (UTF-8 with BOM, `;`, decimal comma; the default) or XLSX, as an attachment', contentType: 'text/csv' };


export const paymentRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/payments/',
    access: access.staff('staff.read'),
    summary: 'Payments with their allocations, paged (filters category, date_from, date_to, deal, payment_type, direction, search, unpaired; ordering id, date, amount, created_at)',
    tags,
    query: paymentListQuery,
    responses: { 200: { description: 'Page of payments', schema: pageOf(payment) }, ...badInput, ...notFound },
    handler: ({ deps, actor, query }) => listPayments(deps, actor, query),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/payments/',
    access: access.staff('payments.book'),
    summary:
      'Enter one incoming payment by hand (our addition, ADR 0047): cash, a postal order or a transfer missing from the statements. Booked as an imported one ' +
      '(paired by VS, SS, a serviced deal\'s counter-account unless `deal` is given; allocated). Four-eyes (MANUAL_PAYMENT) from the threshold (500 Kč as shipped): 202. ' +
      'The same idempotency_key, or without one the same fields on the same business day, books nothing twice: 200 with the payment booked first',
    tags,
    body: manualPaymentRequest,
    responses: {
      201: { description: 'Booked', schema: payment },
      200: { description: 'Booked before by the same request (its key, or the same fields the same day): that payment', schema: payment },
      ...fourEyesDoc,
      ...badInput,
      ...refusedDoc('The idempotency key belongs to another payment; or the same request waits for approval'),
    },
    handler: async ({ deps, actor, body }) =>
      fourEyesReply(await enterManualPayment(deps, actor, { payment: body }), (result) => new Reply(result.created ? 201 : 200, result.payment)),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/payments/bulk_assign_deals/',
    access: access.staff('payments.book'),
    summary: 'Pair payments to one deal (deal null: back to the unpaired queue); every deal touched is replayed from the earliest date moved, in one transaction',
    tags,
    body: bulkAssignDealsRequest,
    responses: { 200: { description: 'The payments as they are now', schema: bulkAssignDealsResponse }, ...badInput, ...refused },
    handler: async ({ deps, actor, body }) => ({ results: await bulkAssignDeals(deps, actor, { assignment: body }) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/payments/bulk_create_payments/',
    access: access.staff('payments.book'),
    summary: 'Book bank movements: each stored once per bank_reference, paired (VS, SS, known counter-account) and allocated; a retry creates nothing and answers the same payments',
    tags,
    body: bulkCreatePaymentsRequest,
    responses: { 200: { description: 'The payments, in the order of the request', schema: bulkCreatePaymentsResponse }, ...badInput },
    handler: async ({ deps, actor, body }) => ({ results: await bulkCreatePayments(deps, actor, { batch: body }) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/payments/statements/',
    access: access.staff('payments.book'),
    summary:
      'Upload a bank statement (multipart field file: camt.053 XML or GPC, told by content; at most 20 MB). Stored and imported by a job: ' +
      '202 with the statement to poll; the same file again answers 200 with its first import, already_imported, nothing queued',
    tags,
    rawBody: { contentType: 'multipart/form-data', schema: paymentStatementUpload },
    responses: {
      200: { description: 'This file was imported before: its import, already_imported true', schema: paymentStatement },
      202: { description: 'Stored and queued', schema: paymentStatement },
      400: { description: `No file or not a statement: {"file": ["${paymentMessages.statementFile}"]}`, schema: fieldErrorsResponse },
      413: { description: `Larger than 20 MB: {"detail": "${paymentMessages.statementTooLarge}"}`, schema: detailResponse },
    },
    handler: async ({ deps, req, res, actor }) => {
      try {
        // The file goes to the use case as it arrives (stored while it streams in); past 20 MB the stream fails and this answers 413.
        const received = await receiveSingleFile(req, {
          field: 'file',
          maxBytes: MAX_STATEMENT_BYTES,
          tooLargeMessage: paymentMessages.statementTooLarge,
          sink: (file) => uploadStatement(deps, actor, { file: { name: file.originalName, head: file.head, stream: file.stream } }),
        });
        if (!received.file) throw invalid({ file: [paymentMessages.statementFile] });
        const { statement, created } = received.file;
        return new Reply(created ? 202 : 200, statement);
      } catch (error) {
        // Refused before the body was read: close the connection instead of reading what nobody wants.
        if (!req.complete) res.set('Connection', 'close');
        throw error;
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/payments/statements/',
    access: access.staff('staff.read'),
    summary: 'Every statement import (our addition, ADR 0047): file, bank, account, period, figures, state, who and when; newest first (ordering id, created_at), paged',
    tags,
    query: paymentStatementListQuery,
    responses: { 200: { description: 'Page of statement imports', schema: pageOf(paymentStatement) }, ...badInput, ...notFoundDoc('page') },
    handler: ({ deps, actor, query }) => listStatements(deps, actor, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/payments/statements/:id/',
    access: access.staff('staff.read'),
    summary: "A statement import's progress: state (QUEUED, PROCESSING, DONE, FAILED), lines, created, paired, unpaired, duplicates skipped, errors in Czech",
    tags,
    responses: { 200: { description: 'The statement import', schema: paymentStatement }, ...notFound },
    handler: ({ deps, actor, params }) => getStatement(deps, actor, { id: params.id }),
  }),
  // Files (docs/decisions/0035). Literal paths before `/payments/:id/`, which would answer them 404.
  // Every staff role reads, so every role may export, as the deals and persons exports.
  defineRoute({
    method: 'get',
    path: '/api/v1/payments/export/',
    access: access.staff('staff.read'),
    summary: 'The payments of these filters (date_from, date_to, deal, payment_type, unpaired, category, direction, search) as CSV (default) or XLSX, oldest first, streamed',
    tags,
    query: paymentExportQuery,
    responses: { 200: fileAnswer, ...badInput },
    handler: async ({ deps, actor, query: { format, ...filters }, res }) => sendTable(res, { format, ...(await exportPayments(deps, actor, filters)) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/payments/allocation-report/',
    access: access.staff('staff.read'),
    summary: "Allocation rows (filters: the payment's date_from, date_to, deal, claim_type) with the rule that placed each, as CSV (default) or XLSX, streamed",
    tags,
    query: allocationReportQuery,
    responses: { 200: fileAnswer, ...badInput },
    handler: async ({ deps, actor, query: { format, ...filters }, res }) => sendTable(res, { format, ...(await reportAllocations(deps, actor, filters)) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/payments/:id/',
    access: access.staff('staff.read'),
    summary: 'One payment with its allocations',
    tags,
    responses: { 200: { description: 'The payment', schema: payment }, ...notFound },
    handler: ({ deps, actor, params }) => getPayment(deps, actor, { id: params.id }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/payments/:id/',
    access: access.staff('payments.book'),
    summary: 'Update a payment (category, purpose_type, deal, note; left out = cleared); a new deal replays the old and the new deal from its date',
    tags,
    body: paymentUpdateRequest,
    responses: { 200: { description: 'The payment', schema: payment }, ...badInput, ...notFound, ...refused },
    handler: ({ deps, actor, params, body }) => updatePayment(deps, actor, { id: params.id, partial: false, changes: body }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/payments/:id/',
    access: access.staff('payments.book'),
    summary: 'Change some fields of a payment (category, purpose_type, deal, note, and the symbols: ADR 0047, not paired again by them); a new deal replays the old and the new deal from its date',
    tags,
    body: paymentPatchRequest,
    responses: { 200: { description: 'The payment', schema: payment }, ...badInput, ...notFound, ...refused },
    handler: ({ deps, actor, params, body }) => updatePayment(deps, actor, { id: params.id, partial: true, changes: body }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/payments/',
    access: access.staff('staff.read'),
    summary: "The deal's payments with their allocations, paged (the payment filters)",
    tags,
    query: dealPaymentListQuery,
    responses: { 200: { description: 'Page of payments', schema: pageOf(payment) }, ...badInput, ...notFound },
    handler: ({ deps, actor, params, query }) => listDealPayments(deps, actor, { ...query, dealId: params.dealId }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/deals/:dealId/payments/download/',
    access: access.staff('staff.read'),
    summary: "The deal's payments with their allocations, one row per allocation (filters date_from, date_to, payment_type, category, direction), as CSV (default) or XLSX",
    tags,
    query: dealPaymentsDownloadQuery,
    responses: { 200: fileAnswer, ...badInput, ...notFound },
    handler: async ({ deps, actor, params, query: { format, ...filters }, res }) => sendTable(res, { format, ...(await downloadDealPayments(deps, actor, { ...filters, dealId: params.dealId })) }),
  }),
];
